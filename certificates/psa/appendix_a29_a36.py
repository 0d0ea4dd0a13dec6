"""Appendix A29-A36 of the main paper: the arithmetic its tables and text print (issue 27).

Each certificate checks relations the paper itself prints between its numbers -- differences and
ratios beside their operands, means of listed values, run counts and totals, a number printed again
elsewhere, "best", "monotone", "within X%" -- and values that follow from a printed closed form at
printed inputs.  The printed data live once, in
:mod:`certificates.coverage.locators_data.psa_app_a29_a36` (the default claims here; the locators
are built from the same dicts).

Rounding: every printed input stands for its rounding interval.  A derived number is checked by
:func:`_rel`: the range of the relation over the box of its inputs' rounding intervals (the
relations used are monotone in each input, so the range is spanned by the box's corners, computed
in exact rationals) must meet the printed number's rounding interval -- a ``proved`` row; a value
that cannot be reached FAILS with the range shown.  A number printed again must share a value with
its source (:func:`_same`).  Closed forms with logarithms or real powers are enclosed in Arb
(:func:`certificates._companion_enclosed.derived_enclosed`).
"""

from __future__ import annotations

import functools
import itertools
from decimal import Decimal
from fractions import Fraction
from typing import Callable, Sequence

from theory import appendix
from theory.rigorous import printed_interval

from .._companion import certify
from .._subchecks import Checks
from ..coverage.locators_data import psa_app_a29_a36 as D
from ..printed import rational
from ..registry import Kind

ST = {s.id: s for s in appendix.STATEMENTS}

Q = Fraction


_x = rational  # the exact value of a printed string


def _iv(s: str, exact: bool = False) -> tuple[Fraction, Fraction]:
    """The rounding interval of a printed number (a point for an exact count)."""
    if exact:
        v = _x(s)
        return v, v
    return printed_interval(s.strip().lstrip("+"))


def _show(lo: Fraction, hi: Fraction) -> str:
    return f"{float(lo):.6g}" if lo == hi else f"[{float(lo):.6g}, {float(hi):.6g}]"


def _range(f: Callable[..., Fraction], boxes: Sequence[tuple[Fraction, Fraction]]) -> tuple[Fraction, Fraction]:
    """The range of ``f`` over a box, for ``f`` monotone in each argument there: the extremes are at
    corners (exact rationals)."""
    vals = [f(*corner) for corner in itertools.product(*[sorted(set(b)) for b in boxes])]
    return min(vals), max(vals)


def _rel(
    c: Checks,
    name: str,
    f: Callable[..., Fraction],
    inputs: Sequence[str],
    printed: "str | Sequence[str]",
    note: str = "",
    *,
    exact: Sequence[int] = (),
    **grade,
) -> bool:
    """``printed`` (or each of several printed occurrences) must be reachable by ``f`` at inputs
    inside their rounding (indices in ``exact``: exact counts): proved, exact rationals."""
    boxes = [_iv(s, i in exact) for i, s in enumerate(inputs)]
    lo, hi = _range(f, boxes)
    occ = [printed] if isinstance(printed, str) else list(printed)
    ok = True
    for k, p in enumerate(occ):
        plo, phi = _iv(p)
        good = lo <= phi and plo <= hi
        what = f"{name}" if k == 0 else f"{name} (printed again, {k + 1})"
        text = f"{note}; " if note else ""
        text += f"range over the inputs' rounding {_show(lo, hi)} (exact rationals)"
        ok &= c.exact(what, good, _show(lo, hi), p, text, **grade)
    return ok


def _same(c: Checks, name: str, source: str, again: "str | Sequence[str]", **grade) -> bool:
    """A number printed again (maybe to fewer digits) must share a value with its source."""
    return _rel(c, name, lambda v: v, [source], again, "the same quantity printed again", **grade)


def _le(c: Checks, name: str, a: str, b: str, *, strict: bool = True, note: str = "", **grade) -> bool:
    """``a < b`` (or ``<=``) between printed values taken as printed."""
    x, y = _x(a), _x(b)
    ok = x < y if strict else x <= y
    return c.exact(name, ok, f"{a} {'<' if strict else '<='} {b}: {ok}", True, note, **grade)


def _mean(*v: Fraction) -> Fraction:
    return sum(v, Q(0)) / len(v)


def _mean_rel(c: Checks, name: str, values: Sequence[str], printed: "str | Sequence[str]", note: str = "", **g):
    """The mean of many printed values (linear: its range is the mean of the ends)."""
    lo = sum((_iv(v)[0] for v in values), Q(0)) / len(values)
    hi = sum((_iv(v)[1] for v in values), Q(0)) / len(values)
    occ = [printed] if isinstance(printed, str) else list(printed)
    ok = True
    for k, p in enumerate(occ):
        plo, phi = _iv(p)
        what = name if k == 0 else f"{name} (printed again, {k + 1})"
        ok &= c.exact(
            what,
            lo <= phi and plo <= hi,
            _show(lo, hi),
            p,
            (note + "; " if note else "") + f"mean of {len(values)} printed values, over their rounding",
            **g,
        )
    return ok


def _pct(new: Fraction, ref: Fraction) -> Fraction:
    return 100 * (new - ref) / ref


#: Ball-arithmetic decisions already made, by (kind, what is enclosed, inputs, printed): a check is
#: re-run once per perturbed claim, and the enclosures it decides do not depend on the other claims.
_DECISIONS: dict = {}


def _decision(key, make):
    if key not in _DECISIONS:
        _DECISIONS[key] = make()
    return _DECISIONS[key]


def _arb_q(q: Fraction):
    """An exact rational as an Arb ball (exact where it is dyadic, else a tight enclosure)."""
    from flint import arb

    return arb(q.numerator) / arb(q.denominator)


def _enclosed_c(c: Checks, name: str, key, fn, printed: str, note: str = "", **grade) -> bool:
    """:meth:`Checks.enclosed` with the decision cached under ``key`` (what ``fn`` encloses)."""
    from theory.rigorous import decide_printed

    d = _decision(("enc", key, printed), lambda: decide_printed(fn, printed))
    return c._decided(name, d, printed, note, grade)


def _attain_c(c: Checks, name: str, key, f_arb, f_float, inputs, printed: str, note: str = "", **grade) -> bool:
    """:meth:`Checks.attainable_enclosed` with the decision cached under ``key`` (what ``f_arb`` computes)."""
    from ..enclosed import attainable

    d = _decision(("att", key, tuple(inputs), printed), lambda: attainable(f_arb, f_float, inputs, printed))
    return c._decided(name, d, printed, note, grade)


def _derived_c(c: Checks, name: str, key, f, f_float, inputs, printed: str, note: str = "", **grade) -> bool:
    """:func:`certificates._companion_enclosed.derived_enclosed` with the decision cached under ``key``."""
    from theory import rigorous as R

    from ..enclosed import AttainDecision, attainable, exact_value

    clean = tuple(v.strip().lstrip("+") for v in inputs)
    pr = printed.strip().lstrip("+")

    def make():
        ex = tuple(exact_value(v) for v in clean)
        d = R.decide_printed(lambda: f(*[R.to_arb(x) for x in ex]), pr)
        if d.verdict == "PASS":
            return AttainDecision("PASS", printed, d.interval, d.enclosure, d.prec, witness=ex), True
        return attainable(f, f_float, clean, pr), False

    d, at_exact = _decision(("der", key, clean, pr), make)
    extra = "attained at the printed inputs taken as exact" if at_exact else ""
    return c._decided(name, d, printed, "; ".join(x for x in (note, extra) if x), grade)


# =====================================================================================================
# A29
# =====================================================================================================


def check_a29(
    t101=D.T101,
    t102=D.T102,
    t103=D.T103,
    t103_summary=D.T103_SUMMARY,
    text=D.A29_TEXT,
    *,
    depths=D.T103_DEPTHS,
    L="30",
    L10="10",
):
    """Appendix A29 (Tables 101-103 and the text): Delta = momentum - baseline (Table 101) and
    baseline - momentum (Table 103) for every row; Delta_{1-2} = L_new - L_second; the depth-0 and
    depth-1 rows of Table 103 are Table 101's L_new and L_second; "drops by more than half";
    H1 = |Delta L_new| / L_new < 15%, H2 = the relative change of L_rep, H3 and H4 the Deltas of
    Table 101 (H4 above the L = 10 gap); "momentum wins at every depth 1 through 19" (exactly those
    depths have Delta > 0); the average and deep-chain (k >= 10) improvements as means of the
    Delta column; p^L at p = 0.95 (taken exact: a hypothesis) for L = 10 and L = 30; "tripling";
    every number printed again in the text."""
    c = Checks()
    cols = ("baseline", "momentum")
    for row, (b, m, d) in t101.items():
        _rel(c, f"Table 101 {row}: Delta = M - B", lambda x, y: y - x, (b, m), d)
    for j in range(2):
        _rel(
            c,
            f"Table 101 Delta_1-2 = L_new - L_second ({cols[j]})",
            lambda x, y: x - y,
            (t101[D._LNEW][j], t101[D._LSEC][j]),
            t101[D._D12][j],
        )
    b, m, _ = t101[D._LREP]
    c.exact("Table 101 caption: L_rep drops by more than half", 2 * _x(m) < _x(b), f"2 x {m} < {b}", True)
    for k in range(2):
        _same(c, f"Table 101 caption / intro: L_rep {cols[0]} ({k + 1})", b, text["rep_base"][k])
        _same(c, f"Table 101 caption / intro: L_rep {cols[1]} ({k + 1})", m, text["rep_mom"][k])
    _same(c, "A29.4 / box: average L_rep (baseline)", b, text["rep_base"][2:])
    _same(c, "A29.4 / box: L_rep (momentum)", m, text["rep_mom"][2:])
    _same(c, "A29.4: L_new (momentum)", t101[D._LNEW][1], text["new_mom"])
    _same(c, "A29.4: L_new (baseline)", t101[D._LNEW][0], text["new_base"])
    # Table 102
    h1_lim, h1 = t102["H1"]
    nb, nm, _ = t101[D._LNEW]
    _rel(c, "Table 102 H1: |Delta L_new| / L_new (%)", lambda x, y: 100 * abs(y - x) / x, (nb, nm), h1)
    c.exact("Table 102 H1: below the threshold", _x(h1) < _x(h1_lim), f"{h1} < {h1_lim}", True)
    _rel(c, "Table 102 H2: relative change of L_rep (%)", _pct, (m, b), t102["H2"][1])
    _rel(
        c,
        "text: relative change of L_rep (%)",
        _pct,
        (m, b),
        text["rep_pct"][:3],
    )
    _rel(
        c, "text: relative change of L_rep, printed again (%)", _pct, (m, b), text["rep_pct"][3:] + text["rep_pct_t122"]
    )
    _rel(c, "A29.4: L_rep collapses by (%)", lambda x, y: -_pct(x, y), (m, b), text["rep_drop"])
    _same(c, "Table 102 H3 = Table 101 Delta_1-2", t101[D._D12][2], t102["H3"][1])
    gap, h4 = t102["H4"]
    _rel(c, "Table 102 H4 = -Delta L_rep of Table 101", lambda x: -x, (t101[D._LREP][2],), h4)
    c.exact("Table 102 H4: gap above the L = 10 gap", _x(h4) > _x(gap), f"{h4} > {gap}", True)
    # Table 103
    rows = list(t103.items())
    for row, (bb, mm, d) in rows:
        _rel(c, f"Table 103 depth {row.strip('$')}: Delta = B - M", lambda x, y: x - y, (bb, mm), d)
    for j in range(2):
        _same(c, f"Table 103 depth 0 = Table 101 L_new ({cols[j]})", t101[D._LNEW][j], rows[0][1][j])
        _same(c, f"Table 103 depth 1 = Table 101 L_second ({cols[j]})", t101[D._LSEC][j], rows[1][1][j])
    deltas = {int(k): row[2] for k, row in zip(depths, t103.values())}
    won = sorted(k for k, d in deltas.items() if _x(d) > 0)
    for i in range(0, len(text["wins"]), 2):
        lo_, hi_ = int(text["wins"][i]), int(text["wins"][i + 1])
        c.exact(
            f"momentum wins at every depth {lo_} through {hi_} ({i // 2 + 1})",
            won == list(range(lo_, hi_ + 1)),
            f"Delta > 0 at depths {won[0]}..{won[-1]} ({len(won)} depths)" if won else "none",
            f"{lo_}..{hi_}",
        )
    lost = [k for k, d in deltas.items() if _x(d) < 0]
    c.exact("only depth 0 goes to baseline", lost == [int(text["depth0"][0])], str(lost), text["depth0"][0])
    _rel(c, "depth 0 lost by (nats)", lambda x: -x, (deltas[int(text["depth0"][0])],), text["depth0"][1])
    a_lo, a_hi, a_mean = t103_summary["average"]
    _mean_rel(
        c,
        f"Table 103 average improvement (depth {a_lo}-{a_hi})",
        [deltas[k] for k in range(int(a_lo), int(a_hi) + 1)],
        a_mean,
        severity="minor",
        reading="the row is labelled depth 1-19; +0.4060 is the mean over depths 0-19 (8.1200/20)",
    )
    _same(c, "Table 103 caption: average improvement", a_mean, text["average"])
    d_lo, d_mean = t103_summary["deep"]
    _mean_rel(
        c, f"Table 103 deep-chain improvement (k >= {d_lo})", [d for k, d in deltas.items() if k >= int(d_lo)], d_mean
    )
    _same(c, "Table 103 caption: deep-chain improvement", d_mean, text["deep"])
    # A29.1: p^L at the per-hop fidelity p (a hypothesis, exact)
    for k, h in enumerate(text["hop_pct"]):
        c.exact(f"per-hop fidelity {h}% = {text['hop'][0]} ({k + 1})", _x(h) == 100 * _x(text["hop"][k]), h, "95")
    l10, l30 = text["triple"]
    c.exact("tripling the chain length", 3 * _x(l10) == _x(l30), f"3 x {l10} = {l30}", True)
    c.exact("the stress test's L", _x(L) == _x(l30), L, l30)
    c.exact("the earlier chain length", _x(L10) == _x(l10), L10, l10)
    _rel(c, f"p^{l10} (%)", lambda p: 100 * p ** int(l10), (text["hop"][0],), text["p10"][0], exact=(0,))
    _rel(c, f"p^{l30} (%)", lambda p: 100 * p ** int(l30), (text["hop"][1],), text["p30"][0], exact=(0,))
    return c.outcome(
        "Appendix A29 arithmetic (Tables 101-103 and the text); exact rationals over the rounding",
        finding="Table 103's 'average improvement (depth 1-19)' +0.4060 is not the mean of the Delta column over "
        "depths 1-19 (8.1542/19 = 0.4292); it is the mean over depths 0-19 (8.1200/20 = 0.4060)",
    )


# =====================================================================================================
# A30
# =====================================================================================================


def check_a30(
    t104=D.T104,
    t104_improvement=D.T104_IMPROVEMENT,
    t105=D.T105,
    t106=D.T106,
    t107=D.T107,
    t108=D.T108,
    a304=D.A304,
    t109=D.T109,
    text=D.A30_TEXT,
    t101=D.T101_BM,
    *,
    layers=("0", "1", "2", "3"),
):
    """Appendix A30 (Tables 104-109, the table of §A30.4 and the text): Delta = M - B (Table 104)
    and the relative L_rep improvement (B - M)/B, printed again as a "+4.1% regression"; the
    DC/Nyquist ratios of Table 105 from its DC and Nyquist rows, printed again in the caption and in
    Table 107, whose H(b) FAIL is the ratio rising; Table 106: DC grows with depth in both columns,
    less in the momentum one ("96 -> 844"); Table 108: notebook B reproduces Table 101 exactly and
    both improvement cells are Table 101's relative change; §A30.4: the two gamma = 0 baselines
    (Table 104 and Table 101) and their differences ("0.60 nats"); Table 109: Delta-entropy = M - B;
    r = 0.9865 printed again ("99% correlated"); d_head = d_model / heads (256 / 8 = 32).
    ``t101``: Table 101's baseline and momentum columns as printed (located by A29.stress)."""
    c = Checks()
    for row, (b, m, d) in t104.items():
        _rel(c, f"Table 104 {row}: Delta = M - B", lambda x, y: y - x, (b, m), d)
    rb, rm, _ = t104[D._LREP]
    _rel(c, "Table 104 improvement (B - M)/B (%)", lambda x, y: 100 * (x - y) / x, (rb, rm), t104_improvement)
    _rel(c, "Table 107 H(c)", lambda x, y: 100 * (x - y) / x, (rb, rm), t107["H(c)"][0])
    _rel(
        c,
        "the L_rep regression of notebook A, printed as (M - B)/B (%)",
        lambda x, y: 100 * (y - x) / x,
        (rb, rm),
        text["regression"] + text["regression_t122"],
    )
    (db, dm), (nb, nm), (qb, qm) = t105["DC component"], t105["Nyquist component"], t105["DC / Nyquist ratio"]
    _rel(c, "Table 105 DC/Nyquist (baseline)", lambda x, y: x / y, (db, nb), (qb, text["ratio_caption"][0]))
    _rel(c, "Table 105 DC/Nyquist (momentum)", lambda x, y: x / y, (dm, nm), (qm, text["ratio_caption"][1]))
    _same(c, "Table 107 H(a) = Table 105 ratio (baseline)", qb, t107["H(a)"][0])
    _same(c, "Table 107 H(b) = Table 105 ratio (momentum)", qm, t107["H(b)"][0])
    c.exact(
        "Table 107 H(b) FAIL: the ratio rises (not high-pass)",
        _x(t107["H(b)"][0]) > _x(t107["H(a)"][0]),
        f"{t107['H(b)'][0]} > {t107['H(a)'][0]}",
        True,
    )
    order = sorted(range(len(layers)), key=lambda i: int(layers[i]))  # rows by layer index
    cols = [tuple(col[i] for i in order) for col in zip(*t106.values())]
    for j, name in enumerate(("baseline", "momentum")):
        v = [_x(x) for x in cols[j]]
        c.exact(f"Table 106 DC ({name}) grows with depth", all(a < b for a, b in zip(v, v[1:])), cols[j], "increasing")
    c.exact(
        "Table 106: the momentum DC grows less (last/first)",
        _x(cols[1][-1]) / _x(cols[1][0]) < _x(cols[0][-1]) / _x(cols[0][0]),
        f"{cols[1][-1]}/{cols[1][0]} < {cols[0][-1]}/{cols[0][0]}",
        True,
    )
    _same(c, "Table 106 caption: DC at layer 0 (baseline)", cols[0][0], text["dc_caption"][0])
    _same(c, "Table 106 caption: DC at the last layer (baseline)", cols[0][-1], text["dc_caption"][1])
    for row, vals in t108.items():
        if row not in t101:
            continue
        for j in range(4):
            _same(c, f"Table 108 {row} col {j + 1} = Table 101", t101[row][j % 2], vals[j])
    b101, m101 = t101[D._LREP]
    imp = t108["$L_{\\mathrm{rep}}$ improvement"]
    _rel(c, "Table 108 L_rep improvement (%)", _pct, (m101, b101), (imp[0], imp[2]))
    for key, (a, b, d) in a304.items():
        row = D._A304_ROWS[key]
        _same(c, f"§A30.4 {key}: notebook A = Table 104 baseline", t104[row][0], a)
        _same(c, f"§A30.4 {key}: notebook B = Table 101 baseline", t101[row][0], b)
        _rel(c, f"§A30.4 {key}: difference |A - B|", lambda x, y: abs(x - y), (a, b), d)
    _same(c, "§A30.4: the L_rep discrepancy", a304["L_rep"][2], text["discrepancy"][0])
    (hb, hm), (dh, _) = t109["Spectral entropy $H$"], t109["$\\Delta$-entropy (M$-$B)"]
    _rel(c, "Table 109 Delta-entropy = M - B", lambda x, y: y - x, (hb, hm), dh)
    r = text["r_t109"][0]
    _same(c, "r = 0.9865 printed again", r, text["r"] + text["r_t122"])
    _rel(c, "'99% correlated' = 100 r", lambda x: 100 * x, (r,), text["r_pct"][0])
    dm_, heads, dhead = text["heads"]
    c.exact("§A30.1 d_head = d_model / heads", _x(dm_) / _x(heads) == _x(dhead), f"{dm_}/{heads}", dhead)
    return c.outcome("Appendix A30 arithmetic (Tables 104-109, §A30.4, the text); exact rationals over the rounding")


# =====================================================================================================
# A31.1-A31.5
# =====================================================================================================


def _decade_ok(lo: Fraction, hi: Fraction, k: int) -> bool:
    """Some value in [lo, hi] (> 0) lies in the decade [10^k, 10^(k+1))."""
    return lo < Q(10) ** (k + 1) and hi >= Q(10) ** k


def _decade(s: str) -> int:
    """The decade a printed power of ten names ("1e-7" -> -7)."""
    v = _x(s)
    if v <= 0:
        return -(10**9)  # no decade: a non-positive number names none (compares as no decade does)
    k = 0
    while Q(10) ** k > v:
        k -= 1
    while Q(10) ** (k + 1) <= v:
        k += 1
    return k


def check_a31_sweep(
    t111=D.T111,
    t110_grid=D.T110_GRID,
    n_grid="13",
    text=D.A31S_TEXT,
    *,
    spikes=D.T111_SPIKES,
):
    """Appendix A31.1-A31.5 (Tables 110-111 and the text): the grid of Table 110 is Table 111's
    gamma column and has as many points as printed ("13" wherever printed), its largest point is
    the printed bound (0.15); 91.7M, 768, 16, 10,000 and 250 printed again agree; 752 = 768 - 16;
    the range of R over Table 111 ([0.374, 0.603], "0.37-0.60", "0.4-0.6", "-> 0.6"); the
    determinant column "flat at 1.0000" / "at 1.0000 in every cell"; the other values of that column
    and their count (three), each row's R^16 in the decade of the print floor or above; R^16 over the
    column spans the decades 10^-7-10^-4; the print floor 5e-5 of four decimals; kappa's largest
    value and decades; the best fluency loss, its gamma, the improvement over gamma = 0 (nats and
    %); the logic loss 0.6934 in every row, about ln 2; the 90% / 10% mix.  ``spikes``: the rows
    the table marks "(spike)" (labels, not numbers)."""
    c = Checks()
    rows = list(t111.values())
    gammas = [r[0] for r in rows]
    n = len(rows)
    c.exact(
        "Table 110 grid = Table 111 gamma column",
        [_x(g) for g in t110_grid] == [_x(g) for g in gammas],
        ", ".join(t110_grid),
        ", ".join(gammas),
    )
    c.exact("Table 110: grid points as printed", int(n_grid) == len(t110_grid), len(t110_grid), n_grid)
    for k, v in enumerate(text["n13"]):
        c.exact(f"the sweep has {v} points / runs ({k + 1})", int(v) == n, n, v)
    gmax = max(_x(g) for g in gammas)
    for k, v in enumerate(text["gmax"]):
        c.exact(f"largest coupling of the grid ({k + 1})", _x(v) == gmax, float(gmax), v)
    short = text["grid_short"]
    c.exact(
        "§A31.3 grid {0, 1e-4, ..., 1e-1, 0.15}",
        [_x(v) for v in short] == [_x(t110_grid[0]), _x(t110_grid[1]), _x(t110_grid[-2])],
        ", ".join(short),
        f"{t110_grid[0]}, {t110_grid[1]}, {t110_grid[-2]}",
    )
    _same(c, "91.7M printed again", text["params"][1], text["params"][:1] + text["params"][2:])
    _same(c, "d_model = 768 printed again", text["d768_t110"][0], text["d768"])
    _same(c, "the 16-dim subspace printed again", text["j16"][0], text["j16"][1:])
    c.exact(
        "752 = 768 - 16",
        _x(text["rest752"][0]) == _x(text["d768_t110"][0]) - _x(text["j16"][0]),
        f"{text['d768_t110'][0]} - {text['j16'][0]}",
        text["rest752"][0],
    )
    _same(c, "10,000 training steps printed again", text["steps"][1], text["steps"][:1] + text["steps"][2:])
    _same(c, "diagnostics every 250 steps printed again", text["every"][0], text["every"][1])
    R = [r[4] for r in rows]
    rmin = min(R, key=_x)
    rmax = max(R, key=_x)
    lo_p, hi_p, lo2, hi2, lo1, hi1, hi_a = text["R_range"]
    _same(c, "min R over Table 111", rmin, (lo_p, lo2, lo1))
    _same(c, "max R over Table 111", rmax, (hi_p, hi2, hi1, hi_a))
    c.exact("R below unity throughout", _x(rmax) < 1, rmax, "< 1")
    _same(c, "R at step 0 printed again", text["R0"][0], text["R0"][1:])
    det = [r[3] for r in rows]
    for k, v in enumerate(text["det_flat"]):
        bad = [d for d in det if _x(d) != _x(v)]
        c.exact(
            f"|det J - 1| flat at {v} in every row ({('caption', 'item 2')[k] if k < 2 else k + 1})",
            not bad,
            f"{len(bad)} of {n} rows print otherwise ({', '.join(bad)})" if bad else f"all {n}",
            f"{v} in all {n}",
            severity="minor",
            reading="'flat at 1.0000 across all 13 runs' / 'at 1.0000 in every cell' read literally; "
            "§A31.4 itself names the three rows printing 0.9999 or 0.9998",
        )
    mode = max(set(det), key=det.count)
    for k, v in enumerate(text["det_saturated"]):
        c.exact(f"the saturated value is the column's usual value ({k + 1})", _x(v) == _x(mode), mode, v)
    off = [(row, r[3], r[4]) for row, r in t111.items() if _x(r[3]) != _x(mode)]
    c.exact(
        "§A31.4: the other values of the column",
        sorted({_x(d) for _, d, _ in off}) == sorted({_x(v) for v in text["det_off"]}),
        ", ".join(d for _, d, _ in off),
        " or ".join(text["det_off"]),
    )
    c.exact("§A31.4: 'the only three rows'", len(off) == 3, len(off), 3)
    floor = text["floor"][0]
    places = -int(Decimal(mode).as_tuple().exponent)
    c.exact(
        "print floor of the column (half a unit in its last place)",
        _x(floor) == Q(1, 2) / Q(10) ** places,
        f"0.5e-{places}",
        floor,
    )
    fk = _decade(floor)
    for row, _d, r in off:
        lo, hi = _iv(r)
        c.exact(
            f"R^16 of row {row} of the order of the floor or above",
            hi**16 >= Q(10) ** fk,
            _show(lo**16, hi**16),
            f">= 1e{fk} (the floor's decade)",
        )
    (r16lo, r16hi) = text["R16"]
    for label, r, k in (("smallest", rmin, _decade(r16lo)), ("largest", rmax, _decade(r16hi))):
        lo, hi = _iv(r)
        c.exact(f"decade of the {label} R^16", _decade_ok(lo**16, hi**16, k), _show(lo**16, hi**16), f"10^{k}")
    kap = {row: r[5] for row, r in t111.items() if r[5] is not None}
    kmax = max(kap.values(), key=_x)
    up_to, reaches, sp_lo, sp_hi = text["kappa"]
    c.exact("kappa 'up to 10^8': decade of the largest", _decade_ok(*_iv(kmax), _decade(up_to)), kmax, up_to)
    _same(c, "kappa reaches its largest value", kmax, reaches)
    sp = [kap[r] for r in spikes]
    c.exact(
        "the spikes span the decades 10^7-10^8",
        {_decade(v) for v in sp} == set(range(_decade(sp_lo), _decade(sp_hi) + 1)),
        ", ".join(sp),
        f"{sp_lo}-{sp_hi}",
    )
    fl = {r[0]: r[1] for r in rows}
    g_best = min(fl, key=lambda g: _x(fl[g]))
    b1, b2, bval, b3 = text["best"]
    for k, g in enumerate((b1, b2, b3)):
        c.exact(f"the best fluency loss is at gamma = {g} ({k + 1})", _x(g) == _x(g_best), g_best, g)
    _same(c, "the best fluency loss", fl[g_best], bval)
    g0, v0 = text["base"]
    at0 = [r[1] for r in rows if _x(r[0]) == _x(g0)]
    c.exact(f"gamma = {g0} is a row of Table 111", bool(at0), g0, "a row")
    if at0:
        _same(c, f"fluency loss at gamma = {g0}", at0[0], v0)
    d_, pc = text["gain"]
    _rel(c, "improvement (nats)", lambda a, b: a - b, (v0, bval), d_)
    _rel(c, "improvement (%)", lambda a, b: 100 * (a - b) / a, (v0, bval), pc)
    lg = text["logic"][0]
    bad = [r[2] for r in rows if _x(r[2]) != _x(lg)]
    c.exact(f"logic loss {lg} in every row", not bad, f"{n - len(bad)} of {n}", n)
    c.approx_enclosed(
        "logic loss about ln 2 (chance)",
        lambda: _arb_q(Fraction(2)).log(),
        lg,
        word="≈",
        note="ln 2 within the word's tolerance of the printed loss",
    )
    f90, f10, f10b = text["mix"]
    c.exact("DualTask mix: 90% + 10% = 100%", _x(f90) + _x(f10) == 100, f"{f90} + {f10}", 100)
    _same(c, "the 10% logic portion printed again", f10, f10b)
    return c.outcome(
        "Appendix A31.1-A31.5 arithmetic (Tables 110-111 and the text)",
        finding="Table 111's caption and §A31.3 say the |det J - 1| column is 'flat at 1.0000 across all 13 runs' / "
        "'at 1.0000 in every cell', but three rows print 0.9999, 0.9999 and 0.9998 (as §A31.4 itself says)",
    )


# =====================================================================================================
# A31.6-A31.10
# =====================================================================================================


@functools.lru_cache(maxsize=None)
def _thresholds(d: int, T: int = 512):
    """(gamma_c of the T_4 law (52) as a function of the condensation constant c (arb), gamma_c of
    the T_3 T_4 law (69) (arb)) at (d, T) -- the §10 table's laws, decided as in sec10d."""
    from theory import addendum as AD
    from theory import transition as TR

    if TR.mean_field_side(d, T):
        t4 = lambda c: TR.gamma_c_mean_field_enclosure(d, T)  # noqa: E731
    else:
        t4 = lambda c: TR.gamma_c_condensed_enclosure(T, c)  # noqa: E731
    return t4, AD.gamma_c_t3t4_enclosure(d, T)


def check_a31_emergence(
    t112=D.T112,
    text=D.A31E_TEXT,
    *,
    T="512",
    c="0.741",
):
    """Appendix A31.6-A31.10 (Table 112, the depth-law table and the text).  Table 112: the
    emerged count is the number of listed steps, the mean their mean, the seed counts follow the two
    sweeps (two seeds from the width sweep, a third at 0.00 and 0.40, three at gamma >= 0.50) and
    total the printed 27; E-bar against §A31.8's ranges (emerged runs in [4.1, 16.7], failures at
    gamma <= 0.10 in [7, 21], at gamma >= 1.00 in [54, 103]) and, at 0.60, the mean of the three
    printed E.  The sweeps: 80 = widths x couplings x four seeds, 49 completed (seeds 0-1 everywhere,
    seed 2 at 32 and at 48 but 0.40), 31 unrun = twenty seed-3 + eleven seed-2 cells (48 at 0.40, 64,
    128), 17 = 5 x 3 + 2, 27 = 10 + 17, the couplings of both sweeps = Table 112's rows.  The
    thresholds at T = 512 from the laws (52) (c = 0.741 as printed, a rounded input) and (69); 0.40
    below all; d_k = 128 the lowest.  91,310,592 -> 91.3M, 91M.  ln 8192 = 9.0109 inside the
    final-loss range; 511 = 512 - 1.  The reproducibility floor (1150 - 1000 = 150, about 13%), the
    optimum (3/3, the smallest mean), its steps and mean, 3.8x, the spread 300 = 2 x 150, 0/6, the
    onset at 0.40, the fastest run, the anomaly at 0.60 and 'the joint-fastest run'.  (1 + 2 gamma)^2.
    The depth law 4.17 N^-0.73 at N = 12 (0.680, 1.18, within 18%), linear accumulation 4.17/12
    (0.347, 2.31, 2.3), the implied exponent (0.664), the band's exponents [0.62, 0.94] containing
    0.73; 12 = 1.5 x 8; grid spacing 0.20.  ``T``: the sequence length of the §10 table's laws;
    ``c``: the printed condensation constant."""
    from flint import arb

    c_ = Checks()
    ck = c_
    tx = text
    rows = list(t112.values())
    g = [r[0] for r in rows]
    gq = [_x(v) for v in g]
    # --- Table 112 internal
    for row, (gm, (em, n), steps, mean, _E) in t112.items():
        ck.exact(f"Table 112 {gm}: emerged = runs with steps", int(em) == len(steps), len(steps), em)
        if mean is not None:
            _rel(ck, f"Table 112 {gm}: mean of the steps", lambda *v: _mean(*v), steps, mean, exact=range(len(steps)))
    third = {_x(v) for v in tx["third"]}
    for row, (gm, (em, n), *_rest) in t112.items():
        want = 3 if (_x(gm) >= _x(tx["sw2_min"][0]) or _x(gm) in third) else 2
        ck.exact(f"Table 112 {gm}: seeds from the two sweeps", int(n) == want, n, want)
    total = sum(int(r[1][1]) for r in rows)
    for k, v in enumerate(tx["runs27"]):
        ck.exact(f"runs on the d_k = 128 curve ({k + 1})", int(v) == total, total, v)
    # E-bar against §A31.8's ranges (bounds printed: their rounding)
    (e1, e2), (h1, h2), (l1, l2) = tx["E_emerged"], tx["E_high"], tx["E_low"]
    emerged_iv = (_iv(e1)[0], _iv(e2)[1])
    for row, (gm, (em, n), steps, mean, E) in t112.items():
        k, m = int(em), int(n)
        fails = m - k
        if fails and _x(gm) >= _x(tx["fail_hi"][0]):  # failures at gamma >= 1.00
            lo, hi = _iv(h1)[0], _iv(h2)[1]
        elif fails and _x(gm) <= _x(tx["fail_lo"][0]):  # failures at gamma <= 0.10
            lo, hi = _iv(l1)[0], _iv(l2)[1]
        elif fails:
            continue  # no range is printed for these failures
        else:
            lo, hi = emerged_iv
        lo_m = (k * emerged_iv[0] + fails * lo) / m
        hi_m = (k * emerged_iv[1] + fails * hi) / m
        plo, phi = _iv(E)
        ck.exact(
            f"Table 112 {gm}: E-bar within §A31.8's ranges",
            plo <= hi_m and lo_m <= phi,
            _show(lo_m, hi_m),
            E,
            f"mean of {k} emerged run(s) in [{e1}, {e2}] and {fails} failed run(s) in [{_show(lo, hi)}]",
            severity="minor",
            reading="the ranges of §A31.8 read as covering every run of the 27 they describe",
        )
    E060 = tx["E060"]
    row060 = [r for r in rows if _x(r[0]) == _x(tx["anomaly"][0])]
    if row060:
        _rel(ck, "Table 112 0.60: E-bar = mean of the three printed E", _mean, E060, row060[0][4])
    ck.exact(
        "§A31.8: the emerging seed at 0.60 within the emerged range",
        emerged_iv[0] <= _x(E060[2]) <= emerged_iv[1],
        E060[2],
        f"[{e1}, {e2}]",
    )
    # --- the sweeps' run counts
    W, C = tx["widths"], tx["couplings"]
    planned = len(W) * len(C) * 4
    for k, v in enumerate(tx["planned"]):
        ck.exact(f"runs planned = widths x couplings x four seeds ({k + 1})", int(v) == planned, planned, v)
    s0, s1 = tx["seed01"]
    skip = tx["seed2_w"][2]
    done = len(W) * len(C) * 2 + len(C) + sum(1 for v in C if _x(v) != _x(skip))
    ck.exact("seeds 0 and 1 are the first two", (int(s0), int(s1)) == (0, 1), f"{s0}, {s1}", "0, 1")
    ck.exact("seed 2 is the third", all(int(v) == 2 for v in tx["seed2"]), tx["seed2"], "2")
    ck.exact(
        "seed 2 widths are sweep widths",
        all(_x(v) in {_x(w) for w in W} for v in tx["seed2_w"][:2]),
        tx["seed2_w"][:2],
        W,
    )
    ck.exact("seed 2 skipped coupling is a sweep coupling", _x(skip) in {_x(v) for v in C}, skip, C)
    two = {_x(v) for v in tx["two_w"]}
    ck.exact(
        "widths with two seeds = the others",
        two == {_x(w) for w in W} - {_x(v) for v in tx["seed2_w"][:2]},
        tx["two_w"],
        "the widths without seed 2",
    )
    for k, v in enumerate(tx["done"]):
        ck.exact(f"runs completed ({k + 1})", int(v) == done, done, v)
    ck.exact(
        "unrun = planned - completed",
        int(tx["unrun"][0]) == planned - int(tx["done"][0]),
        planned - int(tx["done"][0]),
        tx["unrun"][0],
    )
    ck.exact(
        "seed-3 is the last of four seeds",
        int(tx["seed3"][0]) == planned // (len(W) * len(C)) - 1,
        planned // (len(W) * len(C)) - 1,
        tx["seed3"][0],
    )
    uw = tx["unrun_w"]
    eleven = 1 + len(C) * 2
    ck.exact(
        "unrun seed-2 cells: 48 at 0.40, 64 and 128 (eleven)",
        _x(uw[1]) == _x(skip)
        and {_x(uw[0])} == {_x(tx["seed2_w"][1])}
        and {_x(uw[2]), _x(uw[3])} == two
        and 20 + eleven == int(tx["unrun"][0]),
        f"{uw}",
        "48 (0.40), 64, 128; 20 + 11 = 31",
    )
    for k, v in enumerate(tx["wmax"]):
        ck.exact(f"the width sweep's top coupling ({k + 1})", _x(v) == max(_x(x) for x in C), v, max(C, key=_x))
    sw2 = tx["sw2"]
    ck.exact(
        "the two sweeps' couplings = Table 112's rows",
        sorted({_x(v) for v in C} | {_x(v) for v in sw2}) == sorted(gq),
        ", ".join(C + sw2),
        ", ".join(g),
    )
    for k, v in enumerate(tx["sw2_min"]):
        ck.exact(
            f"the supercritical sweep's lowest coupling ({k + 1})",
            _x(v) == min(_x(x) for x in sw2),
            v,
            min(sw2, key=_x),
        )
    ck.exact(
        "the supercritical sweep's top coupling",
        _x(tx["sw2_max"][0]) == max(_x(x) for x in sw2),
        tx["sw2_max"][0],
        max(sw2, key=_x),
    )
    ck.exact("third seeds at rows of the width sweep", third <= {_x(v) for v in C}, tx["third"], C)
    ck.exact(
        "supercritical runs = 5 x 3 + 2",
        int(tx["runs17"][0]) == len(sw2) * 3 + len(third),
        len(sw2) * 3 + len(third),
        tx["runs17"][0],
    )
    ck.exact(
        "27 = the width sweep's d_k = 128 runs + 17",
        total == len(C) * 2 + int(tx["runs17"][0]),
        len(C) * 2 + int(tx["runs17"][0]),
        total,
    )
    for k, v in enumerate(tx["w128"]):
        ck.exact(f"the supercritical width ({k + 1})", _x(v) == max(_x(w) for w in W), v, max(W, key=_x))
    # --- thresholds
    from theory.rigorous import to_arb

    Ti = int(T)
    ck.exact(
        "threshold widths = the sweep's widths", [_x(v) for v in tx["thr_w"]] == [_x(v) for v in W], tx["thr_w"], W
    )
    for w, p4, p34 in zip(tx["thr_w"], tx["thr_t4"], tx["thr_t3t4"]):
        t4, t34 = _thresholds(int(w), Ti)
        _attain_c(
            ck, f"gamma_c^T4 at d_k = {w}", ("T4", w, Ti), t4, lambda cc, t4=t4: float(t4(to_arb(cc)).mid()), [c], p4
        )
        _enclosed_c(ck, f"gamma_c^T3T4 at d_k = {w}", ("T3T4", w, Ti), lambda t34=t34: t34, p34)
    thr = {_x(w): (p4, p34) for w, p4, p34 in zip(tx["thr_w"], tx["thr_t4"], tx["thr_t3t4"])}
    w48, w64 = tx["a36_w"]
    t48, t64, s48, s64 = tx["a36_thr"]
    for w, p4, p34 in ((w48, t48, s48), (w64, t64, s64)):
        ok = _x(w) in thr and _x(thr[_x(w)][0]) == _x(p4) and _x(thr[_x(w)][1]) == _x(p34)
        c_.exact(f"A36.1: thresholds at d_k = {w} as in §A31.6", ok, f"{p4}, {p34}", thr.get(_x(w)))
    lowest = min(tx["thr_w"], key=lambda w: float(_thresholds(int(w), Ti)[1].mid()))
    ck.exact("d_k = 128 carries the lowest thresholds", _x(lowest) == _x(tx["w128"][0]), lowest, tx["w128"][0])
    ck.exact(
        "the width sweep's top coupling below every threshold",
        all(_x(tx["wmax"][0]) < _x(v) for v in tx["thr_t4"] + tx["thr_t3t4"]),
        tx["wmax"][0],
        "below all",
    )
    t4_128, t34_128 = _thresholds(int(tx["w128"][0]), Ti)
    for k, v in enumerate(tx["t3t4_128"] + tx["t3t4_128_3"]):
        _enclosed_c(ck, f"gamma_c^T3T4 at 128 ({k + 1})", ("T3T4", tx["w128"][0], Ti), lambda: t34_128, v)
    for k, v in enumerate(tx["t4_128"] + tx["t4_128_3"]):
        _enclosed_c(ck, f"gamma_c^T4 at 128 ({k + 1})", ("T4mf", tx["w128"][0], Ti), lambda: t4_128(None), v)
    from theory import transition as TR

    _enclosed_c(
        ck,
        "second root of the quartic at 128",
        ("root2", tx["w128"][0], Ti),
        lambda: TR.gamma_c_roots_enclosure(int(tx["w128"][0]), Ti)[1],
        tx["root2"][0],
    )
    _enclosed_c(
        ck,
        "second root of the quartic at 128 (3 decimals)",
        ("root2", tx["w128"][0], Ti),
        lambda: TR.gamma_c_roots_enclosure(int(tx["w128"][0]), Ti)[1],
        tx["root2_3"][0],
    )
    # --- the model
    pe = tx["p_exact"][0]
    _rel(ck, "91,310,592 parameters -> 91.3M", lambda v: v / 10**6, (pe,), tx["p913"], exact=(0,))
    ck.exact(
        "91,310,592 parameters -> 91M (title)",
        _iv(tx["p91"][0])[0] <= _x(pe) / 10**6 <= _iv(tx["p91"][0])[1],
        float(_x(pe) / 10**6),
        tx["p91"][0],
    )
    _same(ck, "d_model = 768 printed again", tx["d768"][0], tx["d768"][1:])
    _same(ck, "12 layers printed again (N = 12)", tx["layers"][0], tx["layers"][1:])
    _same(ck, "vocabulary 8192 printed again", tx["vocab"][0], tx["vocab"][1:])
    _same(ck, "block 512 printed again", tx["block"][0], tx["block"][1])
    ck.exact(
        "last scored position = block - 1", _x(tx["last_pos"][0]) == _x(tx["block"][0]) - 1, tx["last_pos"][0], "511"
    )
    _same(ck, "learning rate printed again", tx["lr"][0], tx["lr"][1:])
    _same(ck, "the 3000-step budget printed again", tx["budget"][0], tx["budget"][1:])
    for k, v in enumerate(tx["emerge_pct"]):
        ck.exact(f"emergence at 50% = accuracy 0.50 ({k + 1})", _x(v) == 100 * _x(tx["emerge"][0]), v, "50")
    for k, v in enumerate(tx["chance"]):
        _enclosed_c(ck, f"ln 8192 ({k + 1})", ("ln", tx["vocab"][-1]), lambda: arb(int(tx["vocab"][-1])).log(), v)
    lo9, hi9 = tx["chance_range"]
    ck.exact(
        "chance inside the final-loss range",
        _x(lo9) <= _x(tx["chance"][0]) <= _x(hi9),
        tx["chance"][0],
        f"[{lo9}, {hi9}]",
    )
    # --- reproducibility floor
    ck.exact("the repeated configuration is a row", _x(tx["repro_g"][0]) in gq, tx["repro_g"][0], "a row")
    rowr = [r for r in rows if _x(r[0]) == _x(tx["repro_g"][0])]
    seed = int(tx["repro_seed"][0])
    ck.exact(
        "Table 112 prints one of the two passes for that seed",
        bool(rowr) and len(rowr[0][2]) > seed and _x(rowr[0][2][seed]) in {_x(v) for v in tx["repro"]},
        rowr[0][2][seed] if rowr and len(rowr[0][2]) > seed else None,
        tx["repro"],
    )
    a, b = tx["repro"]
    for k, v in enumerate(tx["floor"]):
        ck.exact(f"floor = difference of the two passes ({k + 1})", abs(_x(a) - _x(b)) == _x(v), abs(_x(a) - _x(b)), v)
    ck.approx_enclosed(
        "floor about 13% of a pass",
        functools.partial(_arb_q, 100 * _x(tx["floor"][0]) / _mean(_x(a), _x(b))),
        tx["floor_pct"][0],
        word="about",
        note="relative to the mean of the two passes",
    )
    # --- the optimum and the items of §A31.7
    full = [r for r in rows if r[1][0] == r[1][1]]
    opt = min(full, key=lambda r: _x(r[3]))
    for k, v in enumerate(tx["opt"]):
        ck.exact(f"the optimum: all seeds emerge, smallest mean ({k + 1})", _x(v) == _x(opt[0]), opt[0], v)
    ck.exact(
        "the optimum's steps",
        sorted(_x(v) for v in tx["opt_steps"]) == sorted(_x(v) for v in opt[2]),
        opt[2],
        tx["opt_steps"],
    )
    _rel(ck, "the optimum's mean", _mean, tx["opt_steps"], tx["opt_mean"], exact=range(3))
    _same(ck, "the optimum's mean = Table 112", opt[3], tx["opt_mean"])
    for k, v in enumerate(tx["opt_frac"]):
        ck.exact(
            f"the optimum emerges 3/3 ({k + 1})",
            int(v) == int(opt[1][0]) == int(opt[1][1]),
            f"{opt[1][0]}/{opt[1][1]}",
            v,
        )
    r0 = rows[0]
    for k, v in enumerate(tx["g0"]):
        ck.exact(f"gamma = 0 is the first row ({k + 1})", _x(v) == _x(r0[0]), r0[0], v)
    ck.exact("gamma = 0 steps", [_x(v) for v in tx["g0_steps"]] == [_x(v) for v in r0[2]], r0[2], tx["g0_steps"])
    ck.exact(
        "gamma = 0 emerged fraction",
        tuple(tx["g0_frac"]) == tuple(r0[1]),
        f"{r0[1][0]}/{r0[1][1]}",
        "/".join(tx["g0_frac"]),
    )
    _same(ck, "gamma = 0 mean = Table 112", r0[3], tx["g0_mean"])
    _rel(
        ck,
        "speed-up = mean at 0 / mean at the optimum",
        lambda *v: _mean(*v[:2]) / _mean(*v[2:]),
        tuple(r0[2]) + tuple(opt[2]),
        tx["speedup"],
        exact=range(5),
    )
    spread = max(_x(v) for v in opt[2]) - min(_x(v) for v in opt[2])
    ck.exact("the optimum's spread", spread == _x(tx["spread"][0]), spread, tx["spread"][0])
    ck.exact(
        "spread = twice the floor",
        _x(tx["spread"][0]) == 2 * _x(tx["floor"][1]),
        tx["spread"][0],
        f"2 x {tx['floor'][1]}",
    )
    dead = [r for r in rows if _x(r[0]) >= _x(tx["dead_from"][0])]
    ck.exact(
        "rows at gamma >= 1.00 are the two named",
        sorted(_x(r[0]) for r in dead) == sorted({_x(v) for v in tx["dead"]}),
        [r[0] for r in dead],
        tx["dead"],
    )
    dn, dd = tx["dead_n"]
    ck.exact(
        "0/6 emerge at 1.00 and 1.20",
        (sum(int(r[1][0]) for r in dead), sum(int(r[1][1]) for r in dead)) == (int(dn), int(dd)),
        f"{sum(int(r[1][0]) for r in dead)}/{sum(int(r[1][1]) for r in dead)}",
        f"{dn}/{dd}",
    )
    onset = next((r for r in rows if r[1][0] == r[1][1]), None)
    ff = tx["full_frac"]
    for k in range(0, len(ff), 2):
        ck.exact(
            f"'3/3' is the onset row's fraction ({k // 2 + 1})",
            onset is not None and tuple(ff[k : k + 2]) == tuple(onset[1]),
            "/".join(onset[1]) if onset else None,
            "/".join(ff[k : k + 2]),
        )
    ck.exact(
        "reliable emergence (3/3) begins at",
        onset is not None and _x(onset[0]) == _x(tx["onset"][0]),
        onset[0] if onset else None,
        tx["onset"][0],
    )
    fastest = min(((_x(s), r[0]) for r in rows for s in r[2]))
    ck.exact(
        "the fastest run is at",
        fastest[1] == tx["fastest"][0] or _x(fastest[1]) == _x(tx["fastest"][0]),
        fastest[1],
        tx["fastest"][0],
        "the fastest single run",
    )
    ano = [r for r in rows if _x(r[0]) == _x(tx["anomaly"][0])]
    i = gq.index(_x(tx["anomaly"][0])) if _x(tx["anomaly"][0]) in gq else None
    an, ad = tx["anomaly_n"]
    ck.exact(
        "the anomalous cell: 1/3 between two 3/3 cells",
        bool(ano)
        and (ano[0][1] == (an, ad))
        and i is not None
        and 0 < i < len(rows) - 1
        and all(rows[j][1][0] == rows[j][1][1] for j in (i - 1, i + 1)),
        f"{ano[0][1] if ano else None}",
        f"{an}/{ad}",
    )
    ck.exact(
        "'its one emerging seed is the joint-fastest run in the sweep'",
        bool(ano) and ano[0][2] and _x(ano[0][2][0]) == fastest[0] and _x(tx["anomaly_fast"][0]) == fastest[0],
        f"fastest run {float(fastest[0]):g} steps (gamma = {fastest[1]})",
        tx["anomaly_fast"][0],
        severity="minor",
        reading="the fastest run of Table 112 is 600 steps at gamma = 0.80; the 0.60 seed took 650",
    )
    for k, v in enumerate(tx["rowref"]):
        ck.exact(f"a coupling the text names is a row of Table 112 ({k + 1})", _x(v) in gq, v, "a row")
    sw2q = sorted(_x(v) for v in tx["sw2"])
    off = _x(tx["offgrid"][0])
    c_.exact(
        "0.75: a point inside the supercritical grid that it did not visit",
        off not in gq and sw2q[0] < off < sw2q[-1],
        tx["offgrid"][0],
        f"between {tx['sw2'][0]} and {tx['sw2'][-1]}, not a row",
    )
    band_lo = [v for v in tx["band_obs"]]
    for k, v in enumerate(band_lo):
        ck.exact(
            f"observed band's lower edge = the onset ({k + 1})",
            _x(v) == _x(onset[0]) if onset else False,
            v,
            onset[0] if onset else None,
        )
    idx = gq.index(_x(opt[0]))
    nxt = rows[idx + 1][0] if idx + 1 < len(rows) else None
    for k, v in enumerate(tx["band_obs_hi"] + tx["closes"]):
        ck.exact(
            f"band closes between the optimum and the next row ({k + 1})",
            nxt is not None and _x(opt[0]) < _x(v) < _x(nxt),
            v,
            f"({opt[0]}, {nxt})",
        )
    ck.exact(
        "band's lower edge below the T4 lower root",
        _x(tx["band_obs"][0]) < _x(tx["t4_128_3"][0]),
        tx["band_obs"][0],
        f"< {tx['t4_128_3'][0]}",
    )
    twos = [r[0] for r in rows if _x(r[0]) <= _x(tx["two_seed"][0])]
    ck.exact(
        "'the gamma <= 0.20 cells rest on two seeds'",
        all(r[1][1] == "2" for r in rows if _x(r[0]) <= _x(tx["two_seed"][0])),
        ", ".join(f"{r[0]}: {r[1][1]}" for r in rows if _x(r[0]) <= _x(tx["two_seed"][0])),
        "2 each",
        severity="minor",
        reading="gamma = 0.00 is <= 0.20 and carries three seeds (Table 112's caption)",
    )
    del twos
    others = [v for w, v in zip(tx["thr_w"], tx["thr_t4"]) if _x(w) != _x(tx["w128"][0])]
    ck.exact(
        "gamma up to ~1.3 brackets the other widths' thresholds",
        all(_x(tx["bracket"][0]) > _x(v) for v in others),
        tx["bracket"][0],
        f"> {max(others, key=_x)}",
    )
    # Remark 83
    for k in range(0, len(tx["scale"]), 4):
        s9, g1, s4, g5 = tx["scale"][k : k + 4]
        _rel(ck, f"(1 + 2 gamma)^2 at gamma = {g1} ({k // 4 + 1})", lambda x: (1 + 2 * x) ** 2, (g1,), s9, exact=(0,))
        _rel(ck, f"(1 + 2 gamma)^2 at gamma = {g5} ({k // 4 + 1})", lambda x: (1 + 2 * x) ** 2, (g5,), s4, exact=(0,))
    tl = tx["train_loss"]
    _same(ck, "training loss from (printed again)", tl[0], tl[2])
    _same(ck, "training loss to (printed again)", tl[1], tl[3])
    ck.exact(
        "training loss ends near chance (ln 8192)",
        abs(_x(tl[1]) - _x(tx["chance"][0])) < Q(1, 100),
        tl[1],
        tx["chance"][0],
    )
    # --- §A31.9 the depth law
    amp = tx["law"][0]
    n12 = tx["layers"][4]
    a73, p680, r118 = tx["pred"]
    ck.exact(
        "N = 12 is half again beyond the fitted range (1.5 x 8)",
        _x(n12) == Q(3, 2) * _x(tx["law_depth"][0]),
        n12,
        "1.5 x 8",
    )

    def pw(a, al, n=int(n12)):
        return a / arb(n) ** al

    fpw = lambda a, al: a / int(n12) ** al  # noqa: E731
    _derived_c(ck, "depth law at N = 12", ("pw", n12), pw, fpw, (amp, a73), p680)
    _derived_c(ck, "depth law at N = 12 (Figure 84)", ("pw", n12), pw, fpw, (amp, a73), tx["pred_fig"][0])
    _rel(ck, "ratio observed / predicted", lambda o, p: o / p, (opt[0], p680), r118)
    _rel(ck, "within 18%: (ratio - 1)", lambda r: 100 * (r - 1), (r118,), tx["within"])
    lin1, lin_r, lin_r2, lin2 = tx["lin"]
    ck.exact("linear accumulation: alpha = 1", all(_x(v) == 1 for v in tx["alpha1"]), tx["alpha1"], "1")
    _rel(ck, "linear accumulation 4.17 / 12", lambda a: a / int(n12), (amp,), (lin1, lin2))
    _rel(ck, "ratio observed / linear", lambda o, p: o / p, (opt[0], lin1), (lin_r, lin_r2))
    alpha = lambda a, gg: (a / gg).log() / arb(int(n12)).log()  # noqa: E731
    alpha_f = lambda a, gg: __import__("math").log(a / gg) / __import__("math").log(int(n12))  # noqa: E731
    _derived_c(ck, "implied exponent at the optimum", ("alpha", n12), alpha, alpha_f, (amp, opt[0]), tx["implied"][0])
    _same(ck, "the fitted exponent printed again", a73, (tx["implied"][1], tx["alpha_band"][2]))
    lo_a, hi_a, mid_a = tx["alpha_band"]
    _derived_c(
        ck, "exponent at the band's upper edge", ("alpha", n12), alpha, alpha_f, (amp, tx["band_obs_hi"][0]), lo_a
    )
    _derived_c(ck, "exponent at the band's lower edge", ("alpha", n12), alpha, alpha_f, (amp, tx["band_obs"][1]), hi_a)
    ck.exact(
        "the band's exponents contain the fitted one", _x(lo_a) <= _x(mid_a) <= _x(hi_a), mid_a, f"[{lo_a}, {hi_a}]"
    )
    j = gq.index(_x(opt[0]))
    ck.exact(
        "grid spacing near the optimum",
        _x(g[j]) - _x(g[j - 1]) == _x(tx["spacing"][0]) == _x(g[j + 1]) - _x(g[j]),
        f"{g[j - 1]}, {g[j]}, {g[j + 1]}",
        tx["spacing"][0],
    )
    near = min(rows, key=lambda r: abs(_x(r[0]) - _x(lin1)))
    ck.exact(
        "3/3 at 1783 steps where linear accumulation puts the optimum (nearest row)",
        near[1][0] == near[1][1] and near[3] is not None and _x(near[3]) == _x(tx["slow"][0]),
        f"{near[0]}: {near[3]}",
        tx["slow"][0],
    )
    return c_.outcome(
        "Appendix A31.6-A31.10 arithmetic (Table 112, the depth-law table and the text)",
        finding="§A31.7 calls the 650-step seed 'the joint-fastest run' (Table 112: 600 steps at gamma 0.80); E-bar "
        "21.2 at gamma 0.10 exceeds §A31.8's largest 19.125; gamma 0.00 rests on 3 seeds, not 2",
    )


# =====================================================================================================
# A31.11
# =====================================================================================================


def check_a31_cutoff(arms=D.ARMS, t113=D.T113, text=D.A31C_TEXT, t112=D.T112_FOR_CUTOFF, protocol=D.A31_PROTOCOL):
    """Appendix A31.11 (the arms table, Table 113 and the text): the LR-scaled arms' rates are the
    constant rate over (1 + 2 gamma)^2, their budget doubled; the other arms run at the constant
    rate and the locked budget (Table 112's protocol); the seeds total the printed 11 runs, which
    Table 113's outcomes count (k/n with n the arm's seeds, k the listed steps); the text's
    fractions, steps, 44.9% and ranges are Table 113's; arm A and B's gamma = 1.00 row of Table 112
    is 0/3; every run with E_max >= 30 (four) is pinned, the seven below are not; the LR-scaled arms'
    E_max range 0.54-1.26 and warmup's 36-106; chance (ln 8192) inside arm B's pinned range; the
    200-step warmup of Remark 83 is the arms'.  ``t112`` (Table 112's emerged fractions by gamma)
    and ``protocol`` (the constant rate, the locked budget, ln 8192 of §A31.6-A31.7) are located by
    A31.emergence."""
    c = Checks()
    tx = text
    base_lr, budget, chance = protocol
    gammas112, frac100, opt_mean = t112
    rows112 = {_x(g): g for g in gammas112}
    scaled = [a for a, v in arms.items() if v[3] != budget]
    for a, (warm, g, lr, bud, n) in arms.items():
        if a in scaled:
            _rel(
                c,
                f"arm {a}: LR / (1 + 2 gamma)^2",
                lambda l0, gg: l0 / (1 + 2 * gg) ** 2,
                (base_lr, g),
                lr,
                exact=(0, 1),
            )
            c.exact(f"arm {a}: doubled budget", _x(bud) == 2 * _x(budget), bud, f"2 x {budget}")
        else:
            c.exact(f"arm {a}: the constant rate", _x(lr) == _x(base_lr), lr, base_lr)
            c.exact(f"arm {a}: the locked budget", _x(bud) == _x(budget), bud, budget)
        c.exact(f"arm {a}: gamma is a row of Table 112", _x(g) in rows112, g, "a row")
        if warm is not None:
            _same(c, f"arm {a}: the 200-step warmup of Remark 83", tx["warmup"][0], warm)
    seeds = {a: int(v[4]) for a, v in arms.items()}
    total = sum(seeds.values())
    for k, v in enumerate(tx["runs11"]):
        c.exact(f"runs of the intervention ({k + 1})", int(v) == total, total, v)
    for a, ((em, n), rng, steps, _extra) in t113.items():
        c.exact(f"Table 113 {a}: seeds = the arm's", int(n) == int(arms[a][4]), n, arms[a][4])
        c.exact(f"Table 113 {a}: emerged = steps listed", int(em) == len(steps or ()), len(steps or ()), em)
        if len(rng) == 2:
            c.exact(
                f"Table 113 {a}: E_max range ordered", _x(rng[0]) <= _x(rng[1]), f"{rng[0]}-{rng[1]}", "low <= high"
            )
    ck = t113["C"]
    for k in range(0, len(tx["c_frac"]), 2):
        c.exact(
            f"arm C emerges 2/3 ({k // 2 + 1})",
            tuple(tx["c_frac"][k : k + 2]) == tuple(ck[0]),
            "/".join(ck[0]),
            "/".join(tx["c_frac"][k : k + 2]),
        )
    c.exact("arm C's steps", [_x(v) for v in tx["c_steps"]] == [_x(v) for v in ck[2]], ck[2], tx["c_steps"])
    c.exact("arm C's budget", _x(tx["c_budget"][0]) == _x(arms["C"][3]), arms["C"][3], tx["c_budget"][0])
    for k, v in enumerate(tx["rescued"]):
        c.exact(f"the rescued coupling is arm C's ({k + 1})", _x(v) == _x(arms["C"][1]), arms["C"][1], v)
    c.exact(
        "constant-LR baseline at 1.00: Table 112's 0/3",
        _x(arms["A"][1]) in rows112 and tuple(tx["base_frac"]) == tuple(frac100),
        "/".join(frac100),
        "/".join(tx["base_frac"]),
    )
    for key, arm in (("a_frac", "A"), ("b_frac", "B"), ("d_frac", "D"), ("e_frac", "E")):
        c.exact(
            f"arm {arm}'s outcome printed again",
            tuple(tx[key]) == tuple(t113[arm][0]),
            "/".join(t113[arm][0]),
            "/".join(tx[key]),
        )
    _rel(c, "arm D's second seed (%)", lambda v: 100 * v, (t113["D"][3][0],), tx["d_second"][0])
    lo9, hi9 = tx["b_range"]
    c.exact(
        "arm B pinned at chance: ln 8192 inside its final losses",
        min(_x(lo9), _x(hi9)) <= _x(chance) <= max(_x(lo9), _x(hi9)),
        chance,
        f"[{hi9}, {lo9}]",
    )
    thr = tx["thr30"][0]
    _same(c, "the E_max threshold printed again", thr, tx["thr30"][1:])
    pinned = [a for a, v in t113.items() if v[0][0] == "0" and _x(min(v[1], key=_x)) >= _x(thr)]
    high = sum(int(t113[a][0][1]) for a in pinned)
    low_arms = [a for a, v in t113.items() if _x(max(v[1], key=_x)) < _x(thr)]
    low = sum(int(t113[a][0][1]) for a in low_arms)
    c.exact(
        "runs with E_max >= 30: four, all pinned",
        high == 4 and high + low == total,
        f"{high} pinned (arms {', '.join(pinned)}), {low} below",
        f"4 + 7 = {total}",
    )
    c.exact(
        "the pinned runs are at gamma = 1.00 (constant rate or warmup)",
        all(_x(arms[a][1]) == _x(arms["A"][1]) and arms[a][3] == budget for a in pinned),
        pinned,
        "A, B",
    )
    sc = [x for a in scaled for x in t113[a][1]]
    lo_s, hi_s = tx["scaled_range"]
    c.exact(
        "the LR-scaled arms' E_max range",
        (min(sc, key=_x), max(sc, key=_x)) == (lo_s, hi_s),
        f"{min(sc, key=_x)}-{max(sc, key=_x)}",
        f"{lo_s}-{hi_s}",
    )
    wr = t113["B"][1]
    _same(c, "warmup's E_max range (low)", wr[0], tx["warm_range"][0])
    _same(c, "warmup's E_max range (high)", wr[1], tx["warm_range"][1])
    for k, v in enumerate(tx["controls"]):
        c.exact(f"the controls' coupling ({k + 1})", _x(v) == _x(arms["D"][1]) == _x(arms["E"][1]), arms["D"][1], v)
    for a in ("D", "E"):
        st = t113[a][2] or ()
        c.exact(
            f"arm {a} slows gamma = 0.80 relative to its constant-LR mean",
            all(_x(v) > _x(opt_mean) for v in st),
            ", ".join(st),
            f"> {opt_mean}",
        )
    c.exact(
        "the controls emerge under both interventions", all(int(t113[a][0][0]) >= 1 for a in ("D", "E")), "D, E", ">= 1"
    )
    return c.outcome("Appendix A31.11 arithmetic (the arms table, Table 113 and the text)")


# =====================================================================================================
# A32
# =====================================================================================================


def check_a32(
    t114=D.T114,
    t118=D.T118,
    t115=D.T115,
    t119=D.T119,
    t116=D.T116,
    t120=D.T120,
    t117=D.T117,
    text=D.A32_TEXT,
):
    """Appendix A32 (Tables 114-120 and the text): the configurations printed twice agree (Tables
    115/119 repeat 114/118; R2 keeps R1's layers, widths, heads; David = Goliath Jr in size); the
    parameter shift R1 -> R2 is the vocabulary change through untied input and output embeddings
    (2 x (50,257 - 8,192) x d_model, within the rounding of the printed millions); the margins of
    Tables 116 and 120 recomputed from Tables 115 and 119 (H1, H3: (L_ref - L_David)/L_ref; H2:
    (L_David - L_Goliath)/L_Goliath, its sign too); "all margins < 0.5%", "< 5%", "between 3 and
    5%"; Table 117: the rationale's factors (gradient variance for 8 -> 64; token recurrence for
    50,257 -> 8,192; the learning rate's sqrt(B_new/B_old) scaling); ln 50,257 ~ 10.82, ln 2 =
    0.6931, ln 8,192 ~ 9.03 ('~' / '=' as printed); 10.82 -> 10.78 is 0.4%; R2's fluency range
    7.77-8.15; repeats (vocabularies, batches, rates, 10,000 steps, the 90/10 mix, V = 1,000)."""
    import math

    from flint import arb

    c = Checks()
    tx = text
    for m in t114:
        for j, what in enumerate(("layers", "d_model", "heads")):
            c.exact(
                f"{m}: {what} unchanged R1 -> R2",
                _x(t114[m][j + 1]) == _x(t118[m][j + 1]),
                t118[m][j + 1],
                t114[m][j + 1],
            )
        c.exact(f"{m}: Table 115 params = Table 114", _x(t115[m][0]) == _x(t114[m][0]), t115[m][0], t114[m][0])
        c.exact(f"{m}: Table 119 params = Table 118", _x(t119[m][0]) == _x(t118[m][0]), t119[m][0], t118[m][0])
        for a, b, where in (
            (t114[m][4], t115[m][1], "115"),
            (t118[m][4], t119[m][1], "119"),
            (t114[m][4], t118[m][4], "118"),
        ):
            c.exact(
                f"{m}: momentum in Table {where} as in Table 114",
                (a is None) == (b is None) and (a is None or _x(a) == _x(b)),
                b,
                a,
            )
    c.exact("caption: David's gamma", _x(tx["david_g"][0]) == _x(t114["David"][4]), t114["David"][4], tx["david_g"][0])
    for t, name in ((t114, "R1"), (t118, "R2")):
        c.exact(
            f"{name}: David and Goliath Jr have the same size",
            _x(t[D._GJ][0]) == _x(t["David"][0]),
            t[D._GJ][0],
            t["David"][0],
        )
    dv = _x(t117["Vocabulary"][0]) - _x(t117["Vocabulary"][1])
    for m in t114:
        d_model = _x(t114[m][2])
        lo1, hi1 = _iv(t114[m][0])
        lo2, hi2 = _iv(t118[m][0])
        shift = 2 * dv * d_model / 10**6
        c.exact(
            f"{m}: R1 - R2 parameters = 2 x (V1 - V2) x d_model",
            lo1 - hi2 <= shift <= hi1 - lo2,
            _show(lo1 - hi2, hi1 - lo2),
            f"{float(shift):.4g}M",
            "the vocabulary read as entering twice (untied input and output embeddings)",
        )
    for t15, t16, name in ((t115, t116, "Table 116"), (t119, t120, "Table 120")):
        g, d, j = t15["Goliath"], t15["David"], t15[D._GJ]
        _rel(
            c,
            f"{name} H1: (L_Goliath - L_David)/L_Goliath (%)",
            lambda a, b: 100 * (a - b) / a,
            (g[2], d[2]),
            t16["H1"][1],
        )
        _rel(
            c,
            f"{name} H2: (L_David - L_Goliath)/L_Goliath logic (%)",
            lambda a, b: 100 * (b - a) / a,
            (g[3], d[3]),
            t16["H2"][1],
        )
        sign = _x(d[3]) - _x(g[3])
        printed_sign = -1 if t16["H2"][1].strip().startswith("-") else 1
        c.exact(
            f"{name} H2: sign of the margin",
            (sign > 0 and printed_sign > 0) or (sign < 0 and printed_sign < 0),
            f"{d[3]} - {g[3]}",
            t16["H2"][1],
        )
        _rel(c, f"{name} H3: (L_Jr - L_David)/L_Jr (%)", lambda a, b: 100 * (a - b) / a, (j[2], d[2]), t16["H3"][1])
        if t16["H1"][0] is not None:
            dp, gp = t16["H1"][0]
            tp = t114 if name == "Table 116" else t118
            c.exact(
                f"{name} H1 statement: the models' sizes",
                (_x(dp), _x(gp)) == (_x(tp["David"][0]), _x(tp["Goliath"][0])),
                f"{dp}, {gp}",
                "David, Goliath",
            )
    for k, v in enumerate(tx["params_h"]):
        c.exact(
            f"A32.1 hypotheses: sizes ({k + 1})",
            _x(v) in {_x(t114["David"][0]), _x(t114["Goliath"][0])},
            v,
            "Table 114",
        )
    r1 = [abs(_x(v[1])) for v in t116.values()]
    r2 = [abs(_x(v[1])) for v in t120.values()]
    for k, v in enumerate(tx["below05"]):
        c.exact(f"R1 margins < {v}% ({k + 1})", all(m < _x(v) for m in r1), [v[1] for v in t116.values()], f"< {v}")
    for k, v in enumerate(tx["below5"]):
        c.exact(f"R2 margins < {v}% ({k + 1})", all(m < _x(v) for m in r2), [v[1] for v in t120.values()], f"< {v}")
    lo_b, hi_b = tx["between"]
    fails = {h: t120[h][1] for h in ("H1", "H3")}
    # the ends are printed numbers (integers): each stands for its rounding interval, so 'between 3 and
    # 5%' holds a margin in [2.5, 5.5] (H3's printed 2.9 is between them; below 3 read exactly)
    end_lo, end_hi = _iv(lo_b)[0], _iv(hi_b)[1]
    exact_out = [f"{h} {v}%" for h, v in fails.items() if not _x(lo_b) <= abs(_x(v)) <= _x(hi_b)]
    c.exact(
        "Table 120 caption: H1 and H3 fail with margins between 3 and 5%",
        all(end_lo <= abs(_x(v)) <= end_hi for v in fails.values()),
        ", ".join(f"{h} {v}%" for h, v in fails.items()),
        f"[{lo_b}, {hi_b}] (the ends' rounding: {_show(end_lo, end_hi)})",
        f"outside the exact ends, inside their rounding: {', '.join(exact_out)}" if exact_out else "",
        severity="minor",
    )
    _same(c, "R1 H1 margin printed again (A33.3)", t116["H1"][1], tx["repeat_margins"][0])
    _same(c, "R2 H1 margin printed again (A33.3)", t120["H1"][1], tx["repeat_margins"][1])
    # Table 117
    b1, b2, var = t117["Batch size"]
    c.approx_enclosed(
        "Table 117: batch 8 -> 64 reduces the gradient variance by",
        lambda: _arb_q(_x(b2) / _x(b1)),
        var,
        word="~",
        note="the variance of a batch-mean gradient scales as 1/B",
        severity="minor",
        reading="2.83 = sqrt(64/8) is the ratio of the gradient noise's standard deviations, not of its variances (8)",
    )
    v1, v2, rec = t117["Vocabulary"]
    c.approx_enclosed(
        "Table 117: vocabulary 50,257 -> 8,192 raises token recurrence by ~6x",
        lambda: _arb_q(_x(v1) / _x(v2)),
        rec,
        word="~",
    )
    l1, l2, _ = t117["Learning rate"]
    ratio = _x(l2) / _x(l1)
    c.exact(
        "Table 117: learning rate scaled by sqrt(B_new/B_old)",
        ratio * ratio == _x(b2) / _x(b1),
        f"{l2}/{l1} = {float(ratio):g}",
        f"sqrt({b2}/{b1}) = {math.sqrt(float(_x(b2) / _x(b1))):.3g}",
        severity="minor",
        reading="the rate is doubled (3e-4 -> 6e-4) while sqrt(64/8) = 2.83 would give 8.5e-4",
    )
    for k, v in enumerate(tx["r1_vocab"]):
        c.exact(f"R1 vocabulary printed again ({k + 1})", _x(v) == _x(v1), v, v1)
    for k, v in enumerate(tx["r2_vocab"]):
        c.exact(f"R2 vocabulary printed again ({k + 1})", _x(v) == _x(v2), v, v2)
    for k, v in enumerate(tx["r1_batch"]):
        c.exact(f"R1 batch printed again ({k + 1})", _x(v) == _x(b1), v, b1)
    c.exact("R1 learning rate printed again", _x(tx["r1_lr"][0]) == _x(l1), tx["r1_lr"][0], l1)
    c.exact("batch <= 64 (the largest batch)", _x(tx["max_batch"][0]) == max(_x(b1), _x(b2)), tx["max_batch"][0], b2)
    _same(c, "10,000 steps printed again", tx["steps"][0], tx["steps"][1:])
    f90, f10, f90b = tx["mix"]
    c.exact("90% fluency + 10% logic", _x(f90) + _x(f10) == 100 and _x(f90b) == _x(f90), f"{f90} + {f10}", 100)
    _same(c, "V = 1,000 of the ICL arc (A30.1)", tx["icl_vocab"][1], tx["icl_vocab"][0])
    # closed forms
    for k, v in enumerate(tx["ln_v1"]):
        c.approx_enclosed(f"ln 50,257 ~ {v} ({k + 1})", lambda: _arb_q(_x(v1)).log(), v, word="≈")
    _enclosed_c(c, "ln 2 = 0.6931", ("ln", tx["ln2"][0]), lambda: arb(int(tx["ln2"][0])).log(), tx["ln2"][1])
    for k, v in enumerate(tx["ln_v2"]):
        c.approx_enclosed(f"ln 8,192 ~ {v} ({k + 1})", lambda: _arb_q(_x(v2)).log(), v, word="≈")
    ends = [t115[m][2] for m in t115]
    for m, v in zip(t115, ends):
        c.approx_enclosed(f"{m} ends at ~{tx['ends'][0]}", functools.partial(_arb_q, _x(v)), tx["ends"][0], word="≈")
    for tab_, name in ((t115, "R1"), (t119, "R2")):
        for mdl, row in tab_.items():
            c.approx_enclosed(
                f"{name} {mdl}: logic loss at chance ln 2",
                lambda: _arb_q(Fraction(2)).log(),
                row[3],
                word="≈",
                note="'logic loss is stuck at ln(2)' (Figure 86), 'at chance throughout' (§A32.3): ln 2 within "
                "the word's tolerance of the printed loss",
            )
    _rel(
        c,
        "10.82 -> 10.78 improvement (%)",
        lambda a, b: 100 * (a - b) / a,
        (tx["ln_v1"][1], tx["ends"][0]),
        tx["improve"][0],
    )
    fl = [t119[m][2] for m in t119]
    _same(c, "R2 fluency range: lowest", min(fl, key=_x), tx["r2_range"][0])
    _same(c, "R2 fluency range: highest", max(fl, key=_x), tx["r2_range"][1])
    return c.outcome(
        "Appendix A32 arithmetic (Tables 114-120 and the text)",
        finding="Table 117: batch 8 -> 64 'reduces gradient variance ~2.83x' (it falls 8x; 2.83 = sqrt 8 is the s.d. "
        "ratio); the rate is doubled where the stated sqrt(64/8) scaling gives 8.5e-4",
    )


# =====================================================================================================
# A33
# =====================================================================================================


def _dofs(pfun, stat: str, p: str, *, upto: int = 5000) -> list[int]:
    """The integer degrees of freedom at which the two-sided p of the printed statistic (any value in
    its rounding) meets the printed p's rounding (statcheck with the d.o.f. not printed); ``pfun``
    takes the statistic and an array of d.o.f. (vectorised)."""
    import numpy as np

    lo_s, hi_s = (float(v) for v in _iv(stat))
    lo_p, hi_p = (float(v) for v in _iv(p))
    df = np.arange(1, upto + 1, dtype=float)
    a, b = pfun(abs(lo_s), df), pfun(abs(hi_s), df)
    ok = (np.minimum(a, b) <= hi_p) & (np.maximum(a, b) >= lo_p)
    return [int(d) for d in df[ok]]


def _span(dfs: list[int]) -> str:
    return f"{dfs[0]}-{dfs[-1]}" if dfs else "none"


def check_a33(
    t121=D.T121,
    text=D.A33_TEXT,
    t90=D.T90_SOURCE,
    sources=D.A33_SOURCES,
    t101=D.T101_LREP,
    t120=D.T120_MARGINS,
    *,
    classes=D.T121_CLASSES,
    tasks=D.T121_TASKS,
):
    """Appendix A33 (Table 121 and the text): Table 121's first 18 peak gains are Table 90's (A23.7) and
    its §A29 row is Table 101's relative change of L_rep; '17 distinct tasks' counts Table 121's task
    names (and the reasoning arc's, §A18-A23, for A33.3's 17); 13 + 4 = 17 and 9 + 2 + 2 = 13; the 4
    integral-class rows; the pp gains the text quotes are Table 121's; the statistics quoted from §A16,
    §A22 and §A23 as printed there, and each (statistic, p) pair statcheck-style: the two-sided p of t,
    of r (t = r sqrt(df/(1 - r^2))) and of F(1, df) for some integer df, the d.o.f. not being printed
    (the range found is shown; p < 1e-3 where so printed); the spectral arc's numbers as printed in
    §A13-A17; the R-series margins < 5%; 4,700 runs printed twice.  ``classes``, ``tasks``: Table 121's
    class and task columns (text)."""
    from scipy import stats

    c = Checks()
    tx = text
    for i, (g, (key, src)) in enumerate(zip(t121, t90.items())):
        _same(c, f"Table 121 row {i + 1} = Table 90 ({key.split(chr(9))[1]})", src, g)
    b, m = t101
    _rel(
        c,
        "Table 121 §A29 row = Table 101's relative change of L_rep",
        lambda x, y: (y - x) / x,
        (b, m),
        t121[-1],
        severity="minor",
        reading="(0.8288 - 1.7451)/1.7451 = -0.52507: the row prints -0.5253",
    )
    names = set(tasks)
    for k, v in enumerate(tx["tasks17"]):
        c.exact(f"distinct tasks of Table 121 ({k + 1})", int(v) == len(names), len(names), v)
    arc = set(tasks[:18])
    c.exact(
        "A33.3: distinct reasoning tasks of §A18-A23 (Table 121's first 18 rows)",
        int(tx["arc17"][0]) == len(arc),
        len(arc),
        tx["arc17"][0],
        severity="minor",
        reading="the reasoning arc's rows name 16 distinct tasks (Variable Tracking and Global Counting twice); "
        "17 counts the ICL stress test too",
    )
    n13, n9, n2a, n2b, n4 = tx["counts"]
    n_int = sum(1 for cl in classes if cl == "int")
    c.exact("integral-class rows", int(n4) == n_int, n_int, n4)
    c.exact("13 + 4 = 17 tasks", int(n13) + int(n4) == int(tx["tasks17"][0]), f"{n13} + {n4}", tx["tasks17"][0])
    c.exact("9 + 2 + 2 = 13", int(n9) + int(n2a) + int(n2b) == int(n13), f"{n9} + {n2a} + {n2b}", n13)
    mh = [t for t in tasks if t.startswith("Multi-Hop")]
    c.exact("the Multi-Hop rows", len(mh) == int(n2a), len(mh), n2a)
    ints = [g for g, cl in zip(t121, classes) if cl == "int"]
    nulls = [g for t, g in zip(tasks, t121) if t.startswith("Multi-Hop")]
    c.exact(
        "the integral tasks show no gain or mild harm (none above the derivative-class nulls)",
        max(_x(g) for g in ints) <= max(_x(g) for g in nulls),
        max(ints, key=_x),
        f"<= {max(nulls, key=_x)} (the Multi-Hop nulls)",
    )
    row = dict(zip(tasks, t121))
    for task, v in zip(("Induction", "Trajectory", "Dyck"), tx["pp"]):
        _rel(c, f"{task}: gain in pp", lambda x: 100 * x, (row[task],), v)
    for task, v in zip(("Arithmetic CoT", "Natural Induction"), tx["pp_arc"]):
        _rel(c, f"{task}: gain in pp (A33.3)", lambda x: 100 * x, (row[task],), v)
    for task, v in zip(("Natural Induction", "Arithmetic CoT", "Induction"), tx["pp_a35"]):
        _rel(c, f"{task}: gain in pp (A35.3)", lambda x: 100 * x, (row[task],), v)
    _rel(c, "Parity: gain in pp (A33.4)", lambda x: 100 * x, (row["Parity"],), tx["pp_parity"][0])
    # statistics quoted from §A16, §A22, §A23, and statcheck
    t_, p_, t2, p2 = tx["ttest"]
    _same(c, "t of §A22", sources["ttest"][0], (t_, t2))
    _same(c, "p of §A22's t-test", sources["ttest"][1], (p_, p2))
    tp = lambda tt, df: 2 * stats.t.sf(tt, df)  # noqa: E731
    dft = _decision(("dof", "t", t_, p_), lambda: _dofs(tp, t_, p_))
    c.add(
        "statcheck: t-test p for some d.o.f.",
        bool(dft),
        f"d.o.f. {_span(dft)}",
        f"t = {t_}, p = {p_}",
        "two-sided; the d.o.f. are not printed",
    )
    rg, pg, rg2, pg_lt, rg3 = tx["r_g"]
    _same(c, "r of §A16", sources["r_g"][0], (rg, rg2, rg3))
    _same(c, "p of §A16's r", sources["r_g"][1], pg)
    c.exact("p < 1e-3 (A33.3)", _x(pg) < _x(pg_lt), pg, f"< {pg_lt}")
    rp = lambda r, df: 2 * stats.t.sf(r * (df / (1 - r * r)) ** 0.5, df)  # noqa: E731
    dfr = _decision(("dof", "r", rg, pg), lambda: _dofs(rp, rg, pg))
    c.add(
        "statcheck: Pearson r p for some n (G)",
        bool(dfr),
        f"n - 2 in {_span(dfr)}",
        f"r = {rg}, p = {pg}",
        "two-sided; n is not printed (2,000 experiments would give p far below 1e-100: the correlation is "
        "over fewer points)",
    )
    rd, pd = tx["r_d"]
    _same(c, "r of §A23", sources["r_d"][0], rd)
    _same(c, "p of §A23's r", sources["r_d"][1], pd)
    dfd = _decision(("dof", "r", rd, pd), lambda: _dofs(rp, rd, pd))
    c.add(
        "statcheck: Pearson r p for some n (§A23)",
        bool(dfd),
        f"n - 2 in {_span(dfd)}",
        f"r = {rd}, p = {pd}",
        "two-sided; n is not printed (2,880 experiments would give a far smaller p)",
    )
    F, pF, F2, pF_lt = tx["anova"]
    _same(c, "F of §A23", sources["anova"][0], (F, F2))
    _same(c, "p of §A23's F", sources["anova"][1], pF)
    c.exact("p < 1e-3 (A33.3, F)", _x(pF) < _x(pF_lt), pF, f"< {pF_lt}")
    fp = lambda f, df: stats.f.sf(f, 1, df)  # noqa: E731
    dff = _decision(("dof", "F1", F, pF), lambda: _dofs(fp, F, pF))
    c.add(
        "statcheck: F(1, d.o.f.) p for some d.o.f.",
        bool(dff),
        f"d.o.f. {_span(dff)}",
        f"F = {F}, p = {pF}",
        "numerator d.o.f. 1 read from 'difficulty-gain ANOVA' (two bins compared); the d.o.f. are not printed",
    )
    for k, v in enumerate(tx["exps"]):
        c.exact(
            f"experiment counts as printed in their sections ({k + 1})",
            _x(v) in {_x(x) for x in sources["exps"]},
            v,
            sources["exps"],
        )
    _same(c, "Cohen's d of §A16", sources["cohen"][0], tx["cohen"])
    for k, (v, src) in enumerate(zip(tx["spectral"], sources["spectral"])):
        _same(c, f"spectral arc as printed in §A13-A17 ({k + 1})", src, v)
    _same(c, "the reasoning arc's runs (§A23.7)", sources["arc_runs"][0], tx["arc_runs"][0])
    for k, (v, src) in enumerate(zip(tx["icl"], sources["icl"])):
        _same(c, f"ICL regressions as printed in §A26-A27 ({k + 1})", src, v)
    for k, (v, src) in enumerate(zip(tx["bins"], sources["bins"])):
        _same(c, f"difficulty bins as printed in §A23 ({k + 1})", src, v)
    c.exact("the bins' gain drops", _x(tx["bins"][1]) < _x(tx["bins"][0]), tx["bins"], "drops")
    c.exact(
        "R-series margins < 5%",
        all(abs(_x(v)) < _x(tx["below5"][0]) for v in t120),
        list(t120),
        f"< {tx['below5'][0]}",
    )
    _same(c, "Tranche 2's runs printed again", tx["tranche2"][0], tx["tranche2"][1])
    c.exact("four sub-programs", int(tx["subprog"][0]) == 4, tx["subprog"][0], "spectral, reasoning, ICL, efficiency")
    return c.outcome(
        "Appendix A33 arithmetic (Table 121 and the text)",
        finding="Table 121's §A29 row -0.5253 vs (0.8288 - 1.7451)/1.7451 = -0.5251 from Table 101 (range "
        "[-0.52514, -0.52500]); §A33.3's '17 distinct reasoning tasks' where §A18-A23 name 16",
    )


# =====================================================================================================
# A34
# =====================================================================================================


def check_a34(abl=D.A34_ABL, text=D.A34_TEXT, *, grid=D.A34_GRID, c_printed="0.741"):
    """Appendix A34 (the ablation table of §A34.3 and the text): 192 = 8 depths x 8 couplings x 3
    seeds, the depth grid = the table's columns; d_k = d_model / heads; chance 1/128 = 0.0078 and
    the fixed-lag oracle 'some eight times' it; the ablation table's last row = first - global, 'to
    within 0.011 up to N = 8'; 153 + 38 + 1 = 192 cells and the 38 'essentially' the gamma = 0 column
    and gamma = 0.25 at N >= 7 (8 x 3 + 4 x 3); the distributed corner's cells at N >= 12, gamma >= 1.75
    separate beyond 0.011; gamma_1/2: the two regimes' ranges, its maximum, each depth's value inside
    its seeds' range (N = 5, 6), the gamma = 0.25 column's probe above 1/2 exactly where gamma_1/2 < 0.25
    and the other values between 0.25 and 0.5; the reduced model at d_k = 16: T_eff = p_min + 1 = 25,
    the last position 128 - 1 = 127, gamma_c at T = 25 and 127 (the T_4 law (52) on its condensed branch
    with the printed c = 0.741), the looser bounds [48, 128] = [p_max, length] whose midpoint gamma_c is
    0.899, 0.878 the midpoint of [0.832, 0.924], no grid point between them; gamma_1/2 / 0.899 between
    0.17 and 0.45; A4's ratios 0.225/0.737 and 0.275/0.737; the depth law at N = 16 (0.555) and where
    it reaches 0.400 (N ~ 25); the seeds' ratios: mean 1.42 and sample s.d. 0.03 (the population s.d.
    0.0205 would print 0.02).  ``c_printed``: the condensation constant as the body prints it."""
    import math

    from flint import arb

    from theory import transition as TR
    from theory.rigorous import to_arb

    c = Checks()
    tx = text
    depths, gammas = grid["depths"], grid["couplings"]
    for k, v in enumerate(tx["models"]):
        c.exact(
            f"192 = depths x couplings x 3 seeds ({k + 1})",
            int(v) == len(depths) * len(gammas) * 3,
            len(depths) * len(gammas) * 3,
            v,
        )
    c.exact(
        "the table's columns = the depth grid",
        [_x(v) for v in tx["cols"]] == [_x(v) for v in depths],
        tx["cols"],
        depths,
    )
    dq, gq = {_x(v) for v in depths}, {_x(v) for v in gammas}
    for k, v in enumerate(tx["nref"]):
        c.exact(f"a depth the text names is in the grid ({k + 1})", _x(v) in dq, v, "a depth")
    for k, v in enumerate(tx["gref"]):
        c.exact(f"a coupling the text names is in the grid ({k + 1})", _x(v) in gq, v, "a coupling")
    _same(c, "3,000 steps printed again", tx["steps"][0], tx["steps"][1])
    dm, nh, dk = tx["heads"]
    c.exact("d_k = d_model / heads", _x(dm) / _x(nh) == _x(dk), f"{dm}/{nh}", dk)
    v1, v2 = tx["vocab"]
    c.exact("vocabulary printed again (1/128)", _x(v1) == _x(v2), v2, v1)
    for k, v in enumerate(tx["chance"]):
        _rel(c, f"chance 1/vocabulary ({k + 1})", lambda n: 1 / n, (v1,), v, exact=(0,))
    c.approx_enclosed(
        "fixed-lag oracle 'some eight times' chance",
        functools.partial(_arb_q, _x(tx["lag"][0]) * _x(v1)),
        "8",
        word="about",
        note="'some eight times' read as about (10%)",
    )
    _same(c, "probe at gamma = 0 printed again", tx["probe0"][0], tx["probe0"][1])
    # ablation table
    cols = list(zip(*abl.values()))
    for j, (g, f, d) in enumerate(cols):
        _rel(c, f"first - global at N = {depths[j]}", lambda a, b: a - b, (f, g), d)
    n8, w = tx["within"]
    upto = [j for j, v in enumerate(depths) if _x(v) <= _x(n8)]
    worst = max(abs(_x(abl["diff"][j])) for j in upto)
    c.exact(f"up to N = {n8} first-block = global within", worst == _x(w), float(worst), w)
    # route classifier
    single, comp = tx["routes"]
    c.exact(
        "153 + 38 + 1 inconclusive = 192 cells",
        int(single) + int(comp) + 1 == int(tx["models"][1]),
        f"{single} + {comp} + 1",
        tx["models"][1],
    )
    c38, g25, n7 = tx["comp"]
    _same(c, "38 composition-like printed again", comp, c38)
    ncells = 3 * (len(depths) + sum(1 for v in depths if _x(v) >= _x(n7)))
    c.approx_enclosed(
        "38 are 'essentially' the gamma = 0 column and gamma = 0.25 at N >= 7",
        functools.partial(_arb_q, Fraction(ncells)),
        c38,
        word="essentially",
        rel="0.10",
        note="8 x 3 + 4 x 3 cells; 'essentially' read as about (10%)",
    )
    c.exact("gamma = 0.25 is in the grid", _x(g25) in gq, g25, "a coupling")
    # distributed corner
    n12, g175, n12b, g175b = tx["corner"][:4]
    for k, v in enumerate(tx["corner"][4:]):
        c.exact(f"the corner's depth printed again (A36, {k + 1})", _x(v) == _x(n12), v, n12)
    cc = tx["corner_cells"]
    for k in range(0, len(cc), 4):
        n, g, first, glob = cc[k : k + 4]
        c.exact(
            f"corner cell N = {n}, gamma = {g} in the corner",
            _x(n) >= _x(n12) and _x(g) >= _x(g175) and _x(n) in dq and _x(g) in gq,
            f"({n}, {g})",
            f"N >= {n12}, gamma >= {g175}",
        )
        c.exact(
            f"corner cell N = {n}, gamma = {g}: the ablations separate",
            _x(glob) - _x(first) > _x(w),
            f"{glob} - {first}",
            f"> {w}",
        )
    c.exact(
        "the corner printed again (A34.5)",
        (_x(n12b), _x(g175b)) == (_x(n12), _x(g175)),
        f"{n12b}, {g175b}",
        f"{n12}, {g175}",
    )
    # gamma_1/2
    half = tx["half"]
    lo15, hi23, n6, v40, n7a, n7b = tx["regimes"]
    small = [h for d, h in zip(depths, half) if _x(d) <= _x(n6)]
    large = [h for d, h in zip(depths, half) if _x(d) >= _x(n7a)]
    _same(c, "regime N <= 6: lowest", min(small, key=_x), lo15)
    _same(c, "regime N <= 6: highest", max(small, key=_x), hi23)
    for k, h in enumerate(large):
        _same(c, f"regime N >= 7: {h} ~ 0.40 ({k + 1})", h, v40)
    c.exact(
        "the two regimes split the grid",
        _x(n7a) == _x(n7b) and len(small) + len(large) == len(depths),
        f"{n6} | {n7a}",
        "all depths",
    )
    for key, n in (("seeds5", "5"), ("seeds6", "6")):
        top = tx[key][0]
        at_n = [i for i, d in enumerate(depths) if _x(d) == _x(n)]
        h = half[at_n[0]] if at_n else None
        c.exact(
            f"N = {n}: gamma_1/2 not above its largest seed",
            h is not None and _x(h) <= _iv(top)[1],
            h,
            f"<= {top}",
            "the pooled threshold lies within its seeds' range; the smallest seed (0.15) is printed twice",
        )
    reg = tx["registered"]
    maxh = max(half, key=_x)
    _same(c, "max gamma_1/2", maxh, (reg[2], reg[3]))
    col = tx["col25"]
    b7, b25, b5, b40 = tx["bracket"]
    g25b = _x(b25)
    for d, p_, h in zip(depths, col, half):
        above = _x(p_) > Q(1, 2)
        ok = (_x(h) < g25b) if above else (g25b < _x(h) < _x(b5))
        c.exact(f"N = {d}: probe {p_} at gamma = 0.25 vs gamma_1/2 {h}", ok, h, "< 0.25" if above else "in (0.25, 0.5)")
    c.exact(
        "N >= 7 values read 'between 0.25 and 0.5', not a plateau at 0.40",
        _x(b7) == _x(n7a) and all(g25b < _x(h) < _x(b5) for h in large) and _x(b40) == _x(v40),
        large,
        f"({b25}, {b5})",
    )
    c.exact(
        "0.25 and 0.5 are adjacent grid couplings",
        [g for g in sorted(gq) if g25b < g < _x(b5)] == [],
        f"{b25}, {b5}",
        "adjacent",
    )
    # the reduced model at d_k = 16
    d16, p24, l127, t25, t127, g832, g924, g899, p48, l128, m878, m899 = tx["reduced"]
    c.exact("d_k = 16 as in A34.1", _x(d16) == _x(dk), d16, dk)
    c.exact("p = 24 is the motif's shortest length", _x(p24) == _x(tx["motif"][0]), p24, tx["motif"][0])
    c.exact("T_eff lower = p_min + 1", _x(t25) == _x(p24) + 1, t25, f"{p24} + 1")
    c.exact(
        "the last position = length - 1",
        _x(l127) == _x(tx["length"][0]) - 1 and _x(t127) == _x(l127),
        f"{l127}, {t127}",
        f"{tx['length'][0]} - 1",
    )
    c.exact(
        "looser bounds [p_max, length]",
        (_x(p48), _x(l128)) == (_x(tx["motif"][1]), _x(tx["length"][0])),
        f"[{p48}, {l128}]",
        "[48, 128]",
    )

    def gcf(T):
        def f(cc_):
            if TR.mean_field_side(int(_x(d16)), T):
                return TR.gamma_c_mean_field_enclosure(int(_x(d16)), T)
            return TR.gamma_c_condensed_enclosure(T, cc_)

        return f

    for T, pr in ((int(_x(t25)), g832), (int(_x(t127)), g924)):
        f = gcf(T)
        _attain_c(
            c, f"gamma_c(16, {T})", ("gc", d16, T), f, lambda cc_, f=f: float(f(to_arb(cc_)).mid()), [c_printed], pr
        )
    fa, fb = gcf(int(_x(p48))), gcf(int(_x(l128)))
    mid = lambda cc_: (fa(cc_) + fb(cc_)) / 2  # noqa: E731
    for k, pr in enumerate((g899, m899)):
        _attain_c(
            c,
            f"midpoint of gamma_c over [48, 128] ({k + 1})",
            ("mid", d16, p48, l128),
            mid,
            lambda cc_: float(mid(to_arb(cc_)).mid()),
            [c_printed],
            pr,
        )
    _rel(c, "0.878 = midpoint of [0.832, 0.924]", lambda a, b: (a + b) / 2, (g832, g924), m878)
    between = [g for g in gammas if _x(m878) < _x(g) < _x(m899)]
    c.exact("no grid point between the two midpoints", not between, between, "none")
    r17, r45 = tx["ratio"]
    _rel(c, "min gamma_1/2 / 0.899", lambda a, b: a / b, (min(half, key=_x), g899), r17)
    _rel(c, "max gamma_1/2 / 0.899", lambda a, b: a / b, (maxh, g899), r45)
    a225, a275, a737, q31, q37 = tx["a4"]
    _rel(c, "A4 ratio 0.225 / 0.737", lambda a, b: a / b, (a225, a737), q31)
    _rel(c, "A4 ratio 0.275 / 0.737", lambda a, b: a / b, (a275, a737), q37)
    amp, expo = tx["law"]
    n16, g555 = reg[0], reg[1]
    _derived_c(
        c,
        "depth law at N = 16",
        ("pw", n16),
        lambda a, al: a / arb(int(n16)) ** al,
        lambda a, al: a / int(n16) ** al,
        (amp, expo),
        g555,
    )
    c.exact("N = 16 is the deepest of the grid", _x(n16) == max(dq), n16, max(depths, key=_x))
    c.exact("gamma*(16) remains above max gamma_1/2", _x(g555) > _x(maxh), g555, f"> {maxh}")
    c.approx_enclosed(
        "the depth law reaches 0.400 at N ~ 25",
        lambda: (_arb_q(_x(amp)) / _arb_q(_x(reg[3]))) ** (1 / _arb_q(_x(expo))),
        reg[4],
        word="≈",
        note="N* = (A / 0.400)^(1/alpha) from the printed amplitude and exponent",
    )
    n_lo, n_steps = tx["null"]
    q99, q500, q16, q128v, q128l = tx["quoted"]
    _same(c, "§A31.7 quotes the gamma = 0 null: accuracy 0.99", n_lo, q99)
    _same(c, "§A31.7 quotes the gamma = 0 null: 500 steps", n_steps, q500)
    c.exact(
        "§A31.7 quotes the configuration: d_k, vocabulary, length",
        (_x(q16), _x(q128v), _x(q128l)) == (_x(dk), _x(v1), _x(tx["length"][0])),
        f"{q16}, {q128v}, {q128l}",
        f"{dk}, {v1}, {tx['length'][0]}",
    )
    r1, r2, r3, mean_, sd_ = tx["ratios"]
    _rel(c, "mean of the three seeds' ratios", _mean, (r1, r2, r3), mean_)

    def sd(a, b, cc_):
        m_ = (a + b + cc_) / 3
        return ((a - m_) ** 2 + (b - m_) ** 2 + (cc_ - m_) ** 2) / 2

    _derived_c(
        c,
        "sample s.d. of the three ratios",
        ("sd3",),
        lambda a, b, cc_: sd(a, b, cc_).sqrt(),
        lambda a, b, cc_: math.sqrt(sd(a, b, cc_)),
        (r1, r2, r3),
        sd_,
        note="sample s.d. (n - 1); at the printed values the population s.d. is 0.0205 (next row)",
    )
    pop_hi = max(float((sd(*corner) * 2 / 3) ** 0.5) for corner in itertools.product(*[_iv(v) for v in (r1, r2, r3)]))
    c.exact(
        "the printed s.d. is the sample one (the population s.d. cannot reach it)",
        pop_hi < float(_iv(sd_)[0]),
        f"population s.d. at most {pop_hi:.4f}",
        f">= {float(_iv(sd_)[0])}",
        "over the corners of the inputs' rounding (the population s.d.'s maximum is at a corner: convex)",
    )
    return c.outcome("Appendix A34 arithmetic (the ablation table and the text)")


# =====================================================================================================
# A35-A36
# =====================================================================================================


def check_a35(text=D.A35_TEXT, sources=D.A35_SOURCES, reads=D.A35_READS):
    """Appendix A35-A36: 9,377 = 4,600 + 4,700 + 77 (printed four times), 77 = 49 + 17 + 11 (the three
    sweeps' runs as §A31 prints them), 261.8 = 159.1 + 53.7 + 49.0 GPU-hours (as §A31.6 and §A31.11
    print them) and 200 + 261.8 in excess of 450; 91.7M as A31 prints it; FP-24's 69.1% vs 1.6% is
    43x, and 69.1 +- 8.2 as §7 prints it; the quoted +0.307, fracAC 0.72 -> 0.96, 0.428 vs 0.811 and
    0.949 vs 0.811 as §A8, §7.5 and §1 print them; r up to 0.9994 as §A8 prints it; 4.45M printed in
    A30.1 and A36.3; 'moderate gamma (~0.7-0.9)' contains the optimum 0.80 and ends at the ~0.9 cutoff.
    ``reads``: the numbers of A33 and A31 this reads (located by their certificates)."""
    c = Checks()
    tx = text
    t2 = reads["tranche2"]
    for k, v in enumerate(tx["total"]):
        c.exact(
            f"9,377 = 4,600 + 4,700 + 77 ({k + 1})",
            _x(v) == _x(tx["tranche1"][0]) + _x(t2) + _x(tx["sweeps"][0]),
            f"{tx['tranche1'][0]} + {t2} + {tx['sweeps'][0]}",
            v,
        )
    s77, s49, s17, s11 = tx["sweeps"]
    c.exact("77 = 49 + 17 + 11", _x(s77) == _x(s49) + _x(s17) + _x(s11), f"{s49} + {s17} + {s11}", s77)
    c.exact(
        "the three sweeps' runs as §A31 prints them",
        (_x(s49), _x(s17), _x(s11)) == tuple(_x(v) for v in reads["sweeps"]),
        ", ".join(reads["sweeps"]),
        f"{s49}, {s17}, {s11}",
    )
    g200, g261, g159, g53, g49, g450 = tx["gpuh"]
    _rel(c, "261.8 = 159.1 + 53.7 + 49.0 GPU-hours", lambda a, b, d: a + b + d, (g159, g53, g49), g261)
    src159, src53, src49b, src49 = tx["gpuh_src"]
    _same(c, "159.1 as §A31.6 prints it", src159, g159)
    _same(c, "53.7 as §A31.6 prints it", src53, g53)
    _same(c, "49.0 as §A31.11 prints it", src49, (g49, src49b))
    c.exact(
        "200 + 261.8 in excess of 450", _iv(g200)[0] + _iv(g261)[0] > _x(g450), float(_x(g200) + _x(g261)), f"> {g450}"
    )
    _same(c, "91.7M as A31 prints it", reads["params917"], tx["params917"][0])
    f691, f82, f16, f43 = tx["fp24"]
    _same(c, "FP-24's 69.1 as §7 prints it", sources["fp24"][0], f691)
    _same(c, "FP-24's 8.2 as §7 prints it", sources["fp24"][1], f82)
    _rel(c, "69.1% vs 1.6% is 43x", lambda a, b: a / b, (f691, f16), f43)
    for k, (v, src) in enumerate(zip(tx["quotes"], sources["quotes"])):
        _same(c, f"a number quoted from its section ({k + 1})", src, v)
    c.exact("fracAC monotone: rises", _x(tx["quotes"][1]) < _x(tx["quotes"][2]), tx["quotes"][1:3], "rises")
    _same(c, "r up to 0.9994 as §A8 prints it", sources["r9994"][0], tx["r9994"])
    _same(c, "4.45M printed twice", tx["p445"][1], tx["p445"][0])
    lo, hi = tx["moderate"]
    opt, cut = reads["opt_cut"]
    c.exact("moderate gamma (~0.7-0.9) contains the optimum", _x(lo) <= _x(opt) <= _x(hi), opt, f"[{lo}, {hi}]")
    c.exact("... and ends at the ~0.9 cutoff", _x(hi) == _x(cut), hi, cut)
    return c.outcome("Appendix A35-A36 arithmetic (totals, quotes, repeats)")


CERTIFICATES = [
    certify(
        ST["A29"],
        check_a29,
        Kind.NUMERIC,
        "Tables 101-103: Deltas, Delta_1-2, hypothesis margins, per-depth winners, average and deep-chain "
        "means; p^L; every number printed again in the text",
        cid="A29.stress",
        title="Appendix A29: the L = 30 stress test's arithmetic",
    ),
    certify(
        ST["A30"],
        check_a30,
        Kind.NUMERIC,
        "Tables 104-109 and §A30.4: Deltas, the relative improvement, DC/Nyquist ratios, growth with depth, "
        "notebook B = Table 101, the baselines' differences, Delta-entropy; numbers printed again",
        cid="A30.placement",
        title="Appendix A30: the placement contrast's arithmetic",
    ),
    certify(
        ST["A31"],
        check_a31_sweep,
        Kind.NUMERIC,
        "Tables 110-111 and §A31.1-A31.5: the grid and its count, R's range, the determinant column, R^16 "
        "and the print floor, kappa's spikes, the best fluency loss and its gain, the logic loss; numbers "
        "printed again",
        cid="A31.sweep",
        title="Appendix A31: the low-coupling sweep's arithmetic",
    ),
    certify(
        ST["A31"],
        check_a31_emergence,
        Kind.NUMERIC,
        "Table 112, §A31.6-A31.10: run counts of both sweeps, means and counts of Table 112, E-bar against "
        "§A31.8's ranges, thresholds at T = 512 from (52) and (69), the optimum, the depth law at N = 12; "
        "numbers printed again",
        cid="A31.emergence",
        title="Appendix A31: the emergence band's arithmetic",
    ),
    certify(
        ST["A31"],
        check_a31_cutoff,
        Kind.NUMERIC,
        "§A31.11: the arms' rates and budgets, run counts, Table 113's outcomes, the E_max = 30 separation "
        "(four pinned, seven not), ranges printed again",
        cid="A31.cutoff",
        title="Appendix A31: the decisive experiment's arithmetic",
    ),
    certify(
        ST["A32"],
        check_a32,
        Kind.NUMERIC,
        "Tables 114-120: configurations printed twice, the parameter shift, the margins recomputed, their "
        "bounds, Table 117's factors, ln 50,257 / ln 2 / ln 8,192; numbers printed again",
        cid="A32.efficiency",
        title="Appendix A32: the parameter-efficiency runs' arithmetic",
    ),
    certify(
        ST["A33"],
        check_a33,
        Kind.NUMERIC,
        "Table 121 against Table 90 and Table 101, task counts, pp gains, the statistics quoted from §A16, "
        "§A22, §A23 with statcheck (d.o.f. not printed), the spectral arc's quoted numbers",
        cid="A33.synthesis",
        title="Appendix A33: the Tranche 2 synthesis's arithmetic",
    ),
    certify(
        ST["A34"],
        check_a34,
        Kind.NUMERIC,
        "§A34: run grid, chance, the ablation table's differences, route counts, gamma_1/2 against the "
        "gamma = 0.25 column, gamma_c at d_k = 16 from (52), the depth law at N = 16, the seeds' mean and s.d.",
        cid="A34.attribution",
        title="Appendix A34: the circuit attribution's arithmetic",
    ),
    certify(
        ST["A35"],
        check_a35,
        Kind.NUMERIC,
        "§A35-A36: the corpus's run and GPU-hour totals, the verdict matrix's quoted numbers against their "
        "sections, 43x, numbers printed again",
        cid="A35.closure",
        title="Appendix A35-A36: the closure's arithmetic",
    ),
]
