"""Plain-text rendering of a :class:`~montecarlo.sweep.Sweep` for 80 columns: the point table and the
statistics (no box drawing; lines wrapped at spaces, never inside a number)."""

from __future__ import annotations

import math

from psa_io.escape import terminal

from .extract import UNDEFINED_TEXT
from .sweep import PRESETS, Sweep


def _fmt(v, spec: str = ".4f", scale: float = 1.0) -> str:
    if v is None or (isinstance(v, float) and not math.isfinite(v)):
        return "-"
    return format(v * scale, spec)


def _ratio(v) -> str:
    """8L/dk: two decimals, or three significant digits when it is large (dk near 0)."""
    return _fmt(v, ".2f" if v is None or abs(v) < 1e4 else ".3g")


def _pm(v, se, spec=".4f", scale=1.0, unit="") -> str:
    if v is None:
        return "-"
    s = _fmt(v, spec, scale) + unit
    if se is not None:
        s += f" ± {_fmt(se, spec, scale)}{unit}"
    return s


def plain_table(headers: list[str], rows: list[list[str]], right: set[int] | None = None, width: int = 80) -> list[str]:
    """A table as plain lines: no box drawing, columns separated by two spaces (one when two do not
    fit in ``width``), a dashed rule under the header, no trailing spaces."""
    right = set(range(len(headers))) if right is None else right
    ws = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(headers)]
    sep = "  " if sum(ws) + 2 * (len(ws) - 1) <= width else " "

    def line(cells):
        return sep.join(c.rjust(ws[i]) if i in right else c.ljust(ws[i]) for i, c in enumerate(cells)).rstrip()

    return [line(headers), sep.join("-" * w for w in ws)] + [line(r) for r in rows]


def _wrap(text: str, width: int, indent: str = "") -> list[str]:
    import textwrap

    return textwrap.wrap(
        text, width=width, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False
    ) or [""]


def _emit(console, lines: list[str]) -> None:
    """Print the lines; text from outside (the store folder, a scheduler address, a damaged
    record's reason) is shown with its control characters escaped (:func:`psa_io.escape.terminal`)."""
    for ln in lines:
        console.print(terminal(ln), markup=False, highlight=False, soft_wrap=True)


def render_sweep(sw: Sweep, console) -> None:
    """The point table and the statistics as plain lines that fit the console width (80 in a pipe)."""
    width = max(60, min(int(getattr(console, "width", 80) or 80), 200))
    _emit(console, sweep_lines(sw, width))


def sweep_lines(sw: Sweep, width: int = 80) -> list[str]:
    st, se = sw.statistics, sw.statistics_se or {}
    s = sw.settings
    title = f"gamma_c sweep: model {s['model']}, m = {s['distractors']}, chance 1/({s['chance']})"
    if s.get("preset"):
        title += f", preset {s['preset']} ({PRESETS[s['preset']]['section']})"
    headers = ["dk", "T", "8L/dk", "br", "gamma_c", "sd", "law", "err", "c", "A_max", "p_inf", "src"]
    rows = []
    trusted = list(getattr(sw, "trusted", []) or []) + [False] * len(sw.points)
    for p, src, tr in zip(sw.points, sw.sources, trusted):
        g = p["gamma_c"]
        rel = p["relative_error"]
        cd = p["branch"] == "condensed"
        rows.append(
            [
                _fmt(p["dk"], "g"),
                str(p["T"]),
                _ratio(p["crossover_ratio"]),
                "cd" if cd else "mf",
                "undef" if g["mean"] is None and g.get("undefined") else _fmt(g["mean"]),
                _fmt(g["sd"]),
                _fmt(p["law"]),
                _fmt(rel, "+.1f", 100) + ("%" if rel is not None else ""),
                _fmt(p["c_pointwise"], ".3f") if cd else "",
                _fmt(p["plateau"]["mean"]),
                _fmt(p["p_inf"]),
                ("tr" if tr else "st") if src == "store" else "new",
            ]
        )
    out = _wrap(title, width) + [""]
    out += plain_table(headers, rows, right=set(range(12)) - {3, 11}, width=width)
    for p in sw.points:
        why = p["gamma_c"].get("undefined")
        if p["gamma_c"]["mean"] is None and why:
            at = f"(dk={_fmt(p['dk'], 'g')}, T={p['T']})"
            out += _wrap(f"undef: gamma_c at {at} {UNDEFINED_TEXT}: {why.removeprefix('no transition: ')}", width, "  ")
    out += (
        [""]
        + _wrap(
            "br: mf = mean field (dk >= 8L), cd = condensed; err = (law-MC)/MC; c = gamma_c "
            "sqrt2/(2L)^1/4; A_max = plateau A(gamma_max), beside p_inf of eq. (51); src: st = "
            "from the store, new = computed now"
            + (", tr = from the store, trusted without the key" if any(trusted) else ""),
            width,
        )
        + [""]
    )
    lines = []
    mf, cd, tr = st["mean_field"], st["condensed"], st["trend"]["abs"]
    mse, cse, tse = se.get("mean_field", {}), se.get("condensed", {}), (se.get("trend") or {}).get("abs", {})
    if mf["n"]:
        lines.append(
            f"mean-field ({mf['n']} points, dk >= 8L): Pearson r = {_pm(mf['pearson_r'], mse.get('pearson_r'))}, "
            f"median |error| = {_pm(mf['median_abs_error'], mse.get('median_abs_error'), '.2f', 100, '%')}, "
            f"max = {_pm(mf['max_abs_error'], mse.get('max_abs_error'), '.2f', 100, '%')}, "
            f"{mf['n_within']} of {mf['n']} within {100 * mf['within']:g}%"
        )
    if cd["n"]:
        c, cs = cd["c"], (cse.get("c") or {})
        lines.append(
            f"condensed ({cd['n']} points, dk < 8L): c = gamma_c sqrt2/(2L)^1/4: "
            f"mean {_pm(c['mean'], cs.get('mean'))}, "
            f"sd {_pm(c['sd'], cs.get('sd'))} (range {_fmt(c['min'], '.3f')}..{_fmt(c['max'], '.3f')}); "
            f"law{' (c = 0.741)' if s['model'] == 't4' else ''}: "
            f"r = {_fmt(cd['pearson_r'])}, median |error| {_fmt(cd['median_abs_error'], '.1f', 100)}%, "
            f"max {_fmt(cd['max_abs_error'], '.1f', 100)}%, "
            f"{cd['n_within']} of {cd['n']} within {100 * cd['within']:g}%"
        )
    for side, pts in st["nearest_crossover"].items():
        if pts:
            lines.append(
                f"nearest the crossover ({side.replace('_', '-')}): "
                + "; ".join(
                    f"({_fmt(q['dk'], 'g')},{q['T']}) 8L/dk={_ratio(q['ratio'])} "
                    f"error {_fmt(q['relative_error'], '+.1f', 100)}%"
                    for q in pts
                )
            )
    if tr["pearson_r"] is not None:
        lines.append(
            f"|error| vs 8L/dk on the mean-field points (n={tr['n']}): "
            f"Pearson r = {_pm(tr['pearson_r'], tse.get('pearson_r'), '.3f')} "
            f"(p = {_fmt(tr['pearson_p'], '.3g')}), "
            f"Spearman rho = {_pm(tr['spearman_rho'], tse.get('spearman_rho'), '.3f')} "
            f"(p = {_fmt(tr['spearman_p'], '.3g')})"
        )
    sp = st.get("seed_spread")
    if sp:
        lines.append(f"seed spread of gamma_c: max sd {_fmt(sp['max_sd'])}, median sd {_fmt(sp['median_sd'])}")
    pl = st.get("plateau")
    if pl and pl["max_abs_diff"] is not None:
        lines.append(f"plateau A(gamma_max) against p_inf (51, m in force): max |diff| {pl['max_abs_diff']:.4f}")
    lines.append(
        f"seeds {s['seed_list'][0]}..{s['seed_list'][-1]} x {s['trials']} trials, grid linspace(0, {s['gamma_max']:g}, "
        f"{s['grid']}); errors ± SE from the per-seed statistics; {sw.reused} of {len(sw.points)} points from the store"
        f"{' ' + sw.store if sw.store else ''}; {sw.executor}; {sw.elapsed_s:.2f} s"
    )
    lines += _store_lines(sw)
    for line in lines:
        out += _wrap(line, width, indent="  ")
    return out


def _store_lines(sw: Sweep) -> list[str]:
    """'1 point recomputed: record not signed by this user's key', and the points trusted without it."""
    out = []
    reasons: dict = {}
    for r in getattr(sw, "recomputed", []) or []:
        reasons.setdefault(r["reason"], []).append(r)
    for why, pts in reasons.items():
        n = len(pts)
        where = ", ".join(f"({_fmt(q['dk'], 'g')},{q['T']})" for q in pts[:4]) + (" ..." if n > 4 else "")
        out.append(f"{n} point{'s' if n != 1 else ''} recomputed: {why} {where}")
    lost = getattr(sw, "not_kept", []) or []
    if lost:
        n = len(lost)
        where = ", ".join(f"({_fmt(q['dk'], 'g')},{q['T']})" for q in lost[:4]) + (" ..." if n > 4 else "")
        out.append(f"{n} point{'s' if n != 1 else ''} computed now not kept in the store: {lost[0]['reason']} {where}")
    trusted = sum(bool(t) for t in (getattr(sw, "trusted", []) or []))
    if trusted:
        out.append(
            f"{trusted} point{'s' if trusted != 1 else ''} from the store trusted without this user's key "
            "(--trust-store): not signed by it, their numbers are the store's"
        )
    return out
