"""A small accumulator for certificates that verify several printed numbers at once.

Printed numbers are passed as STRINGS ("9.9e-4", "0.9849", "1.22") so that their printed
precision travels with them; the comparison rules live in :mod:`certificates.printed` (float) and
:mod:`certificates.enclosed` (Arb balls, no tolerance).
Each sub-check that fails may carry a severity (``substantive`` / ``minor`` / ``reading``) and,
for ``reading``, the interpretation it assumes; the certificate's severity is the gravest among
its failed sub-checks unless the certificate states its own.

Each sub-check also has an evidence level (:data:`certificates.registry.EVIDENCE_LEVELS`): ``proved``
rows (:meth:`Checks.exact`), ``enclosed`` rows (:meth:`Checks.enclosed`, :meth:`Checks.within`,
:meth:`Checks.attainable_enclosed`: decided in ball arithmetic), ``sampled`` / ``statistical`` rows
(:meth:`Checks.add` with ``level=``), and rows of unknown strength (the float comparisons
:meth:`Checks.printed`, :meth:`Checks.attainable`, :meth:`Checks.approx`).  The verdict and the level
follow from the rows by the one rule of :mod:`certificates.levels`: a passing certificate is as strong
as its weakest row; a failing one as its strongest failing row (one solid counterexample is enough).
An enclosure that cannot be decided (it still overlaps the claimed interval at the precision cap) is
an *undecided* row (:meth:`Checks.undecided_row`), shown as undecided with both intervals: with a
failing decided row the certificate is a FAIL on its decided rows, without one an ERROR.
"""

from __future__ import annotations

from typing import Callable, Optional, Sequence

from .levels import certificate_level, certificate_verdict
from .printed import SEVERITY_RANK, agrees, approximately, attainable
from .registry import Outcome, Status, verdict


class Checks:
    """Named sub-checks; ``outcome`` FAILs when any fails and lists the failures first."""

    def __init__(self):
        # (name, ok, measured, expected, note, severity, reading, level); ok None: undecided
        self.rows: list[tuple] = []
        self._names: set[str] = set()  # the rows' names (a set: a check of hundreds of rows adds each in O(1))
        self.decisions: list[dict] = []  # the exact record of every enclosed decision
        self.undecided: list[str] = []  # "name: why" of every undecided row

    def add(
        self,
        name: str,
        ok: bool,
        measured,
        expected,
        note: str = "",
        *,
        severity: Optional[str] = None,
        reading: str = "",
        level: Optional[str] = None,
    ) -> bool:
        """A sub-check decided by the caller; ``level`` says how (None: of unknown strength)."""
        if severity is not None and severity not in SEVERITY_RANK:
            raise ValueError(f"severity must be one of {tuple(SEVERITY_RANK)}, not {severity!r}")
        # measured/expected are keyed by name: one row would hide another.  The set only says where
        # to look: a row taken off ``rows`` (a caller's rows.pop()) leaves its name in the set.
        if name in self._names and any(r[0] == name for r in self.rows):
            raise ValueError(f"two sub-checks named {name!r} in one certificate: give each its own name")
        self._names.add(name)
        self.rows.append((name, bool(ok), measured, expected, note, severity, reading, level))
        return bool(ok)

    def undecided_row(self, name: str, measured, expected, why: str, *, level: Optional[str] = None, **grade) -> bool:
        """A row this run could not decide (``why`` says why): shown as undecided, never a failure; the
        certificate is a FAIL on its decided rows when one fails, else an ERROR (:mod:`certificates.levels`).
        Returns False (not a pass)."""
        self.add(name, False, measured, expected, why, level=level, **grade)
        self.rows[-1] = self.rows[-1][:1] + (None,) + self.rows[-1][2:]
        self.undecided.append(f"{name}: {why}")
        return False

    def exact(self, name: str, ok: bool, measured, expected, note: str = "", **grade) -> bool:
        """A sub-check decided exactly (rational arithmetic, an exact symbolic identity): ``proved``."""
        return self.add(name, ok, measured, expected, note, level="proved", **grade)

    def _decided(self, name: str, decision, expected, note: str, grade: dict) -> bool:
        from .enclosed import decision_text

        record = decision.to_json()
        record["name"] = name
        self.decisions.append(record)
        text = decision_text(decision)
        measured = record["enclosure"]
        if decision.verdict == "UNDECIDED":
            why = (note + "; " if note else "") + text
            return self.undecided_row(name, measured, expected, why, level="enclosed", **grade)
        return self.add(
            name,
            decision.verdict == "PASS",
            measured,
            expected,
            (note + "; " if note else "") + text,
            level="enclosed",
            **grade,
        )

    def enclosed(self, name: str, enclosure_fn, printed: str, note: str = "", **grade) -> bool:
        """A printed number against a ball enclosure of the value it reports, decided against the
        printed rounding interval with no tolerance (:func:`theory.rigorous.decide_printed`).
        ``enclosure_fn()`` returns an ``arb`` (built inside the call: it is re-run at higher
        precision while the two intervals overlap)."""
        from theory.rigorous import decide_printed

        return self._decided(name, decide_printed(enclosure_fn, printed), printed, note, grade)

    def within(
        self,
        name: str,
        enclosure_fn,
        lo=None,
        hi=None,
        *,
        claim: str,
        lo_open: bool = False,
        hi_open: bool = False,
        note: str = "",
        **grade,
    ) -> bool:
        """An enclosure against a claimed interval with exact ends (strings are exact decimals,
        Fractions and ints exact; ``None`` unbounded): "< 5%", "between 0.5 and 0.6", an approximate
        word's stated interval.  ``claim`` is the claim as the detail prints it."""
        from theory.rigorous import decide_interval

        from .enclosed import exact_value

        d = decide_interval(
            enclosure_fn,
            None if lo is None else exact_value(lo),
            None if hi is None else exact_value(hi),
            label=claim,
            lo_open=lo_open,
            hi_open=hi_open,
        )
        return self._decided(name, d, claim, note, grade)

    def approx_enclosed(
        self, name: str, enclosure_fn, target: str, *, word: str, rel: str | None = None, note: str = "", **grade
    ) -> bool:
        """Approximate wording ("about", "~") on an enclosure: the claim interval is ``target`` plus or
        minus the word's stated relative tolerance (:data:`certificates.printed.APPROX_REL`, or
        ``rel`` as an exact decimal string), computed exactly."""
        from .enclosed import approx_interval

        lo, hi, desc = approx_interval(target, word, rel)
        return self.within(
            name, enclosure_fn, lo, hi, claim=f"{word} {target}", note=(note + "; " if note else "") + desc, **grade
        )

    def attainable_enclosed(
        self,
        name: str,
        f_arb: Callable,
        f_float: Callable[..., float],
        inputs: Sequence[str],
        printed: str,
        note: str = "",
        exact: Sequence[bool] | None = None,
        **grade,
    ) -> bool:
        """:meth:`attainable` decided in ball arithmetic (:func:`certificates.enclosed.attainable`):
        PASS with an exact witness inside the inputs' rounding whose output encloses inside the
        printed interval; FAIL when the output over the whole box of inputs encloses disjoint from it."""
        from .enclosed import attainable as arb_attainable

        d = arb_attainable(f_arb, f_float, inputs, printed, exact=exact)
        return self._decided(name, d, printed, note, grade)

    def printed(self, name: str, value: float, printed: str, note: str = "", **grade) -> bool:
        """``value`` (recomputed from exact inputs) must round to ``printed``."""
        return self.add(name, agrees(value, printed), _fmt(value), printed, note, **grade)

    def attainable(
        self,
        name: str,
        f: Callable[..., float],
        inputs: Sequence[str],
        printed: str,
        note: str = "",
        exact: Sequence[bool] | None = None,
        **grade,
    ) -> bool:
        """``f(*inputs)`` (inputs printed, as strings) must reach ``printed`` for some inputs inside
        their own rounding (:func:`certificates.printed.attainable`)."""
        a = attainable(f, inputs, printed, exact=exact)
        return self.add(name, a.ok, _fmt(a.value), printed, (note + "; " if note else "") + a.note(printed), **grade)

    def approx(
        self,
        name: str,
        value: float,
        target: float,
        *,
        word: str,
        rel: float | None = None,
        abs_tol: float | None = None,
        note: str = "",
        printed_as: Optional[str] = None,
        **grade,
    ) -> bool:
        """Approximate wording ("about", "~", "a factor of"): a stated tolerance, written in the note.
        ``printed_as`` overrides the printed side's text (e.g. to name the printed inputs too)."""
        ok, desc = approximately(value, target, word=word, rel=rel, abs_tol=abs_tol)
        return self.add(
            name,
            ok,
            _fmt(value),
            printed_as if printed_as is not None else f"{word} {target:g}",
            (note + "; " if note else "") + desc,
            **grade,
        )

    @property
    def ok(self) -> bool:
        return all(r[1] is True for r in self.rows)

    def level(self) -> Optional[str]:
        """The evidence level these rows support, by :func:`certificates.levels.certificate_level`: the
        weakest row when all pass, else the strongest failing decided row (None when a deciding row is of
        unknown strength, or when rows are undecided and none fails)."""
        return certificate_level((r[1], r[7]) for r in self.rows)

    def failures(self) -> list[str]:
        """The failing rows (decided: an undecided row is not a failure)."""
        return [r[0] for r in self.rows if r[1] is False]

    def undecided_names(self) -> list[str]:
        return [r[0] for r in self.rows if r[1] is None]

    def severity(self) -> Optional[str]:
        """The gravest severity among failed sub-checks (None when none failed or none is graded)."""
        grades = [r[5] for r in self.rows if r[1] is False and r[5] is not None]
        return min(grades, key=SEVERITY_RANK.__getitem__) if grades else None

    def outcome(
        self,
        summary: str,
        *,
        severity: Optional[str] = None,
        reading: str = "",
        same_finding_as: Sequence[str] = (),
        evidence_level: Optional[str] = None,
        search=None,
        finding: str = "",
        **evidence,
    ) -> Outcome:
        """The certificate's outcome: FAIL when a row fails, with its evidence level from the rows
        (:meth:`level`) unless ``evidence_level`` states it; an ERROR when an enclosure could not be
        decided at the precision cap.  ``finding``: the finding of a FAIL in one sentence (ignored
        on a PASS; :func:`certificates.findings.one_line_finding` derives one when it is empty)."""
        fails = [r for r in self.rows if r[1] is False]
        passes = [r for r in self.rows if r[1] is True]
        open_ = [r for r in self.rows if r[1] is None]

        def line(r):
            txt = f"{r[0]}: {r[2]} vs printed {r[3]}"
            extra = "; ".join(x for x in (r[4], (f"[{r[5]}]" if (r[5] and r[1] is False) else "")) if x)
            return txt + (f" ({extra})" if extra else "")

        parts = []
        if fails:
            parts.append("FAILED " + "; ".join(line(r) for r in fails))
        if open_ and fails:
            parts.append("undecided (not counted as failures): " + "; ".join(line(r) for r in open_))
        parts.append(
            f"{len(passes)}/{len(self.rows)} sub-checks agree"
            + (": " + "; ".join(line(r) for r in passes) if passes else "")
        )
        sev = severity if severity is not None else self.severity()
        if not reading:
            reading = "; ".join(dict.fromkeys(r[6] for r in fails if r[6]))  # each reading once
        if self.decisions:
            evidence = dict(evidence, enclosures=self.decisions)
        # one record per row (its measured and expected values are in measured / expected under
        # its name): what :mod:`certificates.evidence_table` draws as the row's rule and verdict
        evidence = dict(
            evidence,
            subchecks=[
                {"name": r[0], "ok": r[1], "note": r[4], "level": r[7], "severity": r[5] if not r[1] else None}
                for r in self.rows
            ],
        )
        if open_:
            evidence = dict(evidence, undecided=[r[0] for r in open_])
        if certificate_verdict(r[1] for r in self.rows) == "ERROR":  # undecided rows and no failing one
            return Outcome(
                Status.ERROR,
                {r[0]: r[2] for r in self.rows},
                {r[0]: r[3] for r in self.rows},
                "undecided (no row fails; the undecided rows are shown with why): "
                + "; ".join(self.undecided)
                + " | "
                + summary,
                dict(evidence, failures=[]),
            )
        return verdict(
            not fails,
            {r[0]: r[2] for r in self.rows},
            {r[0]: r[3] for r in self.rows},
            summary + " | " + " | ".join(parts),
            severity=sev,
            reading=reading,
            same_finding_as=same_finding_as,
            evidence_level=evidence_level if evidence_level is not None else self.level(),
            search=search,
            finding=finding if fails else "",
            failures=[r[0] for r in fails],
            **evidence,
        )


def _fmt(v):
    if isinstance(v, float):
        return float(f"{v:.6g}")
    return v
