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
from ..findings import stated_finding
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


def _box(values: Sequence[str]) -> list[tuple[Fraction, Fraction]]:
    return [_interval(v) for v in values]


def _mean(xs: Sequence[Fraction]) -> Fraction:
    return sum(xs, Fraction(0)) / len(xs)


def _overlaps(lo: Fraction, hi: Fraction, printed: str) -> bool:
    plo, phi = _interval(printed)
    return max(lo, plo) <= min(hi, phi)


def check_printed_relations(
    same: Mapping[str, Sequence[str]],
    points: Mapping[str, str] | None = None,
    ratios: Mapping[str, Sequence[str]] | None = None,
    means: Mapping[str, Sequence[str]] | None = None,
    bounds: Mapping[str, Sequence[str]] | None = None,
    products: Mapping[str, Sequence[str]] | None = None,
    relerr: Mapping[str, Sequence[str]] | None = None,
    maxof: Mapping[str, Sequence[str]] | None = None,
    allin: Mapping[str, Sequence[str]] | None = None,
    *,
    grids: Mapping[str, Sequence[str]] | None = None,
    point_grid: Mapping[str, str] | None = None,
    ratio_scale: Mapping[str, int] | None = None,
    what: str = "",
):
    """The printed relations of one part of §7 (see the module's docstring):

    * ``same``: name -> every printed occurrence of one quantity (they must agree);
    * ``points``: a quoted grid point -> its value, which must be a point of its grid
      (``point_grid`` names the grid; ``grids`` lists a grid's values: ``same`` groups or literals);
    * ``ratios``: name -> (a, b, c), the printed ``a/b = c`` (``c`` in units of ``1/ratio_scale``);
    * ``means``: name -> (v_1, ..., v_n, m), ``m`` the printed mean of the printed ``v_i``;
    * ``bounds``: name -> (lo, hi, v_1, ..., v_n), the mean of the ``v_i`` inside the printed range;
    * ``products``: name -> (a, b, c, d), ``d = a * b / c`` (``c`` an exact grid value, ``a, b > 0``);
    * ``relerr``: name -> (m, p, e), ``e`` the printed relative error ``100 |m - p| / m`` (%);
    * ``maxof``: name -> (v_1, ..., v_n, M), ``M`` the printed largest of the printed ``v_i``
      ("peak accuracy within the plotted window is ...");
    * ``allin``: name -> (lo, hi, v_1, ..., v_n), every ``v_i`` inside the printed range
      ("both sit between 98.5% and 99.6%").

    The printed inputs carry their rounding: a derived number passes when some inputs inside their
    own rounding intervals give a value inside its rounding interval (exact rationals: the
    extremes of these monotone expressions over the box of inputs)."""
    c = Checks()
    for name, occ in same.items():
        occ = tuple(str(v) for v in occ)
        if len(occ) < 2:
            raise ValueError(f"group {name!r}: a relation needs two printed occurrences, not {len(occ)}")
        bad = [v for v in occ[1:] if not _agree(occ[0], v)]
        c.exact(
            f"same quantity printed in {len(occ)} places: {name}",
            not bad,
            ", ".join(occ) + (f" ({', '.join(bad)} against {occ[0]})" if bad else ""),
            "one number",
            "equal, or printed to different precisions with overlapping rounding intervals; exact rationals",
        )
    for label, value in (points or {}).items():
        assert grids is not None and point_grid is not None
        grid = [str(same[g][0]) if g in same else g for g in grids[point_grid[label]]]
        c.exact(
            f"quoted grid point is a point of the printed grid: {label}",
            any(_agree(str(value), g) for g in grid),
            str(value),
            f"one of {{{', '.join(grid)}}}",
        )
    for name, (a, b, printed) in (ratios or {}).items():
        scale = (ratio_scale or {}).get(name, 1)
        exact_printed(c, f"printed fraction {a}/{b} = {printed}: {name}", scale * dec(a) / dec(b), printed)
    for name, vals in (means or {}).items():
        *xs, m = (str(v) for v in vals)
        box = _box(xs)
        lo, hi = _mean([x[0] for x in box]), _mean([x[1] for x in box])
        c.exact(
            f"printed mean of printed values: {name}",
            _overlaps(lo, hi, m),
            f"mean of {', '.join(xs)} = {float(sum(dec(x) for x in xs) / len(xs)):.6g} "
            f"(range {float(lo):.6g}..{float(hi):.6g} over the inputs' rounding)",
            m,
        )
    for name, vals in (bounds or {}).items():
        blo, bhi, *xs = (str(v) for v in vals)
        box = _box(xs)
        lo, hi = _mean([x[0] for x in box]), _mean([x[1] for x in box])
        rlo, rhi = _interval(blo)[0], _interval(bhi)[1]
        c.exact(
            f"mean of printed values inside the printed range: {name}",
            max(lo, rlo) <= min(hi, rhi),
            f"mean of {', '.join(xs)} = {float(sum(dec(x) for x in xs) / len(xs)):.6g}",
            f"in {blo}-{bhi}",
        )
    for name, (a, b, cc, d) in (products or {}).items():
        (alo, ahi), (blo_, bhi_) = _interval(str(a)), _interval(str(b))
        den = dec(cc)
        lo, hi = alo * blo_ / den, ahi * bhi_ / den
        c.exact(
            f"printed product {a} x {b} / {cc}: {name}",
            alo > 0 and blo_ > 0 and _overlaps(lo, hi, str(d)),
            f"{float(dec(a) * dec(b) / den):.6g} (range {float(lo):.6g}..{float(hi):.6g})",
            str(d),
        )
    for name, (m, p_, e) in (relerr or {}).items():
        (mlo, mhi), (plo, phi) = _interval(str(m)), _interval(str(p_))
        # |m - p| / m over the box: largest at the far corners, smallest 0 where the intervals meet
        hi = max(abs(x - y) / x for x in (mlo, mhi) for y in (plo, phi))
        lo = (
            Fraction(0)
            if max(mlo, plo) <= min(mhi, phi)
            else min(abs(x - y) / x for x in (mlo, mhi) for y in (plo, phi))
        )
        c.exact(
            f"printed relative error: {name}",
            _overlaps(100 * lo, 100 * hi, str(e)),
            f"{float(100 * abs(dec(m) - dec(p_)) / dec(m)):.4g}% (range {float(100 * lo):.4g}..{float(100 * hi):.4g})",
            f"{e}%",
        )
    for name, vals in (maxof or {}).items():
        *xs, top = (str(v) for v in vals)
        box = _box(xs)
        lo, hi = max(x[0] for x in box), max(x[1] for x in box)  # where the largest true value lies
        plo, phi = _interval(top)
        best = max(xs, key=dec)
        c.exact(
            f"printed largest of printed values: {name}",
            best == top or max(lo, plo) < min(hi, phi),
            f"the largest is {best} (of {', '.join(xs)})",
            top,
            "the largest value's rounding interval against the printed one (exact rationals)",
        )
    for name, vals in (allin or {}).items():
        rlo_s, rhi_s, *xs = (str(v) for v in vals)
        rlo, rhi = _interval(rlo_s)[0], _interval(rhi_s)[1]
        out = [x for x in xs if not max(_interval(x)[0], rlo) < min(_interval(x)[1], rhi)]
        c.exact(
            f"every printed value inside the printed range: {name}",
            not out,
            f"outside: {', '.join(out)}" if out else f"all of {', '.join(xs)} inside",
            f"in {rlo_s}-{rhi_s}",
            "each value's rounding interval must meet the range in more than a point (exact rationals)",
        )
    failed = [r for r in c.rows if r[1] is False]
    finding = stated_finding(
        f"{r[0].split(': ', 1)[-1]}: printed {r[2]}"
        if r[3] == "one number"
        else f"{r[0].split(': ', 1)[-1]}: {str(r[2]).split(' (of ')[0]}, printed {r[3]}"
        for r in failed
    )
    return c.outcome(
        f"printed relations of {what}: {len(same)} quantities printed in several places, "
        f"{len(points or {})} quoted grid points, "
        f"{sum(len(x or {}) for x in (ratios, means, bounds, products, relerr, maxof, allin))} derived numbers; "
        "exact rationals",
        severity="minor",
        finding=finding,
    )


def _spec(sid: str, part: str, spec: D.Part):
    """The certificate ``<sid>.relations`` over ``spec``: its claims are the check's defaults (the
    printed strings), its grids and scales keyword-only settings (structure, not printed numbers)."""
    import inspect

    claims = {"same": spec.same_claim(), "points": spec.points_claim()}
    claims |= {k: spec.kind_claim(k) for k in D.KINDS}
    settings = {"grids": spec.grids, "point_grid": spec.point_grid, "ratio_scale": spec.ratio_scale}
    P = inspect.Parameter
    # only the kinds this part holds are claims (an empty claim would be one no perturbation can move)
    sig = inspect.Signature(
        [P(k, P.POSITIONAL_OR_KEYWORD, default=v) for k, v in claims.items() if v]
        + [P(k, P.KEYWORD_ONLY, default=v) for k, v in settings.items() if v]
    )

    def run(*args, **kwargs):
        bound = sig.bind(*args, **kwargs)
        bound.apply_defaults()
        return check_printed_relations(**bound.arguments, what=part)

    run.__signature__ = sig  # type: ignore[attr-defined]  # read by inspect.signature
    run.__doc__ = f"{check_printed_relations.__doc__} Here: {part}."
    cid = D.cert_id(sid)
    run.__name__ = run.__qualname__ = f"check_{cid.replace('.', '_')}"
    return certify(
        ST[sid.partition(":")[0]],
        run,
        Kind.NUMERIC,
        f"{part}: every number printed in several places agrees, quoted grid points lie on their grid, "
        "printed fractions hold",
        cid=cid,
        title=f"{ST[sid.partition(':')[0]].title}: printed relations",
    )


#: C7's four checkpoints (§7.10), where the two distractor conventions are compared.
C7_POINTS = ((4, 10), (8, 25), (32, 15), (128, 25))


def check_sec7_10_conventions(bound="0.021", *, points=C7_POINTS):
    """§7.10: "Fig. 9 instead reports the m = T-2 form, and the two differ by less than 0.021 at every
    point below": |p_inf(m = T-2) - p_inf(m = T-1)| of (51) at C7's four points, each enclosed in Arb
    (acb.integral with its proved Gaussian tail bound), against the printed bound (strict)."""
    from theory import transition as TR
    from theory.laws import symbolic as S

    c = Checks()
    for d, T in points:
        snr = S.snr.subs(S.dk, d)
        c.within(
            f"|p_inf(m=T-2) - p_inf(m=T-1)| at (d_k, T) = ({d}, {T})",
            lambda snr=snr, T=T: abs(TR.p_inf_enclosure(snr, T - 2) - TR.p_inf_enclosure(snr, T - 1)),
            0,
            bound,
            claim=f"< {bound}",
            hi_open=True,
        )
    return c.outcome(
        f"the two conventions of Rem 72 at C7's points {list(points)}: (51) with m = T-2 against m = T-1, "
        "enclosed in ball arithmetic",
        severity="minor",
    )


#: The figure numbers the paper's captions carry ("Figure 1:" ... "Figure 86:", one caption each,
#: numbered without a gap), as transcribed from the text.
FIGURE_CAPTIONS = tuple(range(1, 87))


def check_sec7_1_inventory(figures="83", *, captions=FIGURE_CAPTIONS):
    """§7.1: "The programme comprises ... 83 figures and 36 appendix sections": the printed figure count
    against the figures the paper itself numbers (its captions).  Two readings: the programme's
    figures are the paper's (then the count must equal the number of captions), or the programme
    has figures the paper does not number (then no printed number constrains the count); the
    verdict uses the first, graded ``reading``."""
    c = Checks()
    n = len(set(captions))
    c.exact(
        "figures of the programme = figures the paper numbers",
        dec(figures) == n,
        f"{n} captions (Figure {min(captions)} to Figure {max(captions)})",
        figures,
        severity="reading",
        reading="the programme's figures read as the paper's numbered figures; if the programme counts "
        "only some of them (or figures outside the paper), no printed number constrains the count",
    )
    return c.outcome(
        f"§7.1 inventory: {figures} figures against the paper's {n} numbered figure captions",
        finding=f"§7.1 says the programme comprises {figures} figures; the paper numbers {n} "
        f"(captions Figure {min(captions)} to Figure {max(captions)})",
        reading="the programme's figures read as the paper's numbered figures",
    )


CERTIFICATES = [_spec(sid, part, spec) for sid, part, spec in D.PARTS] + [
    certify(
        ST["sec7.1"],
        check_sec7_1_inventory,
        Kind.NUMERIC,
        "the printed count of the programme's figures against the figures the paper numbers",
        cid="sec7.1.inventory",
        title="§7.1: the programme's figure count",
    ),
    certify(
        ST["sec7.10"],
        check_sec7_10_conventions,
        Kind.NUMERIC,
        "p_inf of (51) under m = T-2 and m = T-1 differ by less than the printed 0.021 at C7's four points",
        cid="sec7.10.conventions",
        title="§7.10: the two distractor conventions at C7's points",
    ),
]
