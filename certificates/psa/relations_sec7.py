"""§7 (Tables 4-9, figure captions): the relations the paper prints between its own numbers.

Issue 27, item 4.  Most numbers of §7 are measurements on trained models (not checkable in
themselves), but many are printed more than once -- a protocol in Table 4 and again in its
section and its figure's caption, a headline in Table 5 or Table 6 and again where it is measured,
a table entry restated in the text -- and some are quoted as grid points of a printed grid ("at
N = 16" of the depth grid {2, ..., 16}) or as a printed fraction ("1/64 = 1.6%").  These
certificates check those relations, each on printed strings (their printed precision travels with
them), in exact rational arithmetic:

* ``same``: every printed occurrence of one quantity agrees with the others.  Two occurrences
  printed to the same precision must be equal; printed to different precisions (``0.8951`` and
  ``0.895``), their rounding intervals must overlap in more than a point (the finer one rounds to
  the coarser one).  An occurrence written as a word ("three seeds") takes part as the number it
  names;
* ``points``: a quantity quoted at a grid point names a point of the printed grid (the grid's values
  are themselves ``same`` groups);
* ``ratios``: a printed fraction ``a/b = c`` (``1/64 = 1.6%``, ``1/14 = 0.071``), ``c`` against the
  exact rational ``scale * a / b`` within its printed rounding.

The data (the printed strings, and where each stands in the text) live once, in
:mod:`certificates.coverage.locators_data.psa_sec7_data`, which builds both the claims' defaults
and their locators.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping, Sequence

from theory import empirical as E
from theory import validation as V

from .._companion import certify
from .._subchecks import Checks
from ..coverage.locators_data import psa_sec7_data as D
from ..registry import Kind
from ._sec5_6_util import dec, exact_printed

ST = {s.id: s for s in E.STATEMENTS} | {s.id: s for s in V.STATEMENTS}


def _interval(printed: str) -> tuple[Fraction, Fraction]:
    from theory.rigorous import printed_interval

    lo, hi = printed_interval(str(printed))
    return Fraction(lo), Fraction(hi)


def _agree(a: str, b: str) -> bool:
    """Two printed occurrences of one quantity agree: equal, or (printed to different precisions)
    their rounding intervals overlap in more than a point (exact rationals)."""
    if dec(a) == dec(b):
        return True
    (la, ha), (lb, hb) = _interval(a), _interval(b)
    if ha - la == hb - lb:  # same precision, different values: never the same number
        return False
    return max(la, lb) < min(ha, hb)


def check_printed_relations(
    same: Mapping[str, Sequence[str]],
    points: Mapping[str, str] | None = None,
    ratios: Mapping[str, Sequence[str]] | None = None,
    *,
    grids: Mapping[str, Sequence[str]] | None = None,
    point_grid: Mapping[str, str] | None = None,
    ratio_scale: Mapping[str, int] | None = None,
    what: str = "",
):
    """The printed relations of one part of §7 (see the module's docstring): ``same`` (name -> every
    printed occurrence of one quantity), ``points`` (a quoted grid point -> its value; ``point_grid``
    names its grid, ``grids`` a grid's ``same`` groups) and ``ratios`` (name -> (a, b, c) for the
    printed ``a/b = c``, ``c`` in units of ``1/ratio_scale``)."""
    c = Checks()
    for name, occ in same.items():
        occ = tuple(str(v) for v in occ)
        if len(occ) < 2:
            raise ValueError(f"group {name!r}: a relation needs two printed occurrences, not {len(occ)}")
        bad = [v for v in occ[1:] if not _agree(occ[0], v)]
        c.exact(
            f"same quantity printed in {len(occ)} places: {name}",
            not bad,
            ", ".join(occ),
            f"all agree with {occ[0]}",
            "equal, or printed to different precisions with overlapping rounding intervals; exact rationals",
        )
    for label, value in (points or {}).items():
        assert grids is not None and point_grid is not None
        grid = [same[g][0] for g in grids[point_grid[label]]]
        c.exact(
            f"quoted grid point is a point of the printed grid: {label}",
            any(_agree(str(value), g) for g in grid),
            str(value),
            f"one of {{{', '.join(grid)}}}",
        )
    for name, (a, b, printed) in (ratios or {}).items():
        scale = (ratio_scale or {}).get(name, 1)
        exact_printed(c, f"printed fraction {a}/{b} = {printed}: {name}", scale * dec(a) / dec(b), printed)
    return c.outcome(
        f"printed relations of {what}: {len(same)} quantities printed in several places, "
        f"{len(points or {})} quoted grid points, {len(ratios or {})} printed fractions; exact rationals",
        severity="minor",
    )


def _spec(sid: str, part: str, spec: D.Part):
    """The certificate ``<sid>.relations`` over ``spec``: its claims are the check's defaults (the
    printed strings), its grids and scales keyword-only settings (structure, not printed numbers)."""
    same, points, ratios = spec.same_claim(), spec.points_claim(), spec.ratios_claim()

    def run(
        same=same,
        points=points,
        ratios=ratios,
        *,
        grids=spec.grids,
        point_grid=spec.point_grid,
        ratio_scale=spec.ratio_scale,
    ):
        return check_printed_relations(
            same, points, ratios, grids=grids, point_grid=point_grid, ratio_scale=ratio_scale, what=part
        )

    run.__doc__ = f"{check_printed_relations.__doc__} Here: {part}."
    run.__name__ = run.__qualname__ = f"check_{sid.replace('.', '_')}_relations"
    return certify(
        ST[sid],
        run,
        Kind.NUMERIC,
        f"{part}: every number printed in several places agrees, quoted grid points lie on their grid, "
        "printed fractions hold",
        cid=f"{sid}.relations",
        title=f"{ST[sid].title}: printed relations",
    )


CERTIFICATES = [_spec(sid, part, spec) for sid, part, spec in D.PARTS]
