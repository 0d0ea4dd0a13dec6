"""Certificates, their outcomes, and the registry of packs.

A *certificate* encodes one checkable statement of a paper: it knows the
statement it supports, what it verifies, its kind and a ``check`` callable.
Every ``check`` takes keyword arguments whose defaults are the paper's claims as
printed (a formula, a number, a matrix builder); feeding it a wrong claim must
make it FAIL, which is how the tests show that no check is vacuous.

Packs are discovered through the entry-point group ``psa_toolkit.certificate_packs``;
each entry point names a callable returning an iterable of :class:`Certificate`.
A third party publishes a pack for another paper by declaring such an entry point.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any, Callable, Iterable, Optional

ENTRY_POINT_GROUP = "psa_toolkit.certificate_packs"
DEFAULT_PACK = "psa"


class Status(str, enum.Enum):
    PASS = "PASS"
    FAIL = "FAIL"
    ERROR = "ERROR"
    NOT_CHECKABLE = "NOT-CHECKABLE"

    def __str__(self) -> str:  # pragma: no cover - cosmetic
        return self.value


#: How strong a verdict's evidence is, strongest first (issue 17):
#:
#: * ``proved`` -- an exact symbolic identity or decision, or a rigorous enclosure over the whole
#:   stated domain (interval branch-and-bound, exact root isolation);
#: * ``enclosed`` -- the claim's numbers in rigorous ball arithmetic at the printed points, decided
#:   against the printed number's own rounding interval with no float tolerance;
#: * ``sampled`` -- a universal claim checked at finitely many points, with an adversarial search
#:   for a counterexample (``search``: evaluations, best margin, where);
#: * ``statistical`` -- a Monte-Carlo check (tolerance from the standard error; the exact value
#:   beside it where the model has one);
#: * ``none`` -- not checkable (and ERROR rows: no verdict).
EVIDENCE_LEVELS = ("proved", "enclosed", "sampled", "statistical", "none")
EVIDENCE_RANK = {lvl: i for i, lvl in enumerate(EVIDENCE_LEVELS)}


def weakest(levels: Iterable[Optional[str]]) -> Optional[str]:
    """The weakest of ``levels`` (None if any is unknown, or none is given)."""
    ls = list(levels)
    if not ls or any(lvl not in EVIDENCE_RANK for lvl in ls):
        return None
    return max(ls, key=EVIDENCE_RANK.__getitem__)


def strongest(levels: Iterable[Optional[str]]) -> Optional[str]:
    """The strongest known level of ``levels`` (None if none is known)."""
    ls = [lvl for lvl in levels if lvl in EVIDENCE_RANK]
    return min(ls, key=EVIDENCE_RANK.__getitem__) if ls else None


class Kind(str, enum.Enum):
    SYMBOLIC = "symbolic"
    NUMERIC = "numeric"
    MONTE_CARLO = "monte-carlo"
    NOT_CHECKABLE = "not-checkable"

    def __str__(self) -> str:  # pragma: no cover - cosmetic
        return self.value


@dataclass
class Outcome:
    """What a check returns: a verdict with the evidence behind it.

    A FAIL carries a ``severity`` (one of :data:`certificates.printed.SEVERITIES`):
    ``substantive`` (wrong, and a conclusion depends on it), ``minor`` (a slip where the intended
    statement holds) or ``reading`` (true under one reasonable reading, false under another; then
    ``reading`` names both and which one the verdict uses).  ``same_finding_as`` lists the ids of
    certificates that already report the finding this one fails on (one finding, one count).

    ``evidence_level`` is one of :data:`EVIDENCE_LEVELS` (how the verdict was reached: the check
    states it, since only the check knows how it decided); a ``sampled`` verdict also carries
    ``search``, the record of an adversarial search (:func:`certificates.search.adversarial_search`).
    """

    status: Status
    measured: Any
    expected: Any
    detail: str
    evidence: dict = field(default_factory=dict)
    severity: Optional[str] = None
    reading: str = ""
    same_finding_as: tuple = ()
    evidence_level: Optional[str] = None
    search: Optional[dict] = None
    finding: str = ""  # on a FAIL: the finding in one sentence (derived from the evidence when empty)


@dataclass(frozen=True)
class Certificate:
    id: str
    title: str
    supports: str
    verifies: str
    kind: Kind
    check: Optional[Callable[..., Outcome]] = None
    pack: str = DEFAULT_PACK
    section: str = ""
    level: str = ""  # operator / transition / empirical
    depends: tuple[str, ...] = ()
    statement: str = ""
    sympy_form: Optional[Callable[[], Any]] = None
    reason: str = ""  # why NOT-CHECKABLE


# --- helpers for writing checks ---------------------------------------------------


def verdict(
    ok: bool,
    measured,
    expected,
    detail: str,
    *,
    severity: Optional[str] = None,
    reading: str = "",
    same_finding_as: Iterable[str] = (),
    evidence_level: Optional[str] = None,
    search: Optional[Any] = None,
    finding: str = "",
    **evidence,
) -> Outcome:
    """PASS when ``ok``, else FAIL graded ``severity`` (kept only on a FAIL; ``reading`` is kept on
    both, since a PASS may also rest on a named reading).  ``evidence_level``: how the verdict was
    reached (:data:`EVIDENCE_LEVELS`); ``search``: the adversarial search of a ``sampled`` verdict
    (a :class:`certificates.search.SearchRecord` or its dict); ``finding``: the finding of a FAIL
    in one sentence (:func:`certificates.findings.one_line_finding` derives one when it is empty)."""
    from .printed import SEVERITIES

    if severity is not None and severity not in SEVERITIES:
        raise ValueError(f"severity must be one of {SEVERITIES}, not {severity!r}")
    if evidence_level is not None and evidence_level not in EVIDENCE_LEVELS:
        raise ValueError(f"evidence_level must be one of {EVIDENCE_LEVELS}, not {evidence_level!r}")
    if search is not None and hasattr(search, "to_json"):
        search = search.to_json()
    return Outcome(
        Status.PASS if ok else Status.FAIL,
        measured,
        expected,
        detail,
        dict(evidence),
        severity=None if ok else severity,
        reading=reading,
        same_finding_as=tuple(same_finding_as) if not ok else (),
        evidence_level=evidence_level,
        search=search,
        finding="" if ok else str(finding or ""),
    )


def within(measured: float, expected: float, tol: float) -> bool:
    return math.isfinite(measured) and abs(measured - expected) <= tol


def rounds_to(value: float, printed: float, decimals: int) -> bool:
    """True when ``value`` agrees with a number printed to ``decimals`` places.

    Accepts half a unit in the last printed place (plus 1e-12 for binary rounding).
    """
    return math.isfinite(value) and abs(value - printed) <= 0.5 * 10.0**-decimals + 1e-12


# --- the registry ------------------------------------------------------------------


class RegistryError(LookupError):
    pass


class Registry:
    """An ordered collection of certificates, indexed by id (ids are case-insensitive)."""

    def __init__(self, certificates: Iterable[Certificate] = ()):
        self._by_id: dict[str, Certificate] = {}
        for c in certificates:
            self.add(c)

    def add(self, cert: Certificate) -> None:
        key = cert.id.lower()
        if key in self._by_id:
            raise RegistryError(f"duplicate certificate id {cert.id!r}")
        self._by_id[key] = cert

    def __iter__(self):
        return iter(self._by_id.values())

    def __len__(self) -> int:
        return len(self._by_id)

    def get(self, cid: str) -> Certificate:
        try:
            return self._by_id[cid.lower()]
        except KeyError:
            raise RegistryError(f"unknown certificate {cid!r}") from None

    def select(self, ids: Iterable[str]) -> list[Certificate]:
        return [self.get(i) for i in ids]


#: The packs of this distribution as its entry points name them (pyproject.toml), for a source
#: tree that is not installed: resolved like entry points, so that the registry imports no pack.
BUILT_IN_PACKS = {
    "psa": "certificates.psa:load",
    "momentum": "certificates.momentum:load",
    "qhm": "certificates.qhm:load",
}


def available_packs() -> dict[str, Callable[[], Iterable[Certificate]]]:
    """Pack name -> loader, from installed entry points, plus the built-in packs."""
    packs: dict[str, Callable[[], Iterable[Certificate]]] = {}
    try:
        eps = list(metadata.entry_points(group=ENTRY_POINT_GROUP))
    except Exception:  # pragma: no cover - broken metadata
        eps = []
    for name, value in BUILT_IN_PACKS.items():  # running from a source tree without installation
        if not any(ep.name == name for ep in eps):
            eps.append(metadata.EntryPoint(name=name, value=value, group=ENTRY_POINT_GROUP))
    for ep in eps:
        packs[ep.name] = ep.load
    return packs


def load_registry(packs: Iterable[str] | str = DEFAULT_PACK) -> Registry:
    """Build a registry from pack names (``"all"`` loads every installed pack)."""
    found = available_packs()
    names = [packs] if isinstance(packs, str) else list(packs)
    if "all" in names:
        names = sorted(found, key=lambda n: (n != DEFAULT_PACK, n))
    reg = Registry()
    for name in names:
        if name not in found:
            raise RegistryError(f"unknown pack {name!r}; installed: {', '.join(sorted(found))}")
        loader = found[name]()
        for cert in loader():
            reg.add(cert)
    return reg
