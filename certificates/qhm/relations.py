"""Relations among the QHM paper's printed numbers that no other certificate reads (issue 27, item 4).

* the same quantity printed in several places (a run's BPB in the text and in a table, a
  hyperparameter in §1 and §4): every printing must be the same number;
* the learning-rate arithmetic of §1 / §3.2 (``0.04 * scalar_lr = 0.02``, ``5x`` higher than
  ``unembedding_lr = 0.004``, with ``SCALAR_LR = 0.5`` from §4);
* rounded counts against the exact counts printed elsewhere (``50.3M`` / ``50.34M`` against Table
  2's ``50,342,416``; ``26.35M``; ``7.14M`` against ``7,143,424``);
* percentages against their counts (``100%`` (``54/54``) script verification, ``0/11,905``
  documents = ``0.0000%`` overlap) and Table 5's zero shares;
* Table 1's matrix scopes (``16 MLP + 4 ve_gate (20)``, ``20 Rect + 16 VO (36)``) against each
  other and against the architecture (:func:`certificates.qhm.tables.block_matrices`).

The printed data live once, in :mod:`certificates.coverage.locators_data.qhm_relations`, which
also builds their locators.  Exact decimal arithmetic throughout (``proved``).
"""

from __future__ import annotations

from fractions import Fraction

from .._companion_enclosed import derived_enclosed as derived
from .._companion_enclosed import exact_printed
from .._subchecks import Checks
from ..coverage.locators_data import qhm_relations as D
from ..printed import rational
from .tables import _arith, block_matrices

_q = rational  # a printed number as the exact rational it spells


def check_same(values=D.SAME):
    """Every quantity printed in several places is printed as the same number everywhere (exact)."""
    c = Checks()
    for name, printed in values.items():
        first = _q(printed[0])
        for i, p in enumerate(printed[1:], start=2):
            c.exact(f"{name}: printing {i} = printing 1", _q(p) == first, p, printed[0])
    return c.outcome(
        "numbers printed in several places agree",
        severity="minor",
        finding="; ".join(f"{r[0].split(':')[0]} is printed as {r[2]} and as {r[3]}" for r in c.rows if not r[1]),
    )


def check_lr(
    matrix_lr=D.LR["matrix_lr"],
    product=D.LR["product"],
    ratio=D.LR["ratio"],
    unembedding_lr=D.LR["unembedding_lr"],
    scalar_lr=D.LR["scalar_lr"],
):
    """§1 / §3.2: ``0.04 * scalar_lr = 0.02`` (with §4's ``SCALAR_LR = 0.5``; printed twice) and ``5x``
    higher than ``unembedding_lr = 0.004`` (printed three times, the same everywhere)."""
    c = Checks()
    for i, (m, p) in enumerate(zip(matrix_lr, product), start=1):
        exact_printed(c, f"0.04 * scalar_lr (printing {i})", _q(m) * _q(scalar_lr), p)
    for i, u in enumerate(unembedding_lr[1:], start=2):
        c.exact(f"unembedding_lr printing {i} = printing 1", _q(u) == _q(unembedding_lr[0]), u, unembedding_lr[0])
    exact_printed(c, "(0.04 * scalar_lr) / unembedding_lr", _q(product[-1]) / _q(unembedding_lr[-1]), ratio)
    return c.outcome("learning-rate arithmetic of §1, §3.2 and §4")


def check_rounded(rounded=D.ROUNDED, *, exact=D.ROUNDED_EXACT):
    """Counts printed in millions (``50.3M``) against the exact counts printed elsewhere (``exact``, read as
    claims by qhm:sec1.counts and qhm:sec4.1.arith: settings here): each must be the exact count rounded."""
    c = Checks()
    for name, printed in rounded.items():
        n = _q(exact[name])
        for i, p in enumerate(printed, start=1):
            exact_printed(c, f"{name}: {exact[name]} in millions (printing {i})", n / 10**6, p)
    return c.outcome("rounded counts (millions) against the exact counts")


def check_shares(provenance=D.PROVENANCE, overlap=D.OVERLAP, *, documents=D.SAME["untouched-split documents"][0]):
    """``100%`` (``54/54``) trainer-script verification (the 100% printed again in §6) and the untouched split's
    ``0/11,905`` shared documents = ``0.0000%`` overlap (``documents``: the count, read in qhm:sec1.counts.same)."""
    c = Checks()
    verified, scripts, pcts = provenance
    for i, pct in enumerate(pcts, start=1):
        exact_printed(c, f"100 * {verified}/{scripts} (printing {i})", 100 * _q(verified) / _q(scripts), pct)
    shared, pct = overlap
    exact_printed(c, f"100 * {shared}/{documents}", 100 * _q(shared) / _q(documents), pct)
    return c.outcome("percentages of §1, §4.1 and §6 against their counts")


def check_scope(scopes=D.SCOPES, *, depth=8, d=512):
    """Table 1's 'Pre-Polar BiEq Scope': each row's parts add up to its printed total, and each part is the
    number of such matrices in the Depth-8 architecture (MLP: W_fc, W_proj; ve_gate; VO: W_V, W_O; QK: W_Q,
    W_K; Rect = MLP + ve_gate)."""
    arch = block_matrices(depth, d)
    count = {
        "MLP": sum(m[0] in ("W_fc", "W_proj") for m in arch),
        "ve_gate": sum(m[0] == "ve_gate" for m in arch),
        "None": 0,
        "VO": sum(m[0] in ("W_V", "W_O") for m in arch),
        "QK": sum(m[0] in ("W_Q", "W_K") for m in arch),
    }
    count["Rect"] = count["MLP"] + count["ve_gate"]
    c = Checks()
    for row, (parts, total) in scopes.items():
        s = Fraction(0)
        for kind, printed in parts:
            c.exact(f"{row}: {kind} matrices (architecture)", count[kind] == _q(printed), count[kind], printed)
            s += _q(printed)
        if total is not None:
            c.exact(f"{row}: parts add up to the total", s == _q(total), int(s), total)
    return c.outcome(
        "Table 1 matrix scopes against the architecture (Depth 8: six matrices a layer, ve_gate on odd layers)"
    )


def check_table5_zero(shares=D.T5_ZERO_SHARES, *, flops=D.T5_ZERO_FLOPS, base="1.2535e14"):
    """Table 5: the mechanisms that add no FLOPs (``+0``, settings here) have a ``0.00000%`` share of the base
    step's FLOPs (``base``: read as a claim in qhm:table5.arith)."""
    c = Checks()
    for i, (f, s) in enumerate(zip(flops, shares), start=1):
        exact_printed(c, f"row {i}: 100 * {f} / {base} (%)", 100 * _q(f) / _q(base), s)
    return c.outcome("Table 5 shares of the mechanisms with no extra FLOPs")


def check_sites(
    sites=D.SITES, two_tap=D.TWO_TAP, n_seeds=D.N_SEEDS, *, depths=(8, 6), d="512", seeds=("42", "47", "137")
):
    """Gain sites and sizes of §1 / §4.6: the 17th parameter-free RMSNorm site (the 16 block sublayers of Depth 8,
    attention and MLP per layer, plus the final one); the deconfounded 12-site control at Depth 6 (its block
    sublayers); the matched 2-tap filter's extra parameters (one gain vector gamma_bi of width d); the seed count
    printed where the text says 'all 3 seeds' / 'n = 3' (``seeds``: the Depth-8 seeds of Table 3)."""
    c = Checks()
    c.exact(
        f"sublayers at Depth {depths[0]} + the final site",
        2 * depths[0] + 1 == _q(sites[0]),
        2 * depths[0] + 1,
        sites[0],
    )
    c.exact(f"block sublayers at Depth {depths[1]}", 2 * depths[1] == _q(sites[1]), 2 * depths[1], sites[1])
    c.exact("2-tap extra parameters = d (gamma_bi)", _q(two_tap) == _q(d), d, two_tap)
    for i, n in enumerate(n_seeds, start=1):
        c.exact(f"seed count (printing {i})", _q(n) == len(seeds), len(seeds), n)
    return c.outcome("gain sites, 2-tap parameters and seed counts")


def check_vram(
    base_rows=D.VRAM["base_rows"],
    gain_rows=D.VRAM["gain_rows"],
    base=D.VRAM["base"],
    extra=D.VRAM["extra"],
    depth6=D.VRAM["depth6"],
):
    """Peak VRAM of Table 2 against Table 5: the base configuration's 22804.61 MiB (Table 5) is what the
    Depth-8 base rows print (to 0.1); the rows with the column gains add Table 5's +0.002 MiB (printed again in
    §1, the same); at Depth 6 the 13-site rows are the 12-site control plus at most that (384 < 512 scalars).
    Table 2's 'MB' is read as Table 5's MiB (with MB = 10^6 bytes, 22804.61 MiB would be 23912.4 MB)."""
    c = Checks()
    for row, printed in base_rows.items():
        derived(c, f"Table 2 {row}: Table 5 base", lambda b: b, (base,), printed)
    for i, e in enumerate(extra[1:], start=2):
        c.exact(f"+0.002 MiB printing {i} = printing 1", _q(e) == _q(extra[0]), e, extra[0])
    for row, printed in gain_rows.items():
        derived(c, f"Table 2 {row}: base + column gains", lambda b, e: b + e, (base, extra[0]), printed)
    control, rows = depth6
    for row, printed in rows.items():
        derived(c, f"Table 2 {row}: Depth-6 control + column gains", lambda b, e: b + e, (control, extra[0]), printed)
    return c.outcome("peak VRAM of Table 2 from Table 5's base and extra VRAM (MB read as MiB)")


def _one_of_n(c: Checks, name: str, x: tuple[Fraction, Fraction], mean_sd: tuple[str, str], n: int) -> None:
    """One value x (an interval) of n with sample mean and SD as printed: |x - mean| <= SD (n - 1)/sqrt(n) must be
    attainable inside the printed roundings (exact rationals)."""
    from theory.rigorous import printed_interval

    xlo, xhi = x
    mlo, mhi = printed_interval(mean_sd[0])
    slo, shi = printed_interval(mean_sd[1])
    gap = max(Fraction(0), mlo - xhi, xlo - mhi)  # the smallest |x - mean| inside the roundings
    c.exact(
        name,
        gap * gap * n <= shi * shi * (n - 1) ** 2,
        f"|x - mean| >= {float(gap):.6f}",
        f"<= {float(shi * (n - 1)) / n**0.5:.6f}",
        "exact rationals over the printed roundings",
    )


def check_baseline(mean_sd=D.BASELINE, prior=D.PRIOR, *, seed47=("1.059875", "+0.064200"), exp17="0.993561", n=3):
    """Table 4B's reference baseline (3-seed mean and SD, per-seed values not printed) against its seed-47 Dev 1
    value, which Table 4A fixes: baseline_adamw_seed47's 1.059875 is +0.064200 above it (``seed47``: read as claims
    in qhm:table4.arith).  One of n values lies within SD (n - 1)/sqrt(n) of the sample mean (the bound is reached
    when the other n - 1 values are equal), so |x_47 - mean| <= 2 SD/sqrt(3) must be attainable inside the
    printed roundings (exact rationals).  The same for §1's ``prior`` (the first paper's exp18/exp17/exp22, 3 seeds)
    against exp17's Dev 1 printed in Table 1 (``exp17``: read as a claim in qhm:table1.arith)."""
    from theory.rigorous import printed_interval

    c = Checks()
    a, b = printed_interval(seed47[0]), printed_interval(seed47[1].lstrip("+"))
    x47 = (a[0] - b[1], a[1] - b[0])
    _one_of_n(c, f"seed 47 (1.059875 - 0.064200) within 2 SD/sqrt(3) of the {n}-seed mean", x47, mean_sd, n)
    _one_of_n(
        c, f"exp17 ({exp17}, Table 1) within 2 SD/sqrt(3) of exp18/17/22's mean", printed_interval(exp17), prior, n
    )
    return c.outcome("3-seed means and SDs against the one seed the paper prints (Table 4B baseline; §1's exp18/17/22)")


CERTIFICATES = (
    _arith("sec1.counts", check_same, "the same quantity printed in several places", ".same", " (printed twice)"),
    _arith("sec3.2", check_lr, "0.04 * scalar_lr = 0.02; 5x unembedding_lr; the rates as printed", ".lr", " (rates)"),
    _arith(
        "sec1.counts", check_rounded, "50.3M, 50.34M, 26.35M, 7.14M against the exact counts", ".rounded", " (rounded)"
    ),
    _arith("sec4.1", check_shares, "100% (54/54) verification, 0/11,905 = 0.0000% overlap", ".shares", " (shares)"),
    _arith(
        "table1",
        check_scope,
        "16 + 4 = 20, 20 + 16 = 36 matrices, each part from the architecture",
        ".scope",
        " (scopes)",
    ),
    _arith(
        "sec1.counts",
        check_sites,
        "17th site = 2 x 8 + 1, 12-site = 2 x 6, 2-tap +512 = d, n = 3 seeds",
        ".sites",
        " (sites)",
    ),
    _arith("table2", check_vram, "Table 2 peak VRAM = Table 5 base (+0.002 MiB with the gains)", ".vram", " (VRAM)"),
    _arith(
        "table4",
        check_baseline,
        "3-seed mean/SD against the one printed seed (4B baseline, §1's exp18/17/22)",
        ".baseline",
        " (baseline)",
    ),
    _arith("table5", check_table5_zero, "0.00000% shares of the +0-FLOP mechanisms", ".zero", " (zero shares)"),
)
