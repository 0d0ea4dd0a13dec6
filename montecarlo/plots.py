"""The paper's simulation figures, recomputed: Fig. 7a, 7b, 8a, 8c and the exact error map.

Each function runs (or reuses) the Monte Carlo and the exact evaluation it needs, draws one
figure with matplotlib's Agg backend, writes ``<out>/<name>.png`` and ``.svg`` and returns
the paths together with the numbers it drew.  Every figure states its conventions (model,
distractor count m, chance level, seeds x trials, grid) in a subtitle.  matplotlib is an
optional dependency (extra ``plot``); without it :class:`PlotUnavailable` is raised.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass

import numpy as np

from theory import laws

from . import conventions as conv
from .engine import argmax_probability, gamma_c_mc
from .exact import error_map

FIGURES = ("fig7a", "fig7b", "fig8a", "fig8c", "error-map")

GRID_DKS = (4, 8, 16, 32, 64, 128)
GRID_TS = (10, 15, 25)
T_AXIS_DK = 16
T_AXIS = (6, 8, 9, 10, 12, 15, 20, 25, 30, 40)
C7_POINTS = ((4, 10), (8, 25), (32, 15), (128, 25))
COLORS = {10: "#1f77b4", 15: "#d62728", 25: "#2ca02c"}


class PlotUnavailable(RuntimeError):
    """matplotlib is not installed."""


def _plt():
    try:
        import matplotlib
    except ImportError:
        raise PlotUnavailable(
            "matplotlib is not installed; install the extra: pip install 'psa-toolkit[plot]'"
        ) from None
    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    return plt


@dataclass
class MCSettings:
    trials: int = conv.DEFAULT_TRIALS
    seeds: int = conv.DEFAULT_SEEDS
    seed: int = conv.DEFAULT_SEED
    distractors: str = conv.DEFAULT_DISTRACTORS
    chance: str = conv.DEFAULT_CHANCE

    def m_text(self) -> str:
        return "m = T−2 (Def 62)" if self.distractors == "T-2" else "m = T−1 (Rem 72)"

    def chance_text(self) -> str:
        return "chance 1/(T−1)" if self.chance == "T-1" else "chance 1/(m+1) = A(0)"

    def mc_text(self) -> str:
        last = self.seed + self.seeds - 1
        seeds = f"seed {self.seed}" if self.seeds == 1 else f"seeds {self.seed}–{last}"
        return f"MC: {self.seeds} × {self.trials:,} trials ({seeds})"

    def caption(self, extra: str = "") -> str:
        grid = f"grid linspace(0,{conv.DEFAULT_GAMMA_MAX:g},{conv.DEFAULT_GRID})"
        s = f"T4-only model G (Def 62); {self.m_text()}; {self.chance_text()}; {self.mc_text()}; {grid}"
        return s + (f"; {extra}" if extra else "")


_MC_CACHE: dict = {}


def _mc(dk, T, s: MCSettings, progress=None):
    key = (float(dk), int(T), s.trials, s.seeds, s.seed, s.distractors, s.chance)
    if key not in _MC_CACHE:
        _MC_CACHE[key] = gamma_c_mc(
            dk, T, trials=s.trials, seeds=s.seeds, seed=s.seed, distractors=s.distractors, chance=s.chance
        )
    if progress:
        progress()
    return _MC_CACHE[key]


#: The files of each figure, in ``out_dir``: ``{stem}.png`` and ``{stem}.svg``.
FILE_STEMS = {"fig7a": "fig7a", "fig7b": "fig7b", "fig8a": "fig8a", "fig8c": "fig8c", "error-map": "error_map"}
EXTENSIONS = ("png", "svg")


def output_paths(figures, out_dir: str) -> list[str]:
    """The files :func:`make` writes for ``figures`` (names, or ``"all"``) in ``out_dir``."""
    names = list(FIGURES) if figures in ("all", ["all"]) else list(figures)
    return [os.path.join(out_dir, f"{FILE_STEMS[n]}.{ext}") for n in names if n in FILE_STEMS for ext in EXTENSIONS]


def _save(fig, out_dir: str, name: str) -> list[str]:
    """``name``.png and .svg in ``out_dir``, each written atomically (a path that is not a regular
    file is never replaced: :class:`psa_io.outputs.NotRegularFile`)."""
    from psa_io.outputs import atomic_write

    os.makedirs(out_dir, exist_ok=True)
    paths = []
    import matplotlib

    for ext in EXTENSIONS:
        p = os.path.join(out_dir, f"{name}.{ext}")
        with matplotlib.rc_context({"svg.fonttype": "none"}):  # SVG text stays text (searchable, editable)
            atomic_write(
                p,
                lambda fh: fig.savefig(fh, format=ext, dpi=150 if ext == "png" else None, bbox_inches="tight"),
                binary=True,
                private=False,
            )
        paths.append(p)
    return paths


def _caption(fig, text: str, y: float = -0.01):
    import textwrap

    fig.text(0.5, y, "\n".join(textwrap.wrap(text, 115)), ha="center", va="top", fontsize=7.5, color="0.25")


def _sd(r) -> float:
    return r.sd if r.sd is not None else 0.0


# --- Fig. 7a ---------------------------------------------------------------------------------


def fig7a(
    out_dir: str, s: MCSettings = MCSettings(), *, magnify: float = 8.0, n_exact: int = 97, progress=None
) -> dict:
    """gamma_c against d_k at T = 10, 15, 25: the law's two branches with the jump at 8L, MC, exact."""
    plt = _plt()
    dense = np.geomspace(3.4, 150.0, 600)
    dks_exact = np.geomspace(3.6, 140.0, n_exact)
    emap = error_map(dks_exact, GRID_TS, distractors=s.distractors, chance=s.chance)
    fig, ax = plt.subplots(figsize=(7.2, 4.8))
    numbers = {}
    for j, T in enumerate(GRID_TS):
        col = COLORS[T]
        x8 = float(laws.crossover(T))
        mf = dense >= x8
        ax.plot(dense[mf], laws.gamma_c_mean_field(dense[mf], T), color=col, lw=1.8)
        ax.plot(dense[~mf], np.full((~mf).sum(), laws.gamma_c_condensed(T)), color=col, lw=1.6, ls="--")
        lo, hi = laws.gamma_c_condensed(T), laws.gamma_c_mean_field(x8, T)
        ax.plot([x8, x8], [lo, hi], color=col, lw=4, alpha=0.25, solid_capstyle="butt")
        ax.plot(dks_exact, emap.gamma_c[:, j], color=col, lw=0.9, alpha=0.9, ls=":")
        pts = [_mc(dk, T, s, progress) for dk in GRID_DKS]
        y = [r.mean for r in pts]
        ax.errorbar(
            GRID_DKS,
            y,
            yerr=[magnify * _sd(r) for r in pts],
            fmt="o",
            ms=5,
            color=col,
            mfc="white",
            mew=1.5,
            capsize=2.5,
            label=f"T = {T}  (8L = {x8:.1f})",
        )
        numbers[T] = {
            "dk": list(GRID_DKS),
            "mc": y,
            "mc_sd": [_sd(r) for r in pts],
            "law": [float(laws.gamma_c(dk, T)) for dk in GRID_DKS],
        }
    ax.set_xscale("log", base=2)
    ax.set_xticks([4, 8, 16, 32, 64, 128])
    ax.set_xticklabels(["4", "8", "16", "32", "64", "128"])
    ax.set_xlabel(r"head width $d_k$")
    ax.set_ylabel(r"critical coupling $\gamma_c$")
    ax.set_title(r"Fig. 7a — $\gamma_c$ against $d_k$: two-branch law (52), Monte Carlo and exact", fontsize=10)
    from matplotlib.lines import Line2D

    h, lab = ax.get_legend_handles_labels()
    h += [
        Line2D([], [], color="k", lw=1.8),
        Line2D([], [], color="k", lw=1.6, ls="--"),
        Line2D([], [], color="k", lw=4, alpha=0.25),
        Line2D([], [], color="k", lw=0.9, ls=":"),
    ]
    lab += [
        "law, mean-field branch",
        "law, condensed branch (c = 0.741)",
        "jump at the crossover 8L",
        "exact (quadrature, same extraction)",
    ]
    ax.legend(h, lab, fontsize=7.5, loc="upper right", frameon=False)
    ax.grid(alpha=0.2)
    _caption(
        fig,
        s.caption(
            f"circles: MC mean, error bars = seed sd × {magnify:g}; "
            "dotted: exact gamma_c of the same model by quadrature"
        ),
    )
    paths = _save(fig, out_dir, "fig7a")
    plt.close(fig)
    return {"paths": paths, "numbers": numbers}


# --- Fig. 7b ---------------------------------------------------------------------------------


def fig7b(out_dir: str, s: MCSettings = MCSettings(), *, progress=None) -> dict:
    """Predicted (law) against measured (MC) gamma_c on the nine mean-field grid points."""
    from .exact import gamma_c_exact

    plt = _plt()
    pts = [(dk, T) for T in GRID_TS for dk in GRID_DKS if dk >= laws.crossover(T)]
    mc = np.array([_mc(dk, T, s, progress).mean for dk, T in pts])
    ex = np.array(
        [gamma_c_exact(dk, T, distractors=s.distractors, chance=s.chance).gamma_c for dk, T in pts], dtype=float
    )  # None (no transition) becomes NaN
    law = np.array([laws.gamma_c(dk, T) for dk, T in pts])
    r_mc = float(np.corrcoef(law, mc)[0, 1])
    med_mc = float(np.median(np.abs(law - mc) / mc))
    r_ex = float(np.corrcoef(law, ex)[0, 1])
    med_ex = float(np.median(np.abs(law - ex) / ex))
    within5 = int(np.sum(np.abs(law - mc) / mc <= 0.05))
    fig, ax = plt.subplots(figsize=(5.4, 5.2))
    lo, hi = 0.40, 0.92
    xs = np.array([lo, hi])
    ax.fill_between(xs, xs * 0.9, xs * 1.1, color="0.88", lw=0, label="±10%")
    ax.fill_between(xs, xs * 0.95, xs * 1.05, color="0.75", lw=0, label="±5%")
    ax.plot(xs, xs, color="k", lw=0.8)
    left = {(32, 10), (128, 25)}  # labels that would collide with a neighbour on the right
    for (dk, T), x, xe, y in zip(pts, mc, ex, law):
        ax.plot(x, y, "o", color=COLORS[T], ms=7, mfc="white", mew=1.5, zorder=3)
        ax.plot(xe, y, "x", color=COLORS[T], ms=5, mew=1.2, zorder=4)
        ax.annotate(
            f"({dk},{T})",
            (x, y),
            textcoords="offset points",
            fontsize=7,
            xytext=(-6, 3) if (dk, T) in left else (6, -9),
            ha="right" if (dk, T) in left else "left",
        )
    from matplotlib.lines import Line2D

    h, lab = ax.get_legend_handles_labels()
    h += [
        Line2D([], [], marker="o", ls="", color="0.3", mfc="white", mew=1.5),
        Line2D([], [], marker="x", ls="", color="0.3"),
    ]
    lab += ["Monte Carlo", "exact (quadrature)"]
    h += [Line2D([], [], marker="s", ls="", color=COLORS[T]) for T in GRID_TS]
    lab += [f"T = {T}" for T in GRID_TS]
    ax.legend(h, lab, fontsize=7.5, loc="upper left", frameon=False)
    ax.text(
        0.97,
        0.04,
        f"MC: Pearson r = {r_mc:.4f}, median |err| = {100 * med_mc:.1f}%\n"
        f"exact: r = {r_ex:.4f}, median |err| = {100 * med_ex:.1f}%\n"
        f"{within5} of {len(pts)} MC points within 5%; zero fitted parameters",
        transform=ax.transAxes,
        ha="right",
        va="bottom",
        fontsize=7.5,
    )
    ax.set_xlim(lo, hi)
    ax.set_ylim(lo, hi)
    ax.set_aspect("equal")
    ax.set_xlabel(r"measured $\gamma_c$")
    ax.set_ylabel(r"predicted $\gamma_c$, mean-field branch of (52)")
    ax.set_title("Fig. 7b — law against simulation, nine mean-field points", fontsize=10)
    _caption(fig, s.caption("relative error = (law − measured)/measured"), y=0.0)
    paths = _save(fig, out_dir, "fig7b")
    plt.close(fig)
    return {
        "paths": paths,
        "numbers": {
            "points": pts,
            "mc": mc.tolist(),
            "exact": ex.tolist(),
            "law": law.tolist(),
            "r_mc": r_mc,
            "median_mc": med_mc,
            "r_exact": r_ex,
            "median_exact": med_ex,
            "within5_mc": within5,
        },
    }


# --- Fig. 8a ---------------------------------------------------------------------------------


def fig8a(out_dir: str, s: MCSettings = MCSettings(), *, magnify: float = 10.0, progress=None) -> dict:
    """gamma_c against T at d_k = 16: condensed branch, boundary points, MC and exact."""
    plt = _plt()
    dk = T_AXIS_DK
    Tstar = 1.0 + math.exp(dk / 8.0)  # 8 L(T) = dk
    Ts_exact = np.arange(6, 41)
    emap = error_map([dk], Ts_exact, distractors=s.distractors, chance=s.chance)
    fig, ax = plt.subplots(figsize=(7.2, 4.6))
    Tc = np.linspace(Tstar, 42, 300)
    Tm = np.linspace(5.5, Tstar, 200)
    ax.plot(Tc, laws.gamma_c_condensed(Tc), color="C0", ls="--", lw=1.6, label="law, condensed branch (c = 0.741)")
    ax.plot(Tm, laws.gamma_c_mean_field(dk, Tm), color="C3", lw=1.8, label="law, mean-field branch")
    ax.plot(
        [Tstar, Tstar],
        [laws.gamma_c_condensed(Tstar), laws.gamma_c_mean_field(dk, Tstar)],
        color="0.5",
        lw=4,
        alpha=0.3,
        solid_capstyle="butt",
        label=rf"jump at $8L = d_k$ (T = {Tstar:.2f})",
    )
    ax.plot(
        Ts_exact,
        emap.gamma_c[0],
        color="k",
        lw=0.9,
        ls=":",
        marker=".",
        ms=2.5,
        label="exact (quadrature, same extraction)",
    )
    numbers = {}
    for T in T_AXIS:
        r = _mc(dk, T, s, progress)
        cond = dk < laws.crossover(T)
        law = float(laws.gamma_c(dk, T))
        ax.errorbar(
            [T],
            [r.mean],
            yerr=[magnify * _sd(r)],
            fmt="o" if cond else "s",
            ms=6,
            mfc="white",
            mew=1.5,
            color="C0" if cond else "C3",
            capsize=2.5,
        )
        if not cond:
            ax.annotate(
                f"law {100 * (law - r.mean) / r.mean:+.1f}%",
                (T, r.mean),
                textcoords="offset points",
                xytext=(7, -15),
                fontsize=7.5,
                color="C3",
            )
        numbers[T] = {"mc": r.mean, "sd": _sd(r), "law": law, "branch": "condensed" if cond else "mean-field"}
    cd = [T for T in T_AXIS if numbers[T]["branch"] == "condensed"]
    mc_cd = np.array([numbers[T]["mc"] for T in cd])
    law_cd = np.array([numbers[T]["law"] for T in cd])
    r_cd = float(np.corrcoef(law_cd, mc_cd)[0, 1])
    med = float(np.median(np.abs(law_cd - mc_cd) / mc_cd))
    mx = float(np.max(np.abs(law_cd - mc_cd) / mc_cd))
    from matplotlib.lines import Line2D

    h, lab = ax.get_legend_handles_labels()
    h += [
        Line2D([], [], marker="o", ls="", mfc="white", color="C0"),
        Line2D([], [], marker="s", ls="", mfc="white", color="C3"),
    ]
    lab += [r"MC, condensed points ($d_k < 8L$)", r"MC, mean-field side ($d_k \geq 8L$)"]
    ax.legend(h, lab, fontsize=7.5, loc="upper right", frameon=False)
    law717 = laws.gamma_c_condensed(np.array(cd, dtype=float), c=0.717)
    med717 = float(np.median(np.abs(law717 - mc_cd) / mc_cd))
    mx717 = float(np.max(np.abs(law717 - mc_cd) / mc_cd))
    ax.text(
        0.97,
        0.05,
        f"on branch ({len(cd)} points): r = {r_cd:.4f}; |error| with c = 0.741: median "
        f"{100 * med:.1f}%, max {100 * mx:.1f}%;\nwith the T-axis c = 0.717: median "
        f"{100 * med717:.1f}%, max {100 * mx717:.1f}%",
        transform=ax.transAxes,
        ha="right",
        fontsize=7.5,
    )
    lowest = min(v["mc"] - magnify * v["sd"] for v in numbers.values())
    ax.set_ylim(lowest - 0.11, None)  # room below the points for the summary line
    ax.set_xscale("log")
    ax.set_xticks(list(T_AXIS))
    ax.set_xticklabels([str(T) for T in T_AXIS])
    ax.minorticks_off()
    ax.set_xlabel("context length T")
    ax.set_ylabel(r"critical coupling $\gamma_c$")
    ax.set_title(r"Fig. 8a — $\gamma_c$ against context length at $d_k = 16$", fontsize=10)
    ax.grid(alpha=0.2)
    _caption(fig, s.caption(f"error bars = seed sd × {magnify:g}; percentages = (law − MC)/MC"))
    paths = _save(fig, out_dir, "fig8a")
    plt.close(fig)
    return {
        "paths": paths,
        "numbers": {
            "points": numbers,
            "r_on_branch": r_cd,
            "median_on_branch": med,
            "max_on_branch": mx,
            "median_on_branch_c717": med717,
            "max_on_branch_c717": mx717,
        },
    }


# --- Fig. 8c ---------------------------------------------------------------------------------


def fig8c(out_dir: str, s: MCSettings = MCSettings(), *, argmax_trials: int = 1_000_000, progress=None) -> dict:
    """The argmax limit p_inf (51) against d_k at T = 10, 15, 25 with C7's four checkpoints."""
    plt = _plt()
    dks = np.geomspace(1.0, 256.0, 300)
    fig, ax = plt.subplots(figsize=(7.2, 4.6))
    for T in GRID_TS:
        ax.plot(dks, laws.p_inf(dks, T, m=T - 1), color=COLORS[T], lw=1.8, label=f"T = {T}, m = T−1")
        ax.plot(dks, laws.p_inf(dks, T, m=T - 2), color=COLORS[T], lw=0.9, ls=":")
    checks = []
    for dk, T in C7_POINTS:
        est = argmax_probability(math.sqrt(dk) / 2.0, T - 1, trials=argmax_trials, seed=s.seed)
        q = float(laws.p_inf(dk, T, m=T - 1))
        checks.append({"dk": dk, "T": T, "p_inf": q, "mc": est.p, "se": est.se, "diff": est.p - q})
        ax.plot([dk], [est.p], "o", ms=11, mfc="none", mec="k", mew=1.3)
        ax.errorbar([dk], [est.p], yerr=[3 * est.se], fmt="none", ecolor="k", capsize=3)
        left = (dk, T) == (4, 10)  # keep the label off the T = 15 curve
        ax.annotate(
            f"({dk},{T})",
            (dk, est.p),
            textcoords="offset points",
            xytext=(-11, 6) if left else (9, -12),
            ha="right" if left else "left",
            fontsize=7.5,
        )
        if progress:
            progress()
    worst = max(abs(c["diff"]) for c in checks)
    zmax = max(abs(c["diff"]) / c["se"] if c["se"] > 0 else 0.0 for c in checks)
    from matplotlib.lines import Line2D

    h, lab = ax.get_legend_handles_labels()
    h += [Line2D([], [], color="0.3", lw=0.9, ls=":"), Line2D([], [], marker="o", ls="", mfc="none", mec="k", ms=9)]
    lab += ["same, m = T−2 (eq. 51 as printed)", "C7 checkpoints: argmax MC (± 3 SE)"]
    ax.legend(h, lab, fontsize=7.5, loc="lower right", frameon=False)
    lines = ["C7 checkpoints, m = T−1:  quadrature | argmax MC ± SE"]
    lines += [
        f"({c['dk']},{c['T']}):  {c['p_inf']:.4f} | {c['mc']:.4f} ± "
        + (f"{c['se']:.4f}" if c["se"] >= 5e-5 else f"{c['se']:.0e}")
        for c in checks
    ]
    lines.append(f"largest |MC − quadrature| = {worst:.1e} ({zmax:.1f} SE)")
    ax.text(0.02, 0.97, "\n".join(lines), transform=ax.transAxes, fontsize=7.5, va="top", family="monospace")
    ax.set_xscale("log", base=2)
    ax.set_xticks([1, 2, 4, 8, 16, 32, 64, 128, 256])
    ax.set_xticklabels(["1", "2", "4", "8", "16", "32", "64", "128", "256"])
    ax.set_xlabel(r"head width $d_k$")
    ax.set_ylabel(r"argmax limit $p_\infty$")
    ax.set_ylim(0, 1.02)
    ax.set_title(r"Fig. 8c — argmax limit (51) against head width", fontsize=10)
    ax.grid(alpha=0.2)
    _caption(
        fig,
        f"p_inf = ∫ φ(z) Φ(z + √d_k/2)^m dz by quadrature; C7 convention m = T−1 (solid), "
        f"m = T−2 dotted; argmax MC: {argmax_trials:,} trials per checkpoint, seed {s.seed}",
    )
    paths = _save(fig, out_dir, "fig8c")
    plt.close(fig)
    return {"paths": paths, "numbers": {"checkpoints": checks, "max_abs_diff": worst}}


# --- exact error map ---------------------------------------------------------------------------


def error_map_figure(
    out_dir: str, s: MCSettings = MCSettings(), *, emap=None, n_dk: int = 49, n_T: int = 40, progress=None
) -> dict:
    """Relative error (law − exact)/exact of the two-branch law over a dense (d_k, T) map."""
    from matplotlib.colors import TwoSlopeNorm

    from .exact import default_map_axes

    plt = _plt()
    if emap is None:
        dks, Ts = default_map_axes(n_dk, n_T)
        emap = error_map(dks, Ts, distractors=s.distractors, chance=s.chance)
    err = 100 * emap.relative_error
    fig, ax = plt.subplots(figsize=(7.4, 5.0))
    finite = err[np.isfinite(err)]
    vmax = float(np.max(finite))
    vmin = float(min(np.min(finite), -1e-3))
    norm = TwoSlopeNorm(vcenter=0.0, vmin=vmin, vmax=vmax)

    def edges(v):
        lv = np.log(v)
        mid = 0.5 * (lv[1:] + lv[:-1])
        return np.exp(np.concatenate([[2 * lv[0] - mid[0]], mid, [2 * lv[-1] - mid[-1]]]))

    pcm = ax.pcolormesh(edges(emap.dks), edges(emap.Ts.astype(float)), err.T, cmap="RdBu_r", norm=norm, shading="flat")
    cb = fig.colorbar(pcm, ax=ax)
    cb.set_label("(law − exact) / exact  [%]")
    step = 5.0 if max(vmax, -vmin) <= 40 else 10.0
    cb.set_ticks(np.arange(math.ceil(vmin / step) * step, vmax + 1e-9, step))
    Tc = np.geomspace(emap.Ts.min(), emap.Ts.max(), 200)
    ax.plot(8 * np.log(Tc - 1), Tc, color="k", lw=1.2, label=r"crossover $d_k^* = 8L$")
    gx = [dk for T in GRID_TS for dk in GRID_DKS]
    gy = [T for T in GRID_TS for dk in GRID_DKS]
    ax.plot(gx, gy, "o", ms=3.5, mfc="none", mec="k", mew=0.8, label="§7.9 grid points")
    ax.plot([T_AXIS_DK] * len(T_AXIS), T_AXIS, "d", ms=3.5, mfc="none", mec="0.2", mew=0.8, label="§7.10 T-axis points")
    worst = emap.worst(1)[0]
    ax.plot(
        [worst["dk"]],
        [worst["T"]],
        "*",
        ms=11,
        mfc="yellow",
        mec="k",
        label=rf"largest |error|: {100 * worst['relative_error']:+.1f}% at $d_k$ = {worst['dk']:.1f}, T = {worst['T']}",
    )
    ax.set_xscale("log", base=2)
    ax.set_yscale("log", base=2)
    ax.set_xlim(emap.dks.min(), emap.dks.max())
    ax.set_ylim(emap.Ts.min(), emap.Ts.max())
    ax.set_xticks([4, 8, 16, 32, 64, 128, 256])
    ax.set_xticklabels(["4", "8", "16", "32", "64", "128", "256"])
    yt = [t for t in (6, 8, 16, 32, 64, 128, 256, 512) if emap.Ts.min() <= t <= emap.Ts.max()]
    ax.set_yticks(yt)
    ax.set_yticklabels([str(t) for t in yt])
    ax.minorticks_off()
    ax.set_xlabel(r"head width $d_k$")
    ax.set_ylabel("context length T")
    ax.set_title(r"Two-branch law (52) against the exact model: relative error of $\gamma_c$", fontsize=10)
    ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.11), ncol=2, frameon=False)
    m_txt = "m = T−2" if emap.distractors == "T-2" else "m = T−1"
    ch_txt = "chance 1/(T−1)" if emap.chance_rule == "T-1" else "chance 1/(m+1)"
    _caption(
        fig,
        f"T4-only model G (Def 62), exact A(gamma) by quadrature (no sampling noise), {m_txt}, {ch_txt}; "
        f"gamma_c by the §7.9 rule on linspace(0,8,61); {emap.dks.size} × {emap.Ts.size} log-spaced "
        f"points; the law jumps at dk = 8L, the model does not (Rem 67)",
        y=-0.09,
    )
    paths = _save(fig, out_dir, "error_map")
    plt.close(fig)
    return {
        "paths": paths,
        "numbers": {"worst": emap.worst(5), "summary": {k: v for k, v in emap.summary().items() if k != "crossover"}},
    }


PLOTTERS = {"fig7a": fig7a, "fig7b": fig7b, "fig8a": fig8a, "fig8c": fig8c, "error-map": error_map_figure}


def make(figures, out_dir: str, s: MCSettings = MCSettings(), **kwargs) -> dict:
    """Draw the named figures (``"all"`` for every one); returns {name: result}."""
    names = list(FIGURES) if figures in ("all", ["all"]) else list(figures)
    for n in names:
        if n not in PLOTTERS:
            raise ValueError(f"unknown figure {n!r}; choose from {', '.join(FIGURES)} or all")
    _plt()
    return {n: PLOTTERS[n](out_dir, s, **kwargs.get(n, {})) for n in names}
