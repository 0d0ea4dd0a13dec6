"""A small accumulator for certificates that verify several printed numbers at once.

Printed numbers are passed as STRINGS ("9.9e-4", "0.9849", "1.22") so that their printed
precision travels with them: a recomputed value agrees with a printed one when it lies within
half a unit of the printed last place.
"""
from __future__ import annotations

import math
from decimal import Decimal

from ..registry import Outcome, verdict


def half_unit(printed: str) -> float:
    """Half a unit in the last printed place of ``printed`` ("0.9849" -> 5e-5, "9.9e-4" -> 5e-6)."""
    return 0.5 * 10.0 ** Decimal(printed.strip()).as_tuple().exponent


def agrees(value: float, printed: str) -> bool:
    """True when ``value`` rounds to the number printed as ``printed`` (binary slack 1e-12 relative)."""
    p = float(printed)
    return math.isfinite(value) and abs(value - p) <= half_unit(printed) + 1e-12 * max(1.0, abs(p))


class Checks:
    """Named sub-checks; ``outcome`` FAILs when any fails and lists the failures first."""

    def __init__(self):
        self.rows: list[tuple[str, bool, object, object, str]] = []

    def add(self, name: str, ok: bool, measured, expected, note: str = "") -> bool:
        self.rows.append((name, bool(ok), measured, expected, note))
        return bool(ok)

    def printed(self, name: str, value: float, printed: str, note: str = "") -> bool:
        """``value`` (recomputed) must round to ``printed``."""
        return self.add(name, agrees(value, printed), _fmt(value), printed, note)

    @property
    def ok(self) -> bool:
        return all(r[1] for r in self.rows)

    def failures(self) -> list[str]:
        return [r[0] for r in self.rows if not r[1]]

    def outcome(self, summary: str, **evidence) -> Outcome:
        fails = [r for r in self.rows if not r[1]]
        passes = [r for r in self.rows if r[1]]

        def line(r):
            txt = f"{r[0]}: {r[2]} vs printed {r[3]}"
            return txt + (f" ({r[4]})" if r[4] else "")

        parts = []
        if fails:
            parts.append("FAILED " + "; ".join(line(r) for r in fails))
        parts.append(f"{len(passes)}/{len(self.rows)} sub-checks agree" +
                     (": " + "; ".join(line(r) for r in passes) if passes else ""))
        return verdict(not fails, {r[0]: r[2] for r in self.rows}, {r[0]: r[3] for r in self.rows},
                       summary + " | " + " | ".join(parts), failures=[r[0] for r in fails], **evidence)


def _fmt(v):
    if isinstance(v, float):
        return float(f"{v:.6g}")
    return v
