"""Every locator of :mod:`certificates.coverage.locators_data` resolves to exactly one numeral of
the papers in ``../shared/papers``, its claim exists, and the text prints the built-in number."""

from __future__ import annotations

import ast
import math
from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest

from certificates.claims import claim_parameters, setting_parameters
from certificates.coverage.locators import by_line, resolve, resolve_column
from certificates.coverage.locators_data import LOCATORS, NOT_CHECKABLE
from certificates.coverage.numerals import tokenize
from certificates.coverage.report import recognise
from certificates.coverage.text import parse
from psa_io.papertext import read_paper

PAPERS = Path(__file__).resolve().parents[2].parent / "shared" / "papers"
pytestmark = pytest.mark.skipif(not PAPERS.is_dir(), reason=f"the papers are not at {PAPERS} (../shared/papers)")


@lru_cache(maxsize=None)
def _paper(pack: str):
    for f in sorted(PAPERS.glob("*.txt")):
        text = read_paper(str(f)).text
        if recognise(text) == pack:
            p = parse(text)
            return p, by_line(tokenize(p.lines, in_math=p.in_math))
    raise AssertionError(f"no paper of pack {pack} in {PAPERS}")


@lru_cache(maxsize=None)
def _resolved(pack: str) -> tuple:
    """(locator, its Resolved or the LookupError it raised) for every locator of ``pack``, in order:
    resolved once per session for the tests below that read the same places."""
    paper, lines = _paper(pack)
    out = []
    for loc in LOCATORS[pack]:
        try:
            out.append((loc, resolve(loc, paper, lines)))
        except LookupError as exc:
            out.append((loc, exc))
    return tuple(out)


@lru_cache(maxsize=None)
def _certs(pack: str):
    from certificates.commands._common import load_pack

    return {c.id: c for c in load_pack(pack)}


def _builtin(params: dict, claim: str):
    """The value at ``claim`` ("points[(64, 10)][0]") in a certificate's parameters."""
    name, _, rest = claim.partition("[")
    value = params[name]
    path = "[" + rest if rest else ""
    while path:
        depth, end = 0, 0
        for end, ch in enumerate(path):
            depth += ch == "["
            depth -= ch == "]"
            if depth == 0:
                break
        value = value[ast.literal_eval(path[1:end])]
        path = path[end + 1 :]
    return value


def _number(v) -> float:
    return float(str(v).replace(",", "").rstrip("%"))


ALL = [loc for locs in LOCATORS.values() for loc in locs]
PACKS = sorted(p for p in LOCATORS if LOCATORS[p] or NOT_CHECKABLE.get(p))


# One test per pack over all its locators (thousands of them: one test each would cost more in
# collection than in checking); a failure lists every locator that does not hold.


@pytest.mark.parametrize("pack", PACKS)
def test_every_locator_resolves_to_its_printed_number(pack):
    bad = []
    for loc, res in _resolved(pack):
        if isinstance(res, LookupError):
            bad.append(str(res))
            continue
        got = res.numeral
        if not (got.digits == loc.printed or loc.printed in got.text):
            bad.append(f"{loc.certificate}:{loc.claim} at {loc.describe()}: the text prints {got.text}")
    assert bad == [], "\n".join(bad[:40]) + f"\n({len(bad)} in all)"


@pytest.mark.slow  # loads the three packs (seconds of CPU)
@pytest.mark.parametrize("pack", PACKS)
def test_every_locator_reads_the_builtin_number(pack):
    certs = _certs(pack)
    bad = []
    for loc, res in _resolved(pack):
        if isinstance(res, LookupError):
            raise res
        got = res.numeral
        cert = certs.get(loc.certificate)
        if cert is None:
            bad.append(f"{loc.certificate}: no such certificate in pack {pack}")
            continue
        params = setting_parameters(cert) if loc.setting else claim_parameters(cert)
        try:
            builtin = _number(_builtin(params, loc.claim))
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            bad.append(f"{loc.certificate}: {'setting' if loc.setting else 'claim'} {loc.claim}: {exc!r}")
            continue
        if not (got.value is not None and math.isclose(got.value, builtin, rel_tol=1e-12)):
            bad.append(f"{loc.certificate}:{loc.claim} at {loc.describe()}: text {got.text}, built-in {builtin}")
    assert bad == [], "\n".join(bad[:40]) + f"\n({len(bad)} in all)"


def test_each_place_is_located_once():
    places = [(x.pack, x.section, x.anchor, x.table, x.row, x.column, x.printed, x.nth) for x in ALL]
    assert len(places) == len(set(places))
    for pack in LOCATORS:
        if not LOCATORS[pack]:
            continue
        hits = []
        for _loc, res in _resolved(pack):
            if isinstance(res, LookupError):
                raise res
            hits.append((res.numeral.line, res.numeral.start))
        dup = {h for h, n in Counter(hits).items() if n > 1}
        assert not dup, (pack, sorted(dup)[:20])


@pytest.mark.parametrize("pack", PACKS)
def test_every_not_checkable_declaration_resolves_and_gives_a_reason(pack):
    paper, lines = _paper(pack)
    bad = []
    for decl in NOT_CHECKABLE.get(pack, ()):
        if len(decl.reason.strip()) < 20:
            bad.append(f"{decl.describe()}: reason too short: {decl.reason!r}")
        try:
            if not resolve_column(decl, paper, lines):
                bad.append(f"{decl.describe()}: declares no numeral")
        except LookupError as exc:
            bad.append(str(exc))
    assert bad == [], "\n".join(bad[:40]) + f"\n({len(bad)} in all)"


def test_a_line_of_numbers_only_is_read_where_it_differs_least():
    """Issue 27: a table line of numbers only reads like its neighbours once its located numbers are
    wildcarded; with one number changed, every number of the line is still read in its own place
    (the place that differs from the anchor in the fewest numbers), and a wildcard never starts
    inside a number (``0.47`` is not also read as ``47``)."""
    from certificates.coverage.locators import Locator, by_line, resolve_all
    from certificates.coverage.numerals import tokenize
    from certificates.coverage.text import parse

    rows = (("0.10", "0.393", "0.005"), ("0.20", "0.428", "0.004"), ("0.30", "0.472", "0.008"))

    def text(rows) -> str:
        return "# 1 Numbers\n\n" + "".join("\t".join(f"${v}$" for v in r) + "\n" for r in rows)

    anchors = ["\t".join(f"${v}$" for v in r) for r in rows]
    locs = [
        Locator("psa", "x", f"t[{i}][{j}]", v, section="1", anchor=anchors[i])
        for i, r in enumerate(rows)
        for j, v in enumerate(r)
    ]
    for i, j, new in ((1, 0, "0.27"), (1, 1, "0.427"), (2, 2, "0.007"), (0, 1, "0.397")):
        changed = [tuple(new if (a, b) == (i, j) else v for b, v in enumerate(r)) for a, r in enumerate(rows)]
        paper = parse(text(changed))
        done, errors = resolve_all(locs, paper, by_line(tokenize(paper.lines, in_math=paper.in_math)), loose=True)
        assert not errors, errors
        got = {r.locator.claim: (r.numeral.text, r.numeral.line) for r in done}
        for a, r in enumerate(changed):
            for b, v in enumerate(r):
                assert got[f"t[{a}][{b}]"][0] == v
        assert len({got[f"t[{a}][0]"][1] for a in range(3)}) == 3
