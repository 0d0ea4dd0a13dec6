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

import itertools
from decimal import Decimal
from fractions import Fraction
from typing import Callable, Sequence

from theory import appendix
from theory.rigorous import printed_interval

from .._companion import certify
from .._subchecks import Checks
from ..coverage.locators_data import psa_app_a29_a36 as D
from ..registry import Kind

ST = {s.id: s for s in appendix.STATEMENTS}

Q = Fraction


def _x(s: str) -> Fraction:
    """The exact value of a printed string ("+0.0342", "3.3e-5", "-52.5")."""
    return Fraction(Decimal(s.strip().lstrip("+")))


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
    t101=D.T101,
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
    ``t101`` is Table 101 as printed (read here; located by A29.stress)."""
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
    b101, m101, _ = t101[D._LREP]
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
    import math

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
    places = -Decimal(mode).as_tuple().exponent
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
    kap = {row: r[5] for row, r in t111.items()}
    kmax = max(kap.values(), key=_x)
    up_to, reaches, sp_lo, sp_hi = text["kappa"]
    c.exact("kappa 'up to 10^8': decade of the largest", _decade_ok(*_iv(kmax), _decade(up_to)), kmax, up_to)
    _same(c, "kappa reaches its largest value", kmax, reaches)
    sp = [kap[r] for r in spikes]
    c.exact(
        "the marked spikes exceed every other kappa",
        min(_x(v) for v in sp) > max(_x(v) for r, v in kap.items() if r not in spikes),
        ", ".join(sp),
        "spikes",
    )
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
    c.approx("logic loss about ln 2 (chance)", float(_x(lg)), math.log(2), word="≈")
    f90, f10, f10b = text["mix"]
    c.exact("DualTask mix: 90% + 10% = 100%", _x(f90) + _x(f10) == 100, f"{f90} + {f10}", 100)
    _same(c, "the 10% logic portion printed again", f10, f10b)
    return c.outcome(
        "Appendix A31.1-A31.5 arithmetic (Tables 110-111 and the text)",
        finding="Table 111's caption and §A31.3 say the |det J - 1| column is 'flat at 1.0000 across all 13 runs' / "
        "'at 1.0000 in every cell', but three rows print 0.9999, 0.9999 and 0.9998 (as §A31.4 itself says)",
    )


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
]
