"""Displays of the Monte-Carlo results: short reprs, notebook tables, plots, dicts and frames.

Every result object shows, in one line (``repr``) or in a small table
(``_repr_html_`` / ``_repr_markdown_``, used by Jupyter), the numbers *with* the
conventions that produced them: distractor count ``m`` and its convention, the chance
level, the grid, the seeds, and standard errors.  The classes keep only small methods
that call into this module:

* :class:`~montecarlo.engine.Curves`, :class:`~montecarlo.engine.GammaC`,
  :class:`~montecarlo.engine.ArgmaxEstimate` (engine.py);
* :class:`~montecarlo.exact.ExactGammaC` and :class:`~montecarlo.sweep.Sweep`
  (attached by :func:`attach` at the end of their modules).

``.plot()`` needs matplotlib (``pip install 'psa-toolkit[plot]'``) and ``.to_frame()``
pandas; both say so in an ImportError when missing.  Pure presentation: nothing here
changes a number.
"""

from __future__ import annotations

import html
import math
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence, TypeVar

import numpy as np

from .extract import UNDEFINED_TEXT

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from pandas import DataFrame

    from .engine import ArgmaxEstimate, Curves, GammaC
    from .exact import ExactGammaC
    from .sweep import Sweep

_C = TypeVar("_C", bound=type)
Rows = Sequence[Sequence[object]]

__all__ = [
    "attach",
    "curves_repr",
    "gamma_c_repr",
    "argmax_repr",
    "exact_repr",
    "sweep_repr",
    "table_html",
    "table_markdown",
]


# --- formatting helpers ----------------------------------------------------------------------


def fmt(v: Any, digits: int = 4) -> str:
    """A number for a table: ``-`` for None, ``nan`` for NaN, ints as ints, else ``digits`` significant."""
    if v is None:
        return "-"
    if isinstance(v, (bool, np.bool_)):
        return str(bool(v))
    if isinstance(v, (int, np.integer)):
        return str(int(v))
    try:
        f = float(v)
    except (TypeError, ValueError):
        return str(v)
    if math.isnan(f):
        return "nan"
    if f.is_integer() and abs(f) < 1e15:
        return str(int(f))
    return f"{f:.{digits}g}"


def _pm(mean: float | None, err: float | None, digits: int = 4) -> str:
    if err is None or (isinstance(err, float) and not math.isfinite(err)):
        return fmt(mean, digits)
    return f"{fmt(mean, digits)} ± {fmt(err, 2)}"


def _pct(v: float | None) -> str:
    return "-" if v is None or not math.isfinite(v) else f"{100 * v:+.1f}%"


def table_html(
    rows: Iterable[Sequence[object]], header: Sequence[object] | None = None, caption: str | None = None
) -> str:
    """A small HTML table (strings escaped)."""
    out = ["<table>"]
    if caption:
        out.append(f"<caption style='text-align:left'><b>{html.escape(caption)}</b></caption>")
    if header:
        out.append("<tr>" + "".join(f"<th>{html.escape(str(h))}</th>" for h in header) + "</tr>")
    for row in rows:
        out.append("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>")
    out.append("</table>")
    return "".join(out)


def table_markdown(rows: Rows, header: Sequence[object] | None = None, caption: str | None = None) -> str:
    """The same table in Markdown (pipes escaped)."""

    def cell(c: object) -> str:
        return str(c).replace("|", "\\|")

    lines = [f"**{caption}**", ""] if caption else []
    if header is None:
        header = [""] * (len(rows[0]) if rows else 1)
    lines.append("| " + " | ".join(cell(h) for h in header) + " |")
    lines.append("|" + "---|" * len(header))
    for row in rows:
        lines.append("| " + " | ".join(cell(c) for c in row) + " |")
    return "\n".join(lines)


def _seeds(seeds: Iterable[int]) -> str:
    seeds = list(seeds)
    if len(seeds) <= 3:
        return ", ".join(str(s) for s in seeds)
    return f"{seeds[0]}..{seeds[-1]}"


def _need_matplotlib() -> ModuleType:
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        raise ImportError("plotting needs matplotlib: pip install 'psa-toolkit[plot]'") from None
    return plt


def _need_pandas() -> ModuleType:
    try:
        import pandas as pd
    except ImportError:
        raise ImportError("to_frame() needs pandas: pip install pandas (or 'psa-toolkit[notebook]')") from None
    module: ModuleType = pd  # pandas has no type information (Any)
    return module


def _axes(ax: Axes | None) -> Axes:
    if ax is None:
        plt = _need_matplotlib()
        _, ax = plt.subplots(figsize=(5.5, 3.6))
    else:
        _need_matplotlib()
    return ax


def _pick(n: int, k: int = 13) -> list[int]:
    """At most ``k`` evenly spread indices of ``range(n)``, first and last included."""
    if n <= k:
        return list(range(n))
    return sorted(set(int(round(i)) for i in np.linspace(0, n - 1, k)))


# --- Curves --------------------------------------------------------------------------------


def _curves_params(c: Curves) -> list[tuple[str, str]]:
    return [
        ("model", c.model),
        ("dk, T", f"{fmt(c.dk)}, {c.T}"),
        ("m (distractors)", f"{c.m} (m = {c.distractors})"),
        ("chance", f"1/({c.chance_rule}) = {fmt(c.chance)}"),
        ("A(0) = 1/(m+1)", fmt(1.0 / (c.m + 1))),
        ("grid", f"linspace(0, {fmt(c.gammas[-1])}, {c.gammas.size})"),
        ("trials x seeds", f"{c.trials} x {len(c.seeds)} (seeds {_seeds(c.seeds)})"),
        ("backend, time", f"{c.backend}, {c.elapsed_s:.2f} s"),
    ]


def curves_repr(c: Curves) -> str:
    return (
        f"Curves(model={c.model!r}, dk={fmt(c.dk)}, T={c.T}, m={c.m} ({c.distractors}), "
        f"trials={c.trials}, seeds=[{_seeds(c.seeds)}], grid={c.gammas.size} on [0, {fmt(c.gammas[-1])}], "
        f"chance=1/({c.chance_rule}), backend={c.backend!r})"
    )


def _curves_rows(c: Curves) -> list[tuple[str, str, str, str]]:
    se = c.se
    sem = np.sqrt(np.mean(c.per_seed_sem**2, axis=0) / c.per_seed.shape[0])
    return [(fmt(c.gammas[i]), fmt(c.mean[i]), fmt(se[i], 2), fmt(sem[i], 2)) for i in _pick(c.gammas.size)]


_CURVE_HEADER = ("gamma", "A (mean over seeds)", "se (seeds)", "se (trials)")


def curves_html(c: Curves) -> str:
    return table_html(_curves_params(c), caption="Competition curve A(gamma) (Def 62, §7.9)") + table_html(
        _curves_rows(c), header=_CURVE_HEADER
    )


def curves_markdown(c: Curves) -> str:
    return (
        table_markdown(_curves_params(c), header=("", ""), caption="Competition curve A(gamma)")
        + "\n\n"
        + table_markdown(_curves_rows(c), header=_CURVE_HEADER)
    )


def curves_to_dict(c: Curves) -> dict[str, Any]:
    """JSON-ready: parameters, conventions, grid, per-seed curves and standard errors."""
    return {
        "model": c.model,
        "dk": float(c.dk),
        "T": int(c.T),
        "m": int(c.m),
        "distractors": c.distractors,
        "trials": int(c.trials),
        "seeds": [int(s) for s in c.seeds],
        "chance_rule": c.chance_rule,
        "chance": float(c.chance),
        "backend": c.backend,
        "elapsed_s": float(c.elapsed_s),
        "gammas": c.gammas.tolist(),
        "mean": c.mean.tolist(),
        "se": [None if not math.isfinite(v) else float(v) for v in c.se],
        "per_seed": c.per_seed.tolist(),
        "per_seed_sem": c.per_seed_sem.tolist(),
        "conventions": dict(c.conventions),
    }


def curves_to_frame(c: Curves) -> DataFrame:
    """One row per grid point: gamma, mean, se, and one column per seed (``A[seed=s]``)."""
    pd = _need_pandas()
    data = {"gamma": c.gammas, "A": c.mean, "se": c.se}
    for s, row in zip(c.seeds, c.per_seed):
        data[f"A[seed={s}]"] = row
    df = pd.DataFrame(data)
    df.attrs.update(model=c.model, dk=c.dk, T=c.T, m=c.m, distractors=c.distractors, chance=c.chance)
    return df


def plot_curves(
    c: Curves, ax: Axes | None = None, *, per_seed: bool = True, label: str | None = None, **kwargs: Any
) -> Axes:
    """Mean curve with a +-2 se band, thin per-seed curves, the chance level; returns the Axes."""
    ax = _axes(ax)
    label = label or f"{c.model}, dk={fmt(c.dk)}, T={c.T}, m={c.m}"
    (line,) = ax.plot(c.gammas, c.mean, label=label, **kwargs)
    se = c.se
    if np.all(np.isfinite(se)):
        ax.fill_between(c.gammas, c.mean - 2 * se, c.mean + 2 * se, color=line.get_color(), alpha=0.2, lw=0)
    if per_seed and c.per_seed.shape[0] > 1:
        for row in c.per_seed:
            ax.plot(c.gammas, row, color=line.get_color(), lw=0.5, alpha=0.5)
    ax.axhline(c.chance, color="0.5", lw=0.8, ls=":")
    ax.set_xlabel("coupling gamma")
    ax.set_ylabel("A(gamma)")
    ax.legend(fontsize=8)
    return ax


# --- GammaC --------------------------------------------------------------------------------


def _se(sd: float | None, n: int) -> float | None:
    return None if sd is None or n < 2 else sd / math.sqrt(n)


def _gc(value: float | None, err: float | None = None, digits: int = 4) -> str:
    """A gamma_c: ``mean ± err``, or "undefined (no transition)" for None / NaN (montecarlo.extract)."""
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return UNDEFINED_TEXT
    return _pm(value, err, digits)


def gamma_c_repr(r: GammaC) -> str:
    c = r.curves
    n = len(r.per_seed)
    law = "none" if r.law is None or not math.isfinite(r.law) else f"{r.law:.4g} ({_pct(r.relative_error)})"
    return (
        f"GammaC(model={c.model!r}, dk={fmt(c.dk)}, T={c.T}: gamma_c = {_gc(r.mean, _se(r.sd, n))} "
        f"(sd {fmt(r.sd, 2)}, {n} seeds x {c.trials} trials), law {law}, m={c.m} ({c.distractors}), "
        f"chance=1/({c.chance_rule}))"
    )


def _gamma_c_rows(r: GammaC) -> list[tuple[str, str]]:
    c = r.curves
    n = len(r.per_seed)
    rows = [
        ("gamma_c (mean ± se over seeds)", _gc(r.mean, _se(r.sd, n))),
        ("sd over seeds", fmt(r.sd, 3)),
        ("law", "-" if r.law is None else fmt(r.law)),
        ("(law - MC) / MC", _pct(r.relative_error)),
        ("plateau A(gamma_max)", fmt(r.plateau)),
    ]
    if r.undefined_reason:
        rows.insert(1, ("why undefined", r.undefined_reason))
    return rows + _curves_params(c)


def _gamma_c_seed_rows(r: GammaC) -> list[tuple[int, str, str]]:
    return [(s, _gc(g), fmt(p)) for s, g, p in zip(r.curves.seeds, r.per_seed, r.plateaus)]


def gamma_c_html(r: GammaC) -> str:
    return table_html(_gamma_c_rows(r), caption="gamma_c by Monte Carlo (§7.9 extraction)") + table_html(
        _gamma_c_seed_rows(r), header=("seed", "gamma_c", "plateau")
    )


def gamma_c_markdown(r: GammaC) -> str:
    return (
        table_markdown(_gamma_c_rows(r), header=("", ""), caption="gamma_c by Monte Carlo")
        + "\n\n"
        + table_markdown(_gamma_c_seed_rows(r), header=("seed", "gamma_c", "plateau"))
    )


def plot_gamma_c(r: GammaC, ax: Axes | None = None, **kwargs: Any) -> Axes:
    """The curves, the extraction midpoints and gamma_c per seed, and the law; returns the Axes."""
    ax = plot_curves(r.curves, ax, **kwargs)
    mid = 0.5 * (r.curves.chance + r.plateau)
    ax.axhline(mid, color="0.3", lw=0.6, ls="--")
    for g in r.per_seed:
        if math.isfinite(g):
            ax.axvline(g, color="0.3", lw=0.5)
    if r.law is not None and math.isfinite(r.law):
        ax.axvline(r.law, color="k", lw=1.2, ls="-.", label=f"law {r.law:.3f}")
        ax.legend(fontsize=8)
    return ax


# --- ArgmaxEstimate ------------------------------------------------------------------------


def argmax_repr(e: ArgmaxEstimate) -> str:
    return f"ArgmaxEstimate(p={_pm(e.p, e.se)}, wins={e.wins}/{e.trials}, m={e.m}, s={fmt(e.s)}, seed={e.seed})"


def _argmax_rows(e: ArgmaxEstimate) -> list[tuple[str, object]]:
    return [
        ("p = P(Z_0 + s > max Z_j)", _pm(e.p, e.se)),
        ("standard error (binomial)", fmt(e.se, 3)),
        ("wins / trials", f"{e.wins} / {e.trials}"),
        ("m (distractors)", e.m),
        ("s (SNR)", fmt(e.s)),
        ("seed", e.seed),
    ]


def argmax_html(e: ArgmaxEstimate) -> str:
    return table_html(_argmax_rows(e), caption="Argmax limit (51) by Monte Carlo")


def argmax_markdown(e: ArgmaxEstimate) -> str:
    return table_markdown(_argmax_rows(e), header=("", ""), caption="Argmax limit (51) by Monte Carlo")


# --- ExactGammaC -----------------------------------------------------------------------------


def exact_repr(x: ExactGammaC) -> str:
    law = "none" if x.law is None else f"{x.law:.4g} ({_pct(x.relative_error)})"
    cont = "" if x.gamma_c_continuous is None else f", continuous {fmt(x.gamma_c_continuous)}"
    return (
        f"ExactGammaC(model={x.model!r}, dk={fmt(x.dk)}, T={x.T}: gamma_c = {_gc(x.gamma_c)}{cont}, "
        f"law {law}, m={x.m} ({x.distractors}), chance=1/({x.chance_rule}), quadrature)"
    )


def _exact_rows(x: ExactGammaC) -> list[tuple[str, str]]:
    rows = [("gamma_c (grid rule, exact curve)", _gc(x.gamma_c))]
    if x.undefined_reason:
        rows.append(("why undefined", x.undefined_reason))
    if x.gamma_c_continuous is not None:
        rows.append(("gamma_c (continuous crossing)", fmt(x.gamma_c_continuous)))
    rows += [
        ("law", "-" if x.law is None else fmt(x.law)),
        ("(law - exact) / exact", _pct(x.relative_error)),
        ("plateau A(gamma_max)", fmt(x.plateau)),
        ("model", x.model),
        ("dk, T", f"{fmt(x.dk)}, {x.T}"),
        ("m (distractors)", f"{x.m} (m = {x.distractors})"),
        ("chance", f"1/({x.chance_rule}) = {fmt(x.chance)}"),
        ("grid", f"linspace(0, {fmt(x.gammas[-1])}, {x.gammas.size})"),
        ("method", "quadrature (no sampling noise)"),
    ]
    return rows


def exact_html(x: ExactGammaC) -> str:
    return table_html(_exact_rows(x), caption="gamma_c from the exact curve A(gamma)")


def exact_markdown(x: ExactGammaC) -> str:
    return table_markdown(_exact_rows(x), header=("", ""), caption="gamma_c from the exact curve A(gamma)")


def exact_to_dict(x: ExactGammaC) -> dict[str, Any]:
    d = x.to_json()
    d["gammas"] = x.gammas.tolist()
    d["curve"] = x.curve.tolist()
    return d


def exact_to_frame(x: ExactGammaC) -> DataFrame:
    pd = _need_pandas()
    df = pd.DataFrame({"gamma": x.gammas, "A": x.curve})
    df.attrs.update(model=x.model, dk=x.dk, T=x.T, m=x.m, distractors=x.distractors, chance=x.chance)
    return df


def plot_exact(x: ExactGammaC, ax: Axes | None = None, **kwargs: Any) -> Axes:
    """The exact curve, the chance level, gamma_c and the law; returns the Axes."""
    ax = _axes(ax)
    kwargs.setdefault("label", f"exact {x.model}, dk={fmt(x.dk)}, T={x.T}, m={x.m}")
    ax.plot(x.gammas, x.curve, **kwargs)
    ax.axhline(x.chance, color="0.5", lw=0.8, ls=":")
    if x.gamma_c is not None and math.isfinite(x.gamma_c):
        ax.axvline(x.gamma_c, color="0.3", lw=0.6)
    if x.law is not None:
        ax.axvline(x.law, color="k", lw=1.2, ls="-.", label=f"law {x.law:.3f}")
    ax.set_xlabel("coupling gamma")
    ax.set_ylabel("A(gamma)")
    ax.legend(fontsize=8)
    return ax


# --- Sweep -----------------------------------------------------------------------------------


def sweep_repr(sw: Sweep) -> str:
    st = sw.settings
    return (
        f"Sweep({len(sw.points)} points: dk {st.get('dks')} x T {st.get('Ts')}, model={st.get('model')!r}, "
        f"{st.get('seeds')} seeds x {st.get('trials')} trials, m = {st.get('distractors')}, "
        f"chance=1/({st.get('chance')}), {sw.reused} from store, {sw.elapsed_s:.1f} s)"
    )


_SWEEP_HEADER = ("dk", "T", "m", "branch", "gamma_c (mean ± se)", "law", "(law-MC)/MC", "plateau")


def _sweep_rows(sw: Sweep) -> list[tuple[object, ...]]:
    rows: list[tuple[object, ...]] = []
    for p in sw.points:
        g = p["gamma_c"]
        rows.append(
            (
                fmt(p["dk"]),
                p["T"],
                p["m"],
                p.get("branch", "-"),
                _gc(g["mean"], g.get("se")),
                fmt(p.get("law")),
                _pct(p.get("relative_error")),
                fmt(p["plateau"]["mean"]),
            )
        )
    return rows


def _sweep_caption(sw: Sweep) -> str:
    st = sw.settings
    return (
        f"gamma_c sweep: model {st.get('model')}, m = {st.get('distractors')}, chance 1/({st.get('chance')}), "
        f"{st.get('seeds')} seeds x {st.get('trials')} trials, grid linspace(0, {fmt(st.get('gamma_max'))}, "
        f"{st.get('grid')}); se = sd/sqrt(seeds)"
    )


def sweep_html(sw: Sweep) -> str:
    return table_html(_sweep_rows(sw), header=_SWEEP_HEADER, caption=_sweep_caption(sw))


def sweep_markdown(sw: Sweep) -> str:
    return table_markdown(_sweep_rows(sw), header=_SWEEP_HEADER, caption=_sweep_caption(sw))


def sweep_to_frame(sw: Sweep) -> DataFrame:
    """One row per point: dk, T, m, branch, gamma_c mean/sd/se, law, relative error, plateau, source."""
    pd = _need_pandas()
    rows = []
    for p, src in zip(sw.points, sw.sources):
        g = p["gamma_c"]
        rows.append(
            {
                "dk": p["dk"],
                "T": p["T"],
                "m": p["m"],
                "branch": p.get("branch"),
                "gamma_c": g["mean"],
                "sd": g.get("sd"),
                "se": g.get("se"),
                "law": p.get("law"),
                "relative_error": p.get("relative_error"),
                "plateau": p["plateau"]["mean"],
                "source": src,
            }
        )
    df = pd.DataFrame(rows)
    df.attrs.update({k: v for k, v in sw.settings.items() if isinstance(v, (str, int, float))})
    return df


def plot_sweep(sw: Sweep, ax: Axes | None = None, **kwargs: Any) -> Axes:
    """gamma_c against dk, one series per T, with +-2 se error bars and the law; returns the Axes."""
    ax = _axes(ax)
    for T in sorted({p["T"] for p in sw.points}):
        pts = sorted((p for p in sw.points if p["T"] == T), key=lambda p: float(p["dk"]))
        dk = [float(p["dk"]) for p in pts]
        g = [np.nan if p["gamma_c"]["mean"] is None else p["gamma_c"]["mean"] for p in pts]
        se = [0.0 if p["gamma_c"].get("se") is None else 2 * p["gamma_c"]["se"] for p in pts]
        bar = ax.errorbar(dk, g, yerr=se, fmt="o", ms=4, capsize=2, label=f"MC, T={T}", **kwargs)
        law = [np.nan if p.get("law") is None else p["law"] for p in pts]
        ax.plot(dk, law, color=bar[0].get_color(), lw=1.0, ls="--")
    ax.set_xscale("log", base=2)
    ax.set_xlabel("head width d_k")
    ax.set_ylabel("gamma_c (dashed: law)")
    ax.legend(fontsize=8)
    return ax


# --- attaching to classes defined elsewhere --------------------------------------------------

_ATTACH: dict[str, dict[str, Callable[..., Any]]] = {
    "exact": dict(
        __repr__=exact_repr,
        _repr_html_=exact_html,
        _repr_markdown_=exact_markdown,
        plot=plot_exact,
        to_dict=exact_to_dict,
        to_frame=exact_to_frame,
    ),
    "sweep": dict(
        __repr__=sweep_repr,
        _repr_html_=sweep_html,
        _repr_markdown_=sweep_markdown,
        plot=plot_sweep,
        to_dict=lambda sw: sw.to_json(),
        to_frame=sweep_to_frame,
    ),
}


def attach(cls: _C, kind: str) -> _C:
    """Give ``cls`` the display methods of ``kind`` ("exact" or "sweep"); returns ``cls``."""
    for name, fn in _ATTACH[kind].items():
        setattr(cls, name, fn)
    return cls
