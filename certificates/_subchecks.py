"""A small accumulator for certificates that verify several printed numbers at once.

Printed numbers are passed as STRINGS ("9.9e-4", "0.9849", "1.22") so that their printed
precision travels with them; the comparison rules live in :mod:`certificates.printed`.
Each sub-check that fails may carry a severity (``substantive`` / ``minor`` / ``reading``) and,
for ``reading``, the interpretation it assumes; the certificate's severity is the gravest among
its failed sub-checks unless the certificate states its own.
"""

from __future__ import annotations

from typing import Callable, Optional, Sequence

from .printed import SEVERITY_RANK, agrees, approximately, attainable
from .registry import Outcome, verdict


class Checks:
    """Named sub-checks; ``outcome`` FAILs when any fails and lists the failures first."""

    def __init__(self):
        # (name, ok, measured, expected, note, severity, reading)
        self.rows: list[tuple] = []

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
    ) -> bool:
        if severity is not None and severity not in SEVERITY_RANK:
            raise ValueError(f"severity must be one of {tuple(SEVERITY_RANK)}, not {severity!r}")
        self.rows.append((name, bool(ok), measured, expected, note, severity, reading))
        return bool(ok)

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
        return all(r[1] for r in self.rows)

    def failures(self) -> list[str]:
        return [r[0] for r in self.rows if not r[1]]

    def severity(self) -> Optional[str]:
        """The gravest severity among failed sub-checks (None when none failed or none is graded)."""
        grades = [r[5] for r in self.rows if not r[1] and r[5] is not None]
        return min(grades, key=SEVERITY_RANK.__getitem__) if grades else None

    def outcome(
        self,
        summary: str,
        *,
        severity: Optional[str] = None,
        reading: str = "",
        same_finding_as: Sequence[str] = (),
        **evidence,
    ) -> Outcome:
        fails = [r for r in self.rows if not r[1]]
        passes = [r for r in self.rows if r[1]]

        def line(r):
            txt = f"{r[0]}: {r[2]} vs printed {r[3]}"
            extra = "; ".join(x for x in (r[4], (f"[{r[5]}]" if (r[5] and not r[1]) else "")) if x)
            return txt + (f" ({extra})" if extra else "")

        parts = []
        if fails:
            parts.append("FAILED " + "; ".join(line(r) for r in fails))
        parts.append(
            f"{len(passes)}/{len(self.rows)} sub-checks agree"
            + (": " + "; ".join(line(r) for r in passes) if passes else "")
        )
        sev = severity if severity is not None else self.severity()
        if not reading:
            reading = "; ".join(r[6] for r in fails if r[6])
        return verdict(
            not fails,
            {r[0]: r[2] for r in self.rows},
            {r[0]: r[3] for r in self.rows},
            summary + " | " + " | ".join(parts),
            severity=sev,
            reading=reading,
            same_finding_as=same_finding_as,
            failures=[r[0] for r in fails],
            **evidence,
        )


def _fmt(v):
    if isinstance(v, float):
        return float(f"{v:.6g}")
    return v
