"""The QHM paper's measurement rows (NOT-CHECKABLE: training runs on GPUs, checkpoints not available) and
the arithmetic of its tables and counts.

Every printed number is a string (its printed precision travels with it).  A number derived from other
printed numbers must be attainable from inputs inside their own rounding, decided in Arb ball arithmetic
(:func:`certificates._companion_enclosed.derived_enclosed`: an exact witness, or a refutation over the whole box
of inputs); counts and other exactly known numbers are compared exactly (rationals, integers).
"""

from __future__ import annotations

from fractions import Fraction

from theory.companions import qhm as Q

from .._companion import certify, not_checkable
from .._companion_enclosed import derived_enclosed as derived
from .._companion_enclosed import exact_printed
from .._subchecks import Checks
from ..printed import rational
from ..registry import Kind

PACK = "qhm"
ST = {s.id.split(":", 1)[1]: s for s in Q.STATEMENTS}
MEASURED = "measurement of trained models (BPB on held-out splits); runs and checkpoints are not available"


def _nc(sid, reason):
    return not_checkable(ST[sid], reason, pack=PACK)


def _arith(sid, check, verifies, suffix=".arith", title=" (arithmetic)"):
    st = ST[sid]
    return certify(st, check, Kind.NUMERIC, verifies, cid=st.id + suffix, pack=PACK, title=st.title + title)


mean = Q.sample_mean
sd = Q.sample_sd
ci = Q.t_interval


_q = rational  # a printed number as the exact rational it spells


def _only_95(level: str) -> None:
    """The t-intervals are computed with t_0.975 (:func:`theory.companions.qhm.t_interval`): a text that
    prints another confidence level cannot be honoured, and says so."""
    if str(level).strip().rstrip("%") != "95":
        raise ValueError(f"only the 95% t-interval (t_0.975) is implemented; the text prints {level}%")


def diff(a, b):
    return a - b


def _paired(c, name, a, b, printed_diffs, printed_mean, printed_sd, printed_ci):
    """Paired differences a_i - b_i (printed strings), their mean, SD and 95% t-interval."""
    ds = []
    for i, (x, y) in enumerate(zip(a, b)):
        if printed_diffs is not None:
            derived(c, f"{name}: difference {i + 1}", diff, (x, y), printed_diffs[i])
        ds.append((x, y))
    flat = [v for pair in ds for v in pair]
    n = len(ds)
    dfun = lambda g: lambda *v: g(*[v[2 * i] - v[2 * i + 1] for i in range(n)])  # noqa: E731
    derived(c, f"{name}: mean", dfun(mean), flat, printed_mean)
    if printed_sd is not None:
        derived(c, f"{name}: SD", dfun(sd), flat, printed_sd)
    if printed_ci is not None:
        derived(c, f"{name}: 95% t-CI low", dfun(ci(True)), flat, printed_ci[0])
        derived(c, f"{name}: 95% t-CI high", dfun(ci(False)), flat, printed_ci[1])


# --- §1 counts ------------------------------------------------------------------------------


def block_matrices(depth: int, d: int, heads: int = 4, ve_channels: int = 32):
    """The 2-D block matrices of the Depth-``depth`` model as (name, layer, shape), from the architecture the
    paper names: per layer W_Q, W_K, W_V, W_O (d x d), W_fc (4d x d), W_proj (d x 4d), and a ResFormer
    ``ve_gate`` (heads x ve_channels) on alternating layers (layers 1, 3, ...)."""
    out = []
    for layer in range(depth):
        out += [(n, layer, (d, d)) for n in ("W_Q", "W_K", "W_V", "W_O")]
        out += [("W_fc", layer, (4 * d, d)), ("W_proj", layer, (d, 4 * d))]
        if layer % 2 == 1:
            out.append(("ve_gate", layer, (heads, ve_channels)))
    return out


def check_counts(
    runs=("exp72", "exp114", "43"),
    anchors="12",
    verified="54",
    total="55",
    matrices=("52", "39"),
    square="32",
    rect=("20", "16", "4"),
    gains=("8192", "16"),
    trigram=("1,024", "768"),
    widths=("512", "384"),
    params="50,342,416",
    share="0.002",
    final_norm=("512", "384"),
    table2_params=(("50,342,416", "50,342,928"), ("26,351,532", "26,351,916")),
    *,
    depths=(8, 6),
):
    """Counts of §1, §2, §3.2, Table 2: runs, matrices, gains and parameter differences.  The matrix and
    sublayer counts are derived from the architecture (:func:`block_matrices`: six matrices per layer and the
    alternating ve_gate), not typed in: each printed count is compared with what the architecture gives."""
    c = Checks()
    n = lambda x: int(str(x).replace(",", ""))  # noqa: E731
    n_runs = int(runs[1][3:]) - int(runs[0][3:]) + 1
    c.exact(f"runs {runs[0]}..{runs[1]}", n_runs == n(runs[2]), n_runs, runs[2])
    c.exact(
        f"{runs[2]} new + {anchors} anchor runs", n(runs[2]) + n(anchors) == n(total), n(runs[2]) + n(anchors), total
    )
    c.exact(f"{verified} verified scripts + reference_seed42", n(verified) + 1 == n(total), n(verified) + 1, total)
    arch = {dep: block_matrices(dep, n(w)) for dep, w in zip(depths, widths)}
    for dep, want in zip(depths, matrices):
        c.exact(f"2-D block matrices at Depth {dep} (architecture)", len(arch[dep]) == n(want), len(arch[dep]), want)
    a8 = arch[depths[0]]
    sq = [m for m in a8 if m[2][0] == m[2][1]]
    rc = [m for m in a8 if m[2][0] != m[2][1]]
    mlp = [m for m in rc if m[0] in ("W_fc", "W_proj")]
    ve = [m for m in rc if m[0] == "ve_gate"]
    c.exact(f"square (g.size(-2) == g.size(-1)) matrices at Depth {depths[0]}", len(sq) == n(square), len(sq), square)
    c.exact(f"rectangular matrices at Depth {depths[0]}", len(rc) == n(rect[0]), len(rc), rect[0])
    c.exact(f"rectangular MLP matrices at Depth {depths[0]}", len(mlp) == n(rect[1]), len(mlp), rect[1])
    c.exact(f"ve_gate matrices at Depth {depths[0]}", len(ve) == n(rect[2]), len(ve), rect[2])
    sublayers = 2 * depths[0]  # attention + MLP per layer, each behind one parameter-free RMSNorm
    c.exact(
        f"sublayers at Depth {depths[0]} (attention + MLP per layer)", sublayers == n(gains[1]), sublayers, gains[1]
    )
    c.exact(
        "block gains: sublayers x d", n(gains[1]) * n(widths[0]) == n(gains[0]), n(gains[1]) * n(widths[0]), gains[0]
    )
    for w, t in zip(widths, trigram):
        c.exact(f"3-gram scalars 2d at d = {w}", 2 * n(w) == n(t), 2 * n(w), t)
    derived(c, "2d / parameters (%)", lambda d, p: 100 * 2 * d / p, (widths[0], params.replace(",", "")), share)
    for (a, b), fn in zip(table2_params, final_norm):
        c.exact(f"Table 2 parameter difference {b} - {a}", n(b) - n(a) == n(fn), n(b) - n(a), fn)
    for w, fn in zip(widths, final_norm):
        c.exact(f"final_norm_weight scalars = d = {w}", n(w) == n(fn), n(w), fn)
    return c.outcome(
        "§1-§3.2 counts and parameter arithmetic (matrix counts from the architecture: six per layer, "
        "ve_gate on alternating layers)"
    )


# --- Table 1 --------------------------------------------------------------------------------

TABLE1 = {  # run: (Dev 1, Delta vs exp65 as printed)
    "exp17": ("0.993561", "+0.000791"),
    "exp75": ("0.993832", "+0.001062"),
    "exp74": ("0.993206", "+0.000436"),
    "exp65": ("0.992770", "0.000000"),
    "exp72": ("0.993038", "+0.000268"),
    "exp73": ("0.992700", "-0.000070"),
    "exp76": ("0.992379", "+0.000350"),
    "exp77": ("0.992581", "-0.000189"),
    "exp79": ("0.992980", "+0.000210"),
    "exp103": ("0.992604", "-0.000166"),
}
#: Seed column of Table 1 (only exp76 is not seed 47).
TABLE1_SEEDS = {
    "exp17": "47",
    "exp75": "47",
    "exp74": "47",
    "exp65": "47",
    "exp72": "47",
    "exp73": "47",
    "exp76": "42",
    "exp77": "47",
    "exp79": "47",
    "exp103": "47",
}
#: Dev 2 cells of Table 1 that the text's differences use.
TABLE1_DEV2 = {"exp72": "0.992373", "exp65": "0.991997", "exp103": "0.991839"}
#: The seed-42 control the text names for exp76: "0.992029 in exp69" (Dev 1; Table 2's exp69 row).
CONTROLS = {"42": "0.992029"}
TEXT1 = (
    ("exp72 Dev 2", "+0.000376"),
    ("exp74 vs exp17", "-0.000355"),
    ("exp75 vs exp17", "+0.000271"),
    ("interaction", "-0.000707"),
    ("exp103 Dev 2", "-0.000158"),
)


def _vs_exp65(run, seed):
    return "exp65"


def _seed_matched(run, seed):
    return "exp65" if seed == "47" else f"seed-{seed} control"


def _table1_rows(c, table, dev2, text, norm, control, seeds, controls):
    for run, (d1, delta) in table.items():
        seed = seeds[run]
        ref = control(run, seed)
        ref_val = table["exp65"][0] if ref == "exp65" else controls[seed]
        derived(c, f"{run} Dev 1 - {ref}", diff, (d1, ref_val), delta.lstrip("+"))
    if text is not None:
        t = dict(text)
        derived(c, "exp72 Dev 2 - exp65 Dev 2", diff, (dev2["exp72"], dev2["exp65"]), t["exp72 Dev 2"].lstrip("+"))
        derived(c, "exp74 - exp17 (Dev 1)", diff, (table["exp74"][0], table["exp17"][0]), t["exp74 vs exp17"])
        derived(
            c, "exp75 - exp17 (Dev 1)", diff, (table["exp75"][0], table["exp17"][0]), t["exp75 vs exp17"].lstrip("+")
        )
        derived(
            c,
            "interaction exp65 - exp74 - exp75 + exp17",
            lambda a, b, cc, d: a - b - cc + d,
            (table["exp65"][0], table["exp74"][0], table["exp75"][0], table["exp17"][0]),
            t["interaction"],
        )
        derived(c, "exp103 Dev 2 - exp65 Dev 2", diff, (dev2["exp103"], dev2["exp65"]), t["exp103 Dev 2"])
    if norm is not None:
        derived(c, "Layer-7 c_q norm growth", lambda a, b: b / a, norm[:2], norm[2])


def check_table1(
    table=TABLE1,
    dev2=TABLE1_DEV2,
    text=TEXT1,
    norm=("61.02", "516.88", "8.47"),
    *,
    control=_vs_exp65,
    seeds=TABLE1_SEEDS,
    controls=CONTROLS,
):
    """Table 1's 'Delta vs exp65' column (every row against exp65, as the header says; ``control`` is the
    reading of the header, a setting) and the differences quoted in §1 item 1."""
    c = Checks()
    _table1_rows(c, table, dev2, text, norm, control, seeds, controls)
    fails = c.failures()
    note = ""
    if any(f.startswith("exp76") for f in fails):
        note = (
            "; the exp76 row (seed 42) prints +0.000350 under 'Delta vs exp65', which is its difference from the "
            "seed-42 control exp69 (0.992029), as the text says; from exp65 it is -0.000391. Graded minor: a "
            "column-label slip, the intended seed-matched difference holds (qhm:table1.arith.corrected)"
        )
    return c.outcome(
        "Table 1 differences" + note,
        severity="minor",
        finding="; ".join(
            f"{r[0]} from the printed columns is "
            + (f"[{r[2][0]:.3g}, {r[2][1]:.3g}]" if isinstance(r[2], (list, tuple)) and len(r[2]) == 2 else f"{r[2]}")
            + f", not the printed {r[3]}"
            + (" (the column holds exp76's difference from its seed-42 control)" if r[0].startswith("exp76") else "")
            for r in c.rows
            if not r[1]
        ),
    )


def check_table1_corrected(table=TABLE1, seeds=TABLE1_SEEDS, controls=CONTROLS, *, control=_seed_matched):
    """Corrected: the Delta column taken against the seed-matched control (exp69, Dev 1 0.992029, for the
    seed-42 row; exp65 for the seed-47 rows)."""
    c = Checks()
    _table1_rows(c, table, None, None, None, control, seeds, controls)
    return c.outcome("Table 1 Delta column against the seed-matched controls")


# --- Table 2 --------------------------------------------------------------------------------

T2_BIEQ = {
    "Dev 1": (("0.992029", "0.992770", "0.992664"), "0.992488", "0.000401"),
    "Dev 2": (("0.991297", "0.991997", "0.991892"), "0.991729", "0.000378"),
}
T2_SITES = {
    "Dev 1": (("0.991750", "0.991837", "0.992040"), "0.991875", "0.000149"),
    "Dev 2": (("0.991077", "0.991026", "0.991432"), "0.991178", "0.000221"),
}


def check_table2(
    bieq=T2_BIEQ,
    sites=T2_SITES,
    deltas=("-0.000279", "-0.000933", "-0.000624"),
    paired=("-0.000612", "0.000327"),
    exp84=("0.992101", "-0.000669", "71.7"),
    depth6=(("1.044935", "1.046367", "-0.001432"), ("1.044309", "1.045875", "-0.001566")),
    pair_mean=(("1.044935", "1.044418", "0.000730"), ("1.044309", "1.043834", "0.000671")),
    *,
    seeds=("42", "47", "137"),
):
    """Means and SDs of Table 2, the paired deltas (seed-matched controls), 71.7%, the Depth-6 deltas, and
    the exp87/85 two-run mean and SD against the one printed run (exp85)."""
    c = Checks()
    for name, rows in (("15/v2 BiEq", bieq), ("17-site", sites)):
        for split, (vals, m, s) in rows.items():
            derived(c, f"{name} {split} mean", mean, vals, m)
            derived(c, f"{name} {split} SD", sd, vals, s)
    base = bieq["Dev 1"][0]
    new = sites["Dev 1"][0]
    for i, d in enumerate(deltas):
        derived(c, f"17-site - control, seed {seeds[i]}", diff, (new[i], base[i]), d)
    _paired(c, "17-site - BiEq (Dev 1)", new, base, None, paired[0], paired[1], None)
    derived(c, "exp84 - exp65", diff, (exp84[0], base[1]), exp84[1])
    derived(
        c,
        "share of the seed-47 gain (%)",
        lambda a, b, cc: 100 * (a - b) / (cc - b),
        (exp84[0], base[1], new[1]),
        exp84[2],
    )
    for (a, b, d), split in zip(depth6, ("Dev 1", "Dev 2")):
        derived(c, f"Depth-6 exp85 - exp107 {split}", diff, (a, b), d)
    for (x85, m, s), split in zip(pair_mean, ("Dev 1", "Dev 2")):
        # two runs with mean m, one of them x85: SD = sqrt(2) |x85 - m|
        derived(
            c, f"exp87/85 {split}: SD implied by the mean and exp85", lambda x, mm: 2**0.5 * abs(x - mm), (x85, m), s
        )
    return c.outcome("Table 2 arithmetic (paired deltas use the seed-matched controls exp69/65/71)")


# --- Table 3 --------------------------------------------------------------------------------

T3 = {  # group: {split: (values by seed 42, 47, 137 [Depth 6: 42, 47]), mean, SD}
    "Circular coupled (exp94/96/95)": {
        "Dev 1": (("0.990561", "0.989937", "0.989623"), "0.990040", "0.000477"),
        "Dev 2": (("0.989902", "0.989198", "0.988805"), "0.989302", "0.000556"),
        "Untouched": (("0.992810", "0.991737", "0.991173"), "0.991907", "0.000832"),
    },
    "Circular QHM (exp98/97/99)": {
        "Dev 1": (("0.989865", "0.989145", "0.988464"), "0.989158", "0.000701"),
        "Dev 2": (("0.989276", "0.988401", "0.987589"), "0.988422", "0.000844"),
        "Untouched": (("0.992120", "0.991101", "0.990373"), "0.991198", "0.000877"),
    },
    "Identity QHM (exp108/106/109)": {
        "Dev 1": (("0.988618", "0.988489", "0.988663"), "0.988590", "0.000090"),
        "Dev 2": (("0.987901", "0.987806", "0.987873"), "0.987860", "0.000049"),
        "Untouched": (("0.990260", "0.990349", "0.990363"), "0.990324", "0.000056"),
    },
    "Depth-6 circular (exp101/100)": {
        "Dev 1": (("1.039661", "1.039243"), "1.039452", "0.000295"),
        "Dev 2": (("1.039197", "1.038607"), "1.038902", "0.000417"),
        "Untouched": (("1.041923", "1.041219"), "1.041571", "0.000498"),
    },
    "Depth-6 identity (exp113/112)": {
        "Dev 1": (("1.039503", "1.040168"), "1.039836", "0.000470"),
        "Dev 2": (("1.038928", "1.039587"), "1.039258", "0.000466"),
        "Untouched": (("1.041472", "1.042220"), "1.041846", "0.000529"),
    },
}
T3_PAIRED = {  # Identity minus Circular (QHM): differences, mean, SD, 95% t-CI
    "Dev 1": (("-0.001248", "-0.000656", "+0.000199"), "-0.000568", "0.000727", ("-0.002375", "+0.001239")),
    "Dev 2": (("-0.001375", "-0.000594", "+0.000284"), "-0.000562", "0.000830", ("-0.002623", "+0.001500")),
    "Untouched": (("-0.001860", "-0.000752", "-0.000011"), "-0.000874", "0.000931", ("-0.003187", "+0.001438")),
}
T3_TAP = {
    "exp111": ("0.989025", "0.988260", "0.990775"),
    "exp106": ("0.988489", "0.987806", "0.990349"),
    "delta": ("-0.000536", "-0.000454", "-0.000426"),
}


def check_table3(
    groups=T3,
    paired=T3_PAIRED,
    taps=T3_TAP,
    depth6=("1.041846", "1.049901", "-0.008055"),
    lower_on=("2", "3", "Dev 1"),
    *,
    seeds=("42", "47", "137"),
    level="95",
):
    """Group means and SDs of Table 3; Identity minus Circular paired differences, means, SDs and 95%
    t-intervals (n = 3); the third-tap deltas; the Depth-6 gain; '2 of 3 seeds' lower.  The per-seed
    values are paired by seed (``seeds``: the order of the values, Depth 6 the first two); ``level``: the
    confidence level of the t-intervals (only 95%, t_0.975, is implemented)."""
    _only_95(level)
    c = Checks()
    for g, rows in groups.items():
        for split, (vals, m, s) in rows.items():
            derived(c, f"{g} {split} mean", mean, vals, m)
            derived(c, f"{g} {split} SD", sd, vals, s)
    ident, circ = groups["Identity QHM (exp108/106/109)"], groups["Circular QHM (exp98/97/99)"]
    for split, (ds, m, s, cint) in paired.items():
        _paired(
            c,
            f"Identity - Circular {split} (seeds {'/'.join(seeds)})",
            ident[split][0],
            circ[split][0],
            [d.lstrip("+") for d in ds],
            m,
            s,
            [x.lstrip("+") for x in cint],
        )
    for i, split in enumerate(("Dev 1", "Dev 2", "Untouched")):
        derived(c, f"exp106 - exp111 {split}", diff, (taps["exp106"][i], taps["exp111"][i]), taps["delta"][i])
    derived(c, "Depth-6 identity - exp107 (untouched)", diff, depth6[:2], depth6[2])
    for split in ("Dev 1", "Dev 2", "Untouched"):
        c.exact(
            f"identity mean below circular mean ({split})",
            _q(ident[split][1]) < _q(circ[split][1]),
            f"{ident[split][1]} < {circ[split][1]}",
            True,
            "'across all three splits, the sample mean is lower'",
        )
    pairs = list(zip(ident[lower_on[2]][0], circ[lower_on[2]][0]))
    lower = sum(_q(a) < _q(b) for a, b in pairs)
    c.exact(
        f"seeds with a lower identity value ({lower_on[2]})",
        (lower, len(pairs)) == (int(lower_on[0]), int(lower_on[1])),
        f"{lower} of {len(pairs)}",
        f"{lower_on[0]} of {lower_on[1]}",
    )
    return c.outcome("Table 3 and §4.4 arithmetic (t quantile t_0.975,2 = 4.303)")


# --- Table 4 --------------------------------------------------------------------------------

T4A = {  # run: (Dev 1, printed delta vs its coupled 0.95 reference, reference run)
    "exp83": ("0.991075", "-0.000761", "exp80"),
    "exp105": ("0.990057", "+0.000120", "exp96"),
    "exp114": ("0.989595", "-0.000342", "exp96"),
    "exp97": ("0.989145", "-0.000792", "exp96"),
    "exp104": ("0.988441", "-0.001496", "exp96"),
    "exp106": ("0.988489", "-0.001448", "exp96"),
    "exp110": ("0.988430", "-0.001507", "exp96"),
}
T4_REF = {"exp80": "0.991837", "exp96": "0.989937", "exp17": "0.993561"}
T4_QHM = {  # QHM (exp98/97/99) minus coupled (exp94/96/95): mean, SD, 95% t-CI
    "Dev 1": ("-0.000882", "0.000244", ("-0.001489", "-0.000275")),
    "Dev 2": ("-0.000880", "0.000303", ("-0.001633", "-0.000127")),
    "Untouched": ("-0.000709", "0.000083", ("-0.000916", "-0.000501")),
}


def check_table4(
    rows=T4A,
    refs=T4_REF,
    qhm=T4_QHM,
    adamw=(("1.059875", "+0.064200"), ("1.055472", "+0.061911")),
    exp110_below_base="-0.007245",
    ramp=("0.988441", "0.989595", "-0.001154"),
    *,
    groups=T3,
    level="95",
):
    """Table 4A deltas; QHM minus coupled paired statistics on three splits (§1 item 4); the two AdamW
    deltas and exp110's 'below baseline_seed47' must imply the same baseline; exp104 vs exp114.  ``groups``
    (Table 3's per-seed values, certified in qhm:table3.arith) is an input here, a setting; ``level``: the
    confidence level of the t-intervals (only 95% is implemented)."""
    _only_95(level)
    c = Checks()
    for run, (d1, delta, ref) in rows.items():
        derived(c, f"{run} - {ref}", diff, (d1, refs[ref]), delta.lstrip("+"))
    q, cp = groups["Circular QHM (exp98/97/99)"], groups["Circular coupled (exp94/96/95)"]
    for split, (m, s, cint) in qhm.items():
        _paired(c, f"QHM - coupled {split}", q[split][0], cp[split][0], None, m, s, cint)
    d1 = [_q(a) - _q(b) for a, b in zip(q["Dev 1"][0], cp["Dev 1"][0])]
    c.exact("QHM improves all three Depth-8 seeds (Dev 1)", all(x < 0 for x in d1), [float(x) for x in d1], "< 0")
    c.exact(
        "untouched 95% t-interval strictly below zero", _q(qhm["Untouched"][2][1]) < 0, qhm["Untouched"][2][1], "< 0"
    )
    base_adamw = _q(adamw[0][0]) - _q(adamw[0][1])
    base_110 = _q(rows["exp110"][0]) - _q(exp110_below_base)
    c.exact(
        "baseline_seed47 implied by AdamW delta and by exp110",
        abs(base_adamw - base_110) <= Fraction(3, 2_000_000),
        float(base_adamw),
        float(base_110),
        "exact: |difference| <= 1.5e-6",
    )
    derived(c, "exp15 - exp17", diff, (adamw[1][0], refs["exp17"]), adamw[1][1].lstrip("+"))
    derived(c, "exp104 - exp114", diff, ramp[:2], ramp[2])
    return c.outcome("Table 4A-B arithmetic and §1 item 4")


# --- Table 5 --------------------------------------------------------------------------------


def check_table5(
    base="1.2535e14",
    flops=(("1.68e7", "0.00001"), ("1.07e9", "0.00086"), ("5.37e8", "0.00043")),
    tokens=(64, 2048, 4, 524_288),
    d="512",
    vocab="8192",
):
    """FLOP shares of Table 5, and the extra FLOPs reconstructed from the shapes: 3-gram 4 d flops per token
    (two multiply-adds), 2-tap 2 d, column gains V x d per microbatch."""
    c = Checks()
    B, T, micro, per_step = tokens
    d, vocab = int(d), int(vocab)
    c.exact("tokens per step 64 x 2048 x 4", B * T * micro == per_step, B * T * micro, per_step)
    for f, share in flops:
        derived(c, f"{f} / {base} (%)", lambda x, y: 100 * x / y, (f, base), share)
    exact_printed(c, "3-gram: 4 d flops x tokens", 4 * d * per_step, "1.07e9")
    exact_printed(c, "2-tap: 2 d flops x tokens", 2 * d * per_step, "5.37e8")
    exact_printed(c, "column gains: V x d x 4 microbatches", vocab * d * micro, "1.68e7")
    return c.outcome("Table 5 FLOP arithmetic (FLOP counts reconstructed from the printed shapes)")


# --- §4.1 -----------------------------------------------------------------------------------


def check_splits(
    batch_tokens=65_536,
    dev=((0, 319), "20.97"),
    untouched=((640, 748), 109, "7,143,424"),
    epoch=(749, "49,086,464"),
    bounds=("41.94", "49.09"),
    updates=(953, 524_288, "499,646,464"),
    micro=(16, 16, 2048),
):
    """Token counts of §4.1 and §1 (65,536-token evaluation batches)."""
    c = Checks()
    n_dev = dev[0][1] - dev[0][0] + 1
    exact_printed(c, "Dev stream tokens (M)", Fraction(n_dev * batch_tokens, 10**6), dev[1])
    n_u = untouched[0][1] - untouched[0][0] + 1
    c.exact("batches 640..748", n_u == untouched[1], n_u, untouched[1])
    c.exact(
        "untouched tokens", n_u * batch_tokens == int(untouched[2].replace(",", "")), n_u * batch_tokens, untouched[2]
    )
    c.exact(
        "one epoch of the shard",
        epoch[0] * batch_tokens == int(epoch[1].replace(",", "")),
        epoch[0] * batch_tokens,
        epoch[1],
    )
    exact_printed(c, "untouched split starts (M tokens)", Fraction(640 * batch_tokens, 10**6), bounds[0])
    exact_printed(c, "untouched split ends (M tokens)", Fraction(epoch[0] * batch_tokens, 10**6), bounds[1])
    c.exact(
        "953 updates x 524,288",
        updates[0] * updates[1] == int(updates[2].replace(",", "")),
        updates[0] * updates[1],
        updates[2],
    )
    c.exact(
        "16 microbatches x 16 rows x 2048",
        micro[0] * micro[1] * micro[2] == updates[1],
        micro[0] * micro[1] * micro[2],
        updates[1],
    )
    return c.outcome("§4.1 split sizes and §1 token counts")


CERTIFICATES = (
    _arith(
        "sec1.counts",
        check_counts,
        "runs, matrix counts, gains, 2d share, Table 2 parameter differences",
        suffix="",
        title="",
    ),
    _nc("table1", MEASURED),
    _arith("table1", check_table1, "Delta vs exp65 column and the §1 item 1 differences"),
    _arith(
        "table1",
        check_table1_corrected,
        "Delta column against the seed-matched control",
        suffix=".arith.corrected",
        title=" (arithmetic, corrected)",
    ),
    _nc("table2", MEASURED),
    _arith("table2", check_table2, "3-seed means/SDs, paired deltas, 71.7%, Depth-6 deltas, exp87/85 consistency"),
    _nc("table3", MEASURED),
    _arith("table3", check_table3, "group means/SDs, paired differences and 95% t-intervals, third-tap deltas"),
    _nc("table4", MEASURED),
    _arith("table4", check_table4, "4A deltas, QHM - coupled paired statistics, baseline consistency"),
    _nc(
        "table4c.shadow",
        "shadow-filter measurements on a training trajectory (c_q / c_fc bounce); the analytic "
        "columns of Table 4C are certified in qhm:table4c",
    ),
    _nc("table5", "VRAM and wall-clock measurements; the FLOP shares are checked in qhm:table5.arith"),
    _arith("table5", check_table5, "FLOP shares of 1.2535e14 and the FLOP counts from the shapes"),
    _nc(
        "sec4.1",
        "document-overlap and SHA-256 audits need the shards; the token counts are checked in qhm:sec4.1.arith",
    ),
    _arith("sec4.1", check_splits, "batches x 65,536 tokens; 953 x 524,288"),
    _nc("sec4.4.ce", MEASURED + " (cross-entropy of the early trajectory)"),
    _nc("sec5", "scope statement"),
)
