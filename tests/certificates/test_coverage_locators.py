"""Every locator of :mod:`certificates.coverage.locators_data` resolves to exactly one numeral of
the papers in ``../shared/papers``, its claim exists, and the text prints the built-in number."""

from __future__ import annotations

import ast
import math
from functools import lru_cache
from pathlib import Path

import pytest

from certificates.claims import claim_parameters, setting_parameters
from certificates.coverage.locators import by_line, resolve
from certificates.coverage.locators_data import LOCATORS
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


IDS = [f"{x.certificate}:{x.claim}@{x.describe()}" for x in ALL]


@pytest.mark.parametrize("loc", ALL, ids=IDS)
def test_locator_resolves_to_its_printed_number(loc):
    paper, lines = _paper(loc.pack)
    got = resolve(loc, paper, lines).numeral
    assert got.digits == loc.printed or loc.printed in got.text, got.text


@pytest.mark.slow  # loads the three packs (seconds of CPU)
@pytest.mark.parametrize("loc", ALL, ids=IDS)
def test_locator_resolves_to_the_builtin_number(loc):
    paper, lines = _paper(loc.pack)
    got = resolve(loc, paper, lines).numeral
    cert = _certs(loc.pack)[loc.certificate]
    params = setting_parameters(cert) if loc.setting else claim_parameters(cert)
    builtin = _number(_builtin(params, loc.claim))
    assert got.value is not None and math.isclose(got.value, builtin, rel_tol=1e-12), (got.text, builtin)


def test_each_place_is_located_once():
    places = [(x.pack, x.section, x.anchor, x.table, x.row, x.column, x.printed) for x in ALL]
    assert len(places) == len(set(places))
    for pack in LOCATORS:
        paper, lines = _paper(pack)
        hits = [(r.numeral.line, r.numeral.start) for r in (resolve(x, paper, lines) for x in LOCATORS[pack])]
        assert len(hits) == len(set(hits)), pack
