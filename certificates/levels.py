"""How a certificate's verdict and evidence level follow from its rows: the one place that decides it.

A certificate that checks several things reports them as *rows* (sub-checks), each decided at its own
evidence level (:data:`certificates.registry.EVIDENCE_LEVELS`: ``proved``, ``enclosed``, ``sampled``,
``statistical``; ``None`` for a row of unknown strength, such as a float comparison).  A row is
*passing* (``ok`` True), *failing* (False) or *undecided* (None).  :func:`certificate_verdict` and
:func:`certificate_level` turn the rows into the certificate's verdict and level:

* **PASS** -- every row passes.  The level is the **weakest** row's (a chain is as strong as its
  weakest link); one row of unknown strength makes the level unknown (``None``).
* **FAIL** -- at least one *decided* row fails.  The level is the **strongest failing** row's: one
  solid counterexample is enough, whatever else the certificate could not show.  Undecided rows take
  no part: the certificate is a FAIL on its decided rows, and the undecided rows are shown as
  *undecided*, each with why -- not as failures, not as ERROR.
* **ERROR** -- no row fails but some row is undecided: never a PASS on rows that were not decided.
  No level (``None``).

An unknown level (``None``) on a PASS or FAIL is recorded by the runner as the weakest its kind allows
(``statistical`` for a Monte-Carlo check, else ``sampled``), and the detail says the level was not
stated (:func:`certificates.runner._evidence_level`); ERROR and NOT-CHECKABLE records have level
``none``.

A row is undecided when its decision needs what the run does not have: an enclosure that still
overlaps the claimed interval at the precision cap (:class:`certificates._subchecks.Checks`), a
printed Monte-Carlo number between the two exact bounds of the paper's standard error with no Monte
Carlo to estimate it, or one whose estimate's own 95% interval gives both answers
(:func:`certificates.psa._reduced.decide`).

A row decided by the exact model by quadrature -- the reduced model G of Def 62, whose value for a
printed Monte-Carlo number is a float64 quadrature far below every standard error -- keeps its own
level (``statistical``: the tolerance is built from a standard error) and says so on the row with
:data:`EXACT_MODEL_NOTE`; the quadrature is a note, not a level.

Used by :meth:`certificates._subchecks.Checks.level` and :meth:`~certificates._subchecks.Checks.outcome`,
the reduced-model certificates (:mod:`certificates.psa.sweeps`, C7 and C8 of
:mod:`certificates.psa.table10`); docs/certificates.rst states the same rule.
"""

from __future__ import annotations

from typing import Iterable, Optional

from .registry import strongest, weakest

#: The note on a row decided by the exact model by quadrature (a note, not a level).
EXACT_MODEL_NOTE = "decided by the exact model G by quadrature"

#: The word a row's verdict is shown with.
ROW_WORD = {True: "PASS", False: "FAIL", None: "undecided"}


def certificate_verdict(oks: Iterable[Optional[bool]]) -> str:
    """``"PASS"``, ``"FAIL"`` or ``"ERROR"`` from the rows' ``ok`` (True / False / None = undecided):
    FAIL when a decided row fails (undecided rows or not), ERROR when none fails and one is undecided,
    else PASS."""
    oks = list(oks)
    if any(ok is False for ok in oks):
        return "FAIL"
    if any(ok is None for ok in oks):
        return "ERROR"
    return "PASS"


def certificate_level(rows: Iterable[tuple[Optional[bool], Optional[str]]]) -> Optional[str]:
    """The evidence level of a certificate from its rows ``(ok, level)``: on a FAIL the strongest
    failing row's level, on a PASS the weakest row's (None if one is of unknown strength), on an ERROR
    (undecided rows, none failing) None.  Undecided rows never set the level of a FAIL."""
    rows = list(rows)
    verdict = certificate_verdict(ok for ok, _ in rows)
    if verdict == "FAIL":
        return strongest(level for ok, level in rows if ok is False)
    if verdict == "ERROR":
        return None
    return weakest(level for _, level in rows)
