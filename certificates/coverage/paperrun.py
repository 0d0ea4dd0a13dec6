"""``psa-cert run --paper PAPER``: the located numbers read from a paper's text (issue 27, item 3).

Every claim and setting that has a locator (:mod:`.locators_data`) is read from the given text in
place of the built-in default: where the text prints the built-in number (same value, same printed
precision) nothing changes; where it prints something else, the check is called with the text's
number (a claim override, or a setting the check takes as a keyword) and the row says so, with the
line.  A locator that does not resolve in the text makes its certificate an ERROR naming the claim
and the anchor: never a silent fallback to the built-in number.

The overrides travel with the certificate: its ``check`` is replaced by a wrapper whose signature
carries the text's numbers as its defaults, so the worker processes (forked with the certificates)
call it with them, ``psa-cert show``-style printing shows them, and the memo's key (made of the
claims and settings as passed, :func:`certificates.memo.key_document`) changes with them.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import inspect
import math
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any, Callable, Optional

from psa_io.papertext import PaperText, PaperTextError, read_paper

from ..claims import claim_parameters, setting_parameters
from .locators import Locator, by_line, resolve_all
from .locators_data import LOCATORS
from .numerals import Numeral, tokenize
from .report import recognise
from .text import parse


@dataclass
class PaperPlan:
    """What ``run --paper`` does to each certificate (keys: ``(pack, id)``)."""

    papers: list[dict[str, str]] = field(default_factory=list)  #: ``meta.papers``
    claims: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)  #: overridden claims
    settings: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)  #: overridden settings
    drift: dict[tuple[str, str], list[dict[str, Any]]] = field(default_factory=dict)  #: ``paper_drift``
    notes: dict[tuple[str, str], list[str]] = field(default_factory=dict)  #: said on the row
    errors: dict[tuple[str, str], list[str]] = field(default_factory=dict)  #: the certificate is an ERROR


def read_papers(paths: list[str]) -> list[tuple[PaperText, str]]:
    """Each text and its pack; :class:`PaperTextError` (one line) for a text that cannot be read, is
    of no known paper, or is a second text of a paper already given."""
    out: list[tuple[PaperText, str]] = []
    for path in paths:
        pt = read_paper(path)
        pack = recognise(pt.text)
        if pack is None:
            raise PaperTextError(f"paper {path!r}: not recognised as one of the papers (its title is not found)")
        if any(p == pack for _, p in out):
            raise PaperTextError(f"paper {path!r}: a second text of the {pack} paper (give one text per paper)")
        out.append((pt, pack))
    return out


def _path(claim: str) -> tuple[str, list[Any]]:
    """``"points[(64, 10)][0]"`` -> ``("points", [(64, 10), 0])``."""
    node = ast.parse(claim, mode="eval").body
    keys: list[Any] = []
    while isinstance(node, ast.Subscript):
        keys.append(ast.literal_eval(node.slice))
        node = node.value
    if not isinstance(node, ast.Name):
        raise ValueError(f"not a claim path: {claim!r}")
    return node.id, keys[::-1]


def _get(value: Any, keys: list[Any]) -> Any:
    for k in keys:
        value = value[k]
    return value


def _put(value: Any, keys: list[Any], new: Any) -> Any:
    """A copy of ``value`` with the element at ``keys`` replaced (tuples, lists and dicts rebuilt)."""
    if not keys:
        return new
    k, rest = keys[0], keys[1:]
    if isinstance(value, dict):
        return {**value, k: _put(value[k], rest, new)}
    items = list(value)
    items[k] = _put(items[k], rest, new)
    return type(value)(items) if isinstance(value, tuple) else items


def canonical(n: Numeral) -> str:
    """The numeral as a plain number string, printed precision and sign kept: ``2{,}000`` ->
    ``2000``, ``+0.000791`` -> ``+0.000791``, ``9{\\times}10^{-4}`` -> ``9e-4``, ``10^{-7}`` -> ``1e-7``;
    no percent sign.  A built-in claim equal in value to a bare power of ten (``"10e-8"``) is the same
    number: a power of ten prints no precision to compare."""
    assert n.value is not None
    sign = "-" if math.copysign(1.0, n.value) < 0 else ("+" if n.signed else "")
    digits = n.digits
    if _bare_power(n):  # 10^{-7} -> 1e-7 (a power of ten has no printed precision)
        return f"{sign}1e{round(math.log10(abs(n.value)))}"
    if n.scientific:
        mant = float(digits) if digits else 1.0
        exp = round(math.log10(abs(n.value) / mant)) if n.value else 0
        return f"{sign}{digits}e{exp}"
    return sign + digits


def _bare_power(n: Numeral) -> bool:
    """``10^{-7}``: a power of ten with no mantissa."""
    body = n.text.lstrip("".join(("-", "+", "−", "{", "}"))).lstrip()
    return n.scientific and n.value is not None and n.value != 0 and body.startswith("10^")


def _same_string(builtin: str, text: str) -> bool:
    try:
        a, b = Decimal(builtin.strip().rstrip("%").replace(",", "")), Decimal(text)  # "50,342,416"
    except (InvalidOperation, ValueError):
        return False
    return a == b and a.as_tuple().exponent == b.as_tuple().exponent


def _same_value(builtin: str, text: str) -> bool:
    try:
        return Decimal(builtin.strip().rstrip("%").replace(",", "")) == Decimal(text)
    except (InvalidOperation, ValueError):
        return False


def _as_builtin(builtin: Any, n: Numeral) -> tuple[bool, Any, str]:
    """(same as the built-in?, the value to pass in its place, why it cannot be passed or "")."""
    text = canonical(n)
    value = n.value
    assert value is not None
    if isinstance(builtin, bool):
        return True, builtin, "a flag, not a number"
    if isinstance(builtin, int):
        if value == builtin:
            return True, builtin, ""
        if not float(value).is_integer():
            return False, builtin, f"the check reads a whole number here, and the text prints {n.text}"
        return False, int(value), ""
    if isinstance(builtin, float):
        if math.isclose(value, builtin, rel_tol=1e-12, abs_tol=0.0):
            return True, builtin, ""
        return False, float(value), ""
    if isinstance(builtin, str):
        if _same_string(builtin, text) or (_bare_power(n) and _same_value(builtin, text)):
            return True, builtin, ""
        return False, text, ""
    if dataclasses.is_dataclass(builtin) and isinstance(getattr(builtin, "text", None), str):
        from theory.validation import num, pct

        btext = str(getattr(builtin, "text"))
        if _same_string(btext, text):
            return True, builtin, ""
        return False, (pct(text + "%") if btext.endswith("%") else num(text)), ""
    return True, builtin, f"a claim of type {type(builtin).__name__}, which the run cannot replace"


def plan(papers: list[tuple[PaperText, str]], certs: list[Any]) -> PaperPlan:
    """The overrides, drift notes and locator errors of ``certs`` for the given texts."""
    p = PaperPlan(papers=[{"path": pt.path, "sha256": pt.sha256, "pack": pack} for pt, pack in papers])
    by_id = {(c.pack, c.id): c for c in certs}
    for pt, pack in papers:
        locs = [loc for loc in LOCATORS.get(pack, ()) if (pack, loc.certificate) in by_id]
        if not locs:
            continue
        paper = parse(pt.text)
        tokens = by_line(tokenize(paper.lines, in_math=paper.in_math))
        done, errors = resolve_all(locs, paper, tokens, loose=True)
        for exc in errors:
            loc = _locator_of(exc, locs)
            key = (pack, loc.certificate if loc else str(exc).split(":", 1)[0])
            p.errors.setdefault(key, []).append(f"{pt.path}: the located claim does not resolve: {exc}")
        # every place of one claim: the values the text prints there
        places: dict[tuple[str, str, bool], list[tuple[Locator, Numeral]]] = {}
        for r in done:
            places.setdefault((r.locator.certificate, r.locator.claim, r.locator.setting), []).append(
                (r.locator, r.numeral)
            )
        for (cid, claim, setting), found in places.items():
            _plan_claim(p, pt, by_id[(pack, cid)], claim, setting, found)
    return p


def _locator_of(exc: Exception, locs: list[Locator]) -> Optional[Locator]:
    msg = str(exc)
    for loc in locs:
        if msg.startswith(f"{loc.certificate}: claim {loc.claim} ({loc.describe()})"):
            return loc
    return None


def _plan_claim(
    p: PaperPlan, pt: PaperText, cert: Any, claim: str, setting: bool, found: list[tuple[Locator, Numeral]]
) -> None:
    key = (cert.pack, cert.id)
    params = setting_parameters(cert) if setting else claim_parameters(cert)
    name, keys = _path(claim)
    what = "setting" if setting else "claim"
    try:
        builtin = _get(params[name], keys)
    except (KeyError, IndexError, TypeError):
        if setting:  # the row says why the text's setting is not used
            p.notes.setdefault(key, []).append(f"setting {claim}: not used (the check takes no such setting)")
        else:
            p.errors.setdefault(key, []).append(f"the located claim {claim} is not a claim of the check")
        return
    differing: dict[str, tuple[Any, Numeral]] = {}
    for _loc, n in found:
        if n.value is None:
            p.errors.setdefault(key, []).append(f"{what} {claim}: line {n.line} prints {n.text}, not a finite number")
            return
        same, value, why = _as_builtin(builtin, n)
        if why:
            p.notes.setdefault(key, []).append(f"{what} {claim}: not read from the text ({why})")
            return
        if not same:
            differing.setdefault(canonical(n), (value, n))
    if not differing:
        return
    if len(differing) > 1:
        lines = ", ".join(f"{n.text} (line {n.line})" for _, n in differing.values())
        p.errors.setdefault(key, []).append(
            f"{pt.path}: the text prints {what} {claim} differently in its places: {lines}; "
            f"the built-in {what} is {_shown(builtin)}"
        )
        return
    value, n = next(iter(differing.values()))
    p.drift.setdefault(key, []).append({"claim": claim, "line": n.line, "text": n.text, "builtin": _shown(builtin)})
    said = f"the text prints {n.text} where the built-in {what} is {_shown(builtin)} ({pt.path}, line {n.line})"
    if setting:
        p.settings.setdefault(key, {})[name] = _put(p.settings.get(key, {}).get(name, params[name]), keys, value)
        said += "; the check uses the text's setting"
    else:
        p.claims.setdefault(key, {})[name] = _put(p.claims.get(key, {}).get(name, params[name]), keys, value)
        said += "; the check reads the text's number"
    p.notes.setdefault(key, []).append(said)


def _shown(v: Any) -> str:
    return repr(v) if dataclasses.is_dataclass(v) else str(v)


def with_overrides(check: Callable[..., Any], new: dict[str, Any]) -> Callable[..., Any]:
    """``check`` called with ``new`` as its keyword defaults; its signature shows them (so the
    memo's key and every printing of the claims see the numbers actually passed)."""

    def checked(*args: Any, **kwargs: Any) -> Any:
        return check(*args, **{**new, **kwargs})

    functools.update_wrapper(checked, check)
    sig = inspect.signature(check)
    params = [q.replace(default=new[q.name]) if q.name in new else q for q in sig.parameters.values()]
    checked.__signature__ = sig.replace(parameters=params)  # type: ignore[attr-defined]
    checked.paper_overrides = dict(new)  # type: ignore[attr-defined]
    return checked


def apply(p: PaperPlan, certs: list[Any]) -> list[Any]:
    """``certs`` with the overridden ones' checks wrapped (the others unchanged)."""
    out = []
    for c in certs:
        new = {**p.claims.get((c.pack, c.id), {}), **p.settings.get((c.pack, c.id), {})}
        out.append(dataclasses.replace(c, check=with_overrides(c.check, new)) if new and c.check else c)
    return out
