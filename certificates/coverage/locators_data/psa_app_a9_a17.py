"""The main paper's Appendix A9-A17 (validation suites v8 and v9, the Tranche 1 summary, the spectral
arc F1/F2/F3/G/H): the tables' printed values, used as the claims of the certificates of
:mod:`certificates.psa.appendix_a9_a17`, their locators (built from the same dicts, so that claim
and locator cannot drift apart) and the numbers declared not checkable (issue 27).

Every printed number is a string, as printed.  A table dict maps the row label to the cells of the
columns its locator block names; a text dict maps a key to the number, and ``*_AT`` lists where each
key is printed (section, verbatim anchor): a quantity printed in several places has one key per place.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..locators import Locator, NotCheckable
from ._common import grid, nc_cells, nc_text, set_, t

P = "psa"


def _texts(cert: str, claim: str, values: Mapping[str, str], at: Sequence[tuple[str, str, str]]) -> tuple[Locator, ...]:
    """One locator per (key, section, anchor) of ``at``: the number ``values[key]`` in that anchor."""
    return tuple(t(P, cert, f"{claim}[{k!r}]", values[k], sec, anchor) for k, sec, anchor in at)


def _sets(cert: str, setting: str, printed: str, at: Sequence[tuple[str, str]]) -> tuple[Locator, ...]:
    return tuple(set_(P, cert, setting, printed, sec, anchor) for sec, anchor in at)


def _nc(section: str, anchor: str, reason: str) -> NotCheckable:
    return nc_text(P, section, anchor, reason)


G = "$\\gamma$"
CONFIG = (
    "a configuration input of the runs (architecture, optimiser, data or hardware) that no "
    "check uses and no relation printed in the paper constrains"
)

# --------------------------------------------------------------------------------------------
# A9 (validation suite v8)
# --------------------------------------------------------------------------------------------

#: Table 40: gamma -> (mean SS ratio,)
T40_MEAN = {
    "0.0": ("1.4257",),
    "0.6": ("1.4529",),
    "1.2": ("1.5878",),
    "1.8": ("1.7043",),
    "2.0": ("1.7107",),
    "2.4": ("1.7176",),
    "3.0": ("1.4991",),
}
T40_GAMMA = {g: (g,) for g in T40_MEAN}
#: the v7 grid the code was keyed on (A9.1), in the order printed
V7_GRID = ("0.0", "0.6", "1.2", "1.8", "2.4", "3.0")
A9_TEXT = {
    "code_default": "0.0",  # .get(..., 0.0) in the quoted code
    "get_default": "0.0",  # "returned the .get default 0.0"
    "check_lhs": "0.0",  # "the FP-18b check 0.0 > 1.0 failed"
    "check_rhs": "1.0",
    "direct": "1.7107",
    "threshold": "1.0",
    "lo_gamma": "1.8",
    "lo_mean": "1.7043",
    "hi_gamma": "2.4",
    "hi_mean": "1.7176",
    "at_gamma": "2.0",
    "interp": "1.7087",
    "within": "0.002",
    "threshold_line": "1.0",
    "scorecard_value": "1.7107",
    "scorecard_ratio": "1",
}
A9_TEXT_AT = (
    ("code_default", "A9.1", "get(’mean’, 0.0)"),
    ("get_default", "A9.1", "the .get default $0.0$"),
    ("check_lhs", "A9.1", "check $0.0>1.0$"),
    ("check_rhs", "A9.1", "check $0.0>1.0$"),
    ("direct", "A9.1", "is $1.7107$, threshold"),
    ("threshold", "A9.1", "threshold $1.0$, so"),
    ("lo_gamma", "A9.1", "$\\gamma=1.8$ ($1.7043$)"),
    ("lo_mean", "A9.1", "$\\gamma=1.8$ ($1.7043$)"),
    ("hi_gamma", "A9.1", "$\\gamma=2.4$ ($1.7176$)"),
    ("hi_mean", "A9.1", "$\\gamma=2.4$ ($1.7176$)"),
    ("at_gamma", "A9.1", "($1.7176$) at $\\gamma=2.0$"),
    ("interp", "A9.1", "gives $1.7087$"),
    ("within", "A9.1", "within $0.002$ of"),
    ("threshold_line", "A9.1", "threshold line at $1.0$ is crossed"),
    ("scorecard_value", "A9.3", "(value $1.7107$)"),
    ("scorecard_ratio", "A9.3", "SS ratio $>1$ at"),
)

A9_GSTAR_AT = (
    ("A9", "add $\\gamma^{*}=2.0$ (the v7-observed"),
    ("A9.1", "): FP-18b direct measurement at $\\gamma^{*}=2.0$"),
    ("A9.1", "with best_g1 = 2.0 but"),
    ("A9.1", "the underlying SS ratio at $\\gamma^{*}=2.0$"),
    ("A9.1", "did not include $\\gamma^{*}=2.0$"),
    ("A9.1", "explicitly includes $\\gamma^{*}=2.0$"),
    ("A9.1", "The direct measurement at $\\gamma^{*}=2.0$"),
    ("A9.1", "ratio at $\\gamma^{*}=2.0$ (red"),
    ("A9.3", "With $\\gamma^{*}=2.0$ added"),
    ("A9.3", "shows the v8\u00a0C8: full Bode forensics with $\\gamma^{*}=2.0$"),
    ("A9.3", "$\\gamma^{*}=2.0$ included. Post-softmax"),
    ("A9.3", "FP-18b SS@$\\gamma^{*}=2.0$"),
)
#: gamma* = 2.0 as A9 prints it, once per place (the v7-observed optimum of A8)
A9_GSTAR = tuple("2.0" for _ in A9_GSTAR_AT)

#: Table 41: gamma -> (r buggy, r fixed, delta r)
T41 = {
    "0.0": ("0.0000", "0.0000", "0"),
    "0.6": ("0.0000", "0.9982", "+0.9982"),
    "1.2": ("0.0000", "0.9987", "+0.9987"),
    "1.8": ("0.0000", "0.9991", "+0.9991"),
    "2.0": ("0.0000", "0.9990", "+0.9990"),
    "2.4": ("0.0000", "0.9991", "+0.9991"),
    "3.0": ("0.0000", "0.9994", "+0.9994"),
}
T41_COLS = ("$r_{\\mathrm{buggy}}$", "$r_{\\mathrm{fixed}}$", "$\\Delta r$")
T41_GAMMA = {g: (g,) for g in T41}
#: Table 42 (its header is two rows: cells located by anchor): gamma -> (post r, post Nyq, pre r, pre Nyq)
T42_GAMMA = {g: g for g in ("0.0", "0.6", "1.2", "1.8", "2.0", "2.4", "3.0")}
T42 = {
    "0.0": (None, "0.1273", "0.0000", None),
    "0.6": ("0.9558", "2.1589", "0.9982", "75.97"),
    "1.2": ("0.9278", "2.5142", "0.9987", "85.90"),
    "1.8": ("0.9262", "2.5378", "0.9991", "100.73"),
    "2.0": ("0.9261", "2.5209", "0.9990", "113.56"),
    "2.4": ("0.9331", "2.5840", "0.9991", "151.99"),
    "3.0": ("0.9223", "3.0352", "0.9994", "236.64"),
}
#: the anchors of Table 42's cells, row by row (the cell's number once in each)
_T42_AT = {
    "0.0": (None, "0.0\t$0.0000$\t$0.1273$", "$0.1273$\t$0.0000$\t", None),
    "2.0": (
        "2.0\t$\\mathbf{0.9261}$",
        "$\\mathbf{2.5209}$ (",
        "\t$\\mathbf{0.9990}$\t",
        "$\\mathbf{113.56}$",
    ),
}
A9_R = {  # "r up to 0.9994", "r = 0", the post-softmax mean r "near 0.93" and the A/B thresholds
    "up_to_intro": "0.9994",
    "up_to_v7": "0.9994",
    "zero_earlier": "0",
    "zero_pipeline": "0",
    "up_to_fix": "0.9994",
    "up_to_prove": "0.9994",
    "up_to_fig34": "0.9994",
    "zero_fig34": "0",
    "near": "0.93",
    "up_to_fig35": "0.9994",
    "up_to_anchor": "0.9994",
    "up_to_a11": "0.9994",
    "up_to_a11_bridge": "0.9994",
    "nonmono_gamma": "2.0",
    "nyq_18": "2.5378",
    "nyq_18_gamma": "1.8",
    "nyq_20": "2.5209",
    "nyq_20_gamma": "2.0",
    "noise": "0.05",
    "buggy_below": "0.50",
    "fixed_above": "0.990",
    "passes": "8",
    "checks": "9",
}
A9_R_AT = (
    ("up_to_intro", "A9", "Bode correlation $r$ up to $0.9994$ is a genuine"),
    ("up_to_v7", "A9.2", "pre-softmax Bode $r$ up to $0.9994$ at every"),
    ("zero_earlier", "A9.2", "would have reported $r=0$ for"),
    ("zero_pipeline", "A9.2", "records this as $r=0$."),
    ("up_to_fix", "A9.2", "the correlation $r$ up to $0.9994$ emerges"),
    ("up_to_prove", "A9.2", "To prove the $r$ up to $0.9994$ is"),
    ("up_to_fig34", "A9.2", "spectrum with $r$ up to $0.9994$. Middle"),
    ("zero_fig34", "A9.2", "therefore $r=0$."),
    ("near", "A9.3", "$r$ near $0.93$ across"),
    ("up_to_fig35", "A9.3", "pre-softmax $r$ up to $0.9994$ throughout"),
    ("up_to_anchor", "A9.3", "pre-softmax $r$ up to $0.9994$ result"),
    ("up_to_a11", "A11.1", "correlation $r$ up to $0.9994$ at every"),
    ("up_to_a11_bridge", "A11.4", "the spectral match $r$ up to $0.9994$."),
    ("nonmono_gamma", "A9.3", "non-monotone at $\\gamma=2.0$"),
    ("nyq_18", "A9.3", "$2.5378$ ($\\gamma=1.8$)"),
    ("nyq_18_gamma", "A9.3", "$2.5378$ ($\\gamma=1.8$)"),
    ("nyq_20", "A9.3", "$2.5209$ ($\\gamma=2.0$)"),
    ("nyq_20_gamma", "A9.3", "$2.5209$ ($\\gamma=2.0$)"),
    ("noise", "A9.3", "differences below $0.05$ Nyquist"),
    ("buggy_below", "A9.3", "buggy $r<0.50$"),
    ("fixed_above", "A9.3", "fixed $r\\geq 0.990$"),
    ("passes", "A9.3", "scorecard: $8/9$"),
    ("checks", "A9.3", "scorecard: $8/9$"),
)


def _row_cells(cert: str, claim: str, section: str, table: Mapping[str, Sequence], special: Mapping) -> tuple:
    """Locators of a table whose header cannot name its columns: the anchor of cell j of a row is
    the row's text up to that cell (``$v$`` cells joined by tabs), or ``special[row][j]``."""
    out = []
    for row, cells in table.items():
        for j, v in enumerate(cells):
            if v is None:
                continue
            sp = special.get(row)
            if sp is not None and sp[j] is not None:
                anchor = sp[j]
            else:
                anchor = row + "\t" + "\t".join(f"${c}$" for c in cells[: j + 1] if True)
                if None in cells[: j + 1]:
                    raise ValueError(f"row {row!r}: give the anchors of the cells after an empty one")
            out.append(t(P, cert, f"{claim}[{row!r}][{j}]", v, section, anchor))
    return tuple(out)


LOCATORS: tuple[Locator, ...] = (
    grid(P, "A9.table40", "means", "40", ("mean",), T40_MEAN)
    + grid(P, "A9.table40", "gammas", "40", (G,), T40_GAMMA)
    + tuple(
        t(P, "A9.table40", f"v7_grid[{i}]", g, "A9.1", "\\{" + ",".join(V7_GRID[: i + 1]))
        for i, g in enumerate(V7_GRID)
    )
    + _texts("A9.table40", "text", A9_TEXT, A9_TEXT_AT)
    + tuple(t(P, "A9.table40", f"gstar[{i}]", "2.0", sec, anchor) for i, (sec, anchor) in enumerate(A9_GSTAR_AT))
    + grid(P, "A9.bode", "t41", "41", T41_COLS, T41)
    + _row_cells("A9.bode", "t42", "A9.3", T42, _T42_AT)
    + _texts("A9.bode", "text", A9_R, A9_R_AT)
    + grid(P, "A9.bode", "t41_gamma", "41", (G,), T41_GAMMA)
    + tuple(
        t(P, "A9.bode", f"t42_gamma[{g!r}]", g, "A9.3", g + "\t" if g == "0.0" else f"{g}\t${T42[g][0]}$")
        for g in T42
        if g != "2.0"
    )
    + (t(P, "A9.bode", "t42_gamma['2.0']", "2.0", "A9.3", "2.0\t$\\mathbf{0.9261}$"),)
)

NOT_CHECKABLE: tuple[NotCheckable, ...] = (
    _nc(
        "A9.3",
        "0000$\t$0.0000$",
        "pre-softmax Nyquist gain at gamma = 0 (no momentum): the only relation it enters, 'pre-softmax "
        "Nyquist monotone', holds for any value below the next row's, so nothing printed pins it",
    ),
    nc_cells(
        P,
        "40",
        "per-gamma spread of the SS ratio over the measured heads/seeds, whose individual values are "
        "not printed; no printed relation constrains it",
        column="std",
    ),
    _nc(
        "A9",
        "Duration: $6.0$",
        "wall-clock time of the notebook on the authors' hardware; no relation printed in the paper constrains it",
    ),
)

# --------------------------------------------------------------------------------------------
# A10 (validation suite v9)
# --------------------------------------------------------------------------------------------

#: the v9 grids as printed: A10's first paragraph, Table 43, A10.2
A10_GRIDS: dict[str, Any] = {
    "v9_text": ("0.0", "0.4", "0.6", "3.2"),
    "v9_table": ("0.0", "0.4", "0.6", "0.8", "3.2"),
    "fine_text": ("0.60", "0.65", "1.40"),
    "fine_table": ("0.60", "0.65", "0.70", "1.40"),
    "fine_a10_2": ("0.60", "1.40", "0.05"),
    "dk_table": ("8", "16", "32"),
    "dk_text": ("8", "16", "32"),
    "dk_fig43": ("8", "16", "32"),
    "dk_a11": ("8", "16", "32"),
    "seeds": ("42", "123", "456", "789", "1011"),
}
A10_COUNTS = {
    "steps": "3000",
    "psa_models": "16",
    "ns_models": "16",
    "fine_models": "17",
    "v9_pts": "16",
    "fine_pts": "17",
    "fine_a10_2": "17",
    "grid_a10_1": "16",
    "grid_fig37": "16",
    "grid_fig37_intro": "16",
}
A10_COUNTS_AT = (
    ("psa_models", "A10", "trains 16 PSA models"),
    ("ns_models", "A10", "and 16 NS models"),
    ("fine_models", "A10", "plus 17 fine PSA"),
    ("fine_a10_2", "A10.2", "17-point fine grid"),
    ("grid_a10_1", "A10.1", "At the 16-point v9 grid"),
    ("grid_fig37", "A10.1", "on the v9 16-point grid. Observed"),
    ("grid_fig37_intro", "A10.1", "displays the v9\u00a0C6: post-softmax Bode on the v9 16-point"),
)
_A10_GRID_AT = (
    ("v9_text", 0, "A10", "-grid $\\{0.0"),
    ("v9_text", 1, "A10", "-grid $\\{0.0,0.4"),
    ("v9_text", 2, "A10", "-grid $\\{0.0,0.4,0.6"),
    ("v9_text", 3, "A10", "\\ldots,3.2\\}$ plus"),
    ("fine_text", 0, "A10", "on $\\{0.60"),
    ("fine_text", 1, "A10", "on $\\{0.60,0.65"),
    ("fine_text", 2, "A10", "0.65,\\ldots,1.40\\}$ for"),
    ("fine_a10_2", 0, "A10.2", "from $\\gamma=0.60$ to"),
    ("fine_a10_2", 1, "A10.2", "to $\\gamma=1.40$ in steps"),
    ("fine_a10_2", 2, "A10.2", "in steps of $0.05$"),
    ("dk_text", 0, "A10.7", "$d_{k}\\!\\in\\!\\{8,16,32\\}$ with"),
    ("dk_text", 1, "A10.7", "$d_{k}\\!\\in\\!\\{8,16,32\\}$ with"),
    ("dk_text", 2, "A10.7", "$d_{k}\\!\\in\\!\\{8,16,32\\}$ with"),
    ("dk_fig43", 0, "A10.7", "curves for $d_{k}\\!\\in\\!\\{8,16,32\\}$"),
    ("dk_fig43", 1, "A10.7", "curves for $d_{k}\\!\\in\\!\\{8,16,32\\}$"),
    ("dk_fig43", 2, "A10.7", "curves for $d_{k}\\!\\in\\!\\{8,16,32\\}$"),
    ("dk_a11", 0, "A11.2", "$d_{k}\\!\\in\\!\\{8,16,32\\}$ against"),
    ("dk_a11", 1, "A11.2", "$d_{k}\\!\\in\\!\\{8,16,32\\}$ against"),
    ("dk_a11", 2, "A11.2", "$d_{k}\\!\\in\\!\\{8,16,32\\}$ against"),
)
_T43_AT = (  # (key, row of Table 43, numerals in the cell)
    ("v9_table", "$\\gamma$ grid", 6),
    ("fine_table", "Fine T3/T4 grid", 5),
    ("dk_table", "$d_{k}$ sweep (FP-21/22)", 3),
    ("seeds", "Seeds (FP-24)", 5),
)

#: Table 44: gamma -> (Nyq obs, Nyq theory, compression) (mean r: declared not checkable)
T44 = {
    "0.0": ("0.1273", "1.0000", None),
    "0.4": ("1.8704", "3.2400", "0.5773"),
    "0.6": ("2.2682", "4.8400", "0.4686"),
    "0.8": ("2.5167", "6.7600", "0.3723"),
    "1.0": ("2.6563", "9.0000", "0.2951"),
    "1.2": ("2.7735", "11.5600", "0.2399"),
    "1.4": ("2.8061", "14.4400", "0.1943"),
    "1.6": ("2.8619", "17.6400", "0.1622"),
    "1.8": ("2.8159", "21.1600", "0.1331"),
    "2.0": ("2.7946", "25.0000", "0.1118"),
    "2.2": ("2.8408", "29.1600", "0.0974"),
    "2.4": ("2.8445", "33.6400", "0.0846"),
    "2.6": ("2.9711", "38.4400", "0.0773"),
    "2.8": ("3.2344", "43.5600", "0.0743"),
    "3.0": ("3.4876", "49.0000", "0.0712"),
    "3.2": ("3.5698", "54.7600", "0.0652"),
}
T44_COLS = ("Nyq obs", "Nyq theory", "compression")
T44_GAMMA = {g: (g,) for g in T44}
A10_NYQ = {
    "v1_hi": "2.8619",
    "v1_hi_g": "1.6",
    "v1_lo": "2.8159",
    "v1_lo_g": "1.8",
    "v2_hi": "2.8159",
    "v2_hi_g": "1.8",
    "v2_lo": "2.7946",
    "v2_lo_g": "2.0",
    "noise": "0.05",
    "from": "0.577",
    "from_g": "0.4",
    "to": "0.065",
    "to_g": "3.2",
    "fig_from": "0.577",
    "fig_to": "0.065",
}
A10_NYQ_AT = (
    ("v1_hi", "A10.1", "$2.8619$ at $\\gamma=1.6$"),
    ("v1_hi_g", "A10.1", "$2.8619$ at $\\gamma=1.6$"),
    ("v1_lo", "A10.1", "$>$ $2.8159$ at $\\gamma=1.8$, and"),
    ("v1_lo_g", "A10.1", "$>$ $2.8159$ at $\\gamma=1.8$, and"),
    ("v2_hi", "A10.1", "and $2.8159$ at $\\gamma=1.8$"),
    ("v2_hi_g", "A10.1", "and $2.8159$ at $\\gamma=1.8$"),
    ("v2_lo", "A10.1", "$2.7946$ at $\\gamma=2.0$"),
    ("v2_lo_g", "A10.1", "$2.7946$ at $\\gamma=2.0$"),
    ("noise", "A10.1", "$\\Delta<0.05$"),
    ("from", "A10.1", "from $0.577$ at $\\gamma=0.4$"),
    ("from_g", "A10.1", "from $0.577$ at $\\gamma=0.4$"),
    ("to", "A10.1", "to $0.065$ at $\\gamma=3.2$"),
    ("to_g", "A10.1", "to $0.065$ at $\\gamma=3.2$"),
    ("fig_from", "A10.1", "decreasing from $0.577$ to"),
    ("fig_to", "A10.1", "to $0.065$."),
)

#: Table 45: gamma -> (T3 gap, T4 gap) (T1, T2: declared not checkable); the dominant term as printed
T45 = {
    "0.60": ("-1.2491", "-1.2705"),
    "0.65": ("-1.2156", "-1.2382"),
    "0.70": ("-1.1630", "-1.1857"),
    "0.75": ("-1.1028", "-1.1237"),
    "0.80": ("-1.0421", "-1.0627"),
    "0.85": ("-0.9881", "-1.0119"),
    "0.90": ("-0.9378", "-0.9639"),
    "0.95": ("-0.8896", "-0.9141"),
    "1.00": ("-0.8427", "-0.8652"),
    "1.05": ("-0.8006", "-0.8210"),
    "1.40": ("-0.5576", "-0.5631"),
}
T45_COLS = ("$T_{3}$ gap", "$T_{4}$ gap")
T45_GAMMA = {g: (g,) for g in T45}
T45_DOMINANT = {g: ("T3" if float(g) < 0.97 else "T4") for g in T45}
A10_CROSS = {
    "v7_lowest": "0.6",
    "mid": "0.975",
    "mid_lo": "0.95",
    "mid_hi": "1.00",
    "fig38": "0.97",
    "scorecard": "0.97",
    "fig47": "0.97",
    "anchor": "0.97",
}
A10_CROSS_AT = (
    ("v7_lowest", "A10.2", "lowest tested $\\gamma=0.6$"),
    ("mid", "A10.2", "$\\gamma\\approx 0.975$"),
    ("mid_lo", "A10.2", "midpoint of $0.95$"),
    ("mid_hi", "A10.2", "and $1.00$ where"),
    ("fig38", "A10.2", "cross at $\\gamma\\approx 0.97$"),
    ("scorecard", "A10.11", "located ($\\gamma\\approx 0.97$)"),
    ("fig47", "A10.11", "crossover at $\\gamma\\approx 0.97$. (C)"),
    ("anchor", "A10.11", "for $\\gamma\\!\\geq\\!0.97$"),
)

#: Table 46: gamma -> (HSF post, HSF pre); the printed ordering verdicts
T46 = {
    "0.4": ("1.9538", "0.8210"),
    "0.6": ("4.2608", "1.4674"),
    "0.8": ("2.3820", "2.3097"),
    "1.0": ("3.5909", "6.8612"),
    "1.2": ("3.2976", "6.9316"),
    "1.4": ("3.2228", "7.4056"),
    "1.6": ("2.9376", "5.9291"),
    "1.8": ("2.2807", "3.5437"),
    "2.0": ("2.0846", "2.8911"),
    "2.2": ("1.7646", "2.0881"),
    "2.4": ("1.7138", "1.8227"),
    "2.6": ("1.7543", "1.7121"),
    "2.8": ("1.3479", "1.2600"),
    "3.0": ("1.2010", "1.0008"),
    "3.2": ("0.7242", "0.7354"),
}
T46_COLS = ("HSFpost", "HSFpre")
T46_GAMMA = {g: (g,) for g in T46}
T46_VERDICT = {
    g: ("FAIL" if g in ("0.4", "0.6", "0.8", "2.6", "2.8", "3.0") else ("OK (artefact)" if g == "3.2" else "OK"))
    for g in T46
}
A10_HSF = {
    "v7_low_g": "0.6",
    "v7_low_pre": "1.48",
    "v7_low_post": "4.29",
    "v7_high_g": "3.0",
    "v7_high_pre": "1.00",
    "v7_high_post": "1.19",
    "pre_limit": "1",
    "interior_lo": "1.0",
    "interior_hi": "2.4",
    "fig39_lo": "1.0",
    "fig39_hi": "2.4",
    "a11_lo": "1.0",
    "a11_hi": "2.4",
}
A10_HSF_AT = (
    ("v7_low_g", "A10.3", "($0.6$: $1.48"),
    ("v7_low_pre", "A10.3", "($0.6$: $1.48"),
    ("v7_low_post", "A10.3", "\\ll\\!4.29$)"),
    ("v7_high_g", "A10.3", "($3.0$: $1.00<1.19$)"),
    ("v7_high_pre", "A10.3", "($3.0$: $1.00<1.19$)"),
    ("v7_high_post", "A10.3", "($3.0$: $1.00<1.19$)"),
    ("pre_limit", "A10.3", "\\to 1$);"),
    ("interior_lo", "A10.3", "Interior regime $\\gamma\\!\\in\\![1.0,2.4]$: the"),
    ("interior_hi", "A10.3", "Interior regime $\\gamma\\!\\in\\![1.0,2.4]$: the"),
    ("fig39_lo", "A10.3", "Interior regime $\\gamma\\!\\in\\![1.0,2.4]$ shows"),
    ("fig39_hi", "A10.3", "Interior regime $\\gamma\\!\\in\\![1.0,2.4]$ shows"),
    ("a11_lo", "A11.2", "interior regime $\\gamma\\!\\in\\![1.0,2.4]$"),
    ("a11_hi", "A11.2", "interior regime $\\gamma\\!\\in\\![1.0,2.4]$"),
)

#: Table 47: gamma -> (causal rel. range, stationary rel. range); the printed verdicts
T47 = {
    "0.6": ("0.0370", "0.0550"),
    "1.2": ("0.0366", "0.0362"),
    "1.8": ("0.0262", "0.0496"),
    "2.0": ("0.0315", "0.0576"),
    "2.4": ("0.0337", "0.0727"),
    "3.0": ("0.0179", "0.0839"),
}
T47_COLS = ("causal rel. range", "stationary rel. range")
T47_VERDICT = {"0.6": "CHECK", "1.2": "PASS", "1.8": "PASS", "2.0": "CHECK", "2.4": "CHECK", "3.0": "CHECK"}
A10_FLAT = {"lo": "3", "hi": "8"}
A10_FLAT_AT = (("lo", "A10.4", "at the $3$"), ("hi", "A10.4", "$8\\%$ relative-range"))

#: Table 48: gamma -> (PSA slope/pos, NS slope/pos); the printed verdicts
T48 = {
    "0.6": ("-0.001050", "+0.000231"),
    "1.2": ("-0.000722", "-0.003178"),
    "2.0": ("-0.000120", "-0.000905"),
    "3.0": ("-0.000183", "+0.000066"),
}
T48_COLS = ("PSA slope/pos", "NS slope/pos")
T48_VERDICT = {"0.6": "CONFIRMED", "1.2": "CHECK", "2.0": "CHECK", "3.0": "CONFIRMED"}
A10_DRIFT = {"flip_1": "1.2", "flip_2": "2.0"}
A10_DRIFT_AT = (("flip_1", "A10.5", "flips at $\\gamma=1.2,2.0$"), ("flip_2", "A10.5", "flips at $\\gamma=1.2,2.0$"))

#: Table 49: gamma -> (PSA acc, ablated acc, std attn acc) in %
T49 = {
    "1.0": ("56.8", "19.7", "1.7"),
    "1.4": ("68.8", "29.5", "1.7"),
    "2.0": ("75.6", "40.8", "1.7"),
    "2.4": ("59.1", "46.3", "1.7"),
    "3.0": ("27.2", "49.9", "1.7"),
}
T49_COLS = ("PSA acc", "ablated acc", "std attn acc")
T49_VERDICT = {"1.0": "CONFIRMED", "1.4": "CONFIRMED", "2.0": "partial", "2.4": "partial", "3.0": "partial (reversed)"}
A10_ABL = {
    "clean_lo": "1.0",
    "clean_hi": "1.4",
    "drop_lo": "37",
    "drop_hi": "39",
    "reversal_g": "3.0",
    "reach_lo": "19.7",
    "reach_hi": "49.9",
    "baseline": "1.7",
    "fig42_lo": "1.0",
    "fig42_hi": "1.4",
    "score_lo": "1.0",
    "score_hi": "1.4",
    "score_rev": "3.0",
    "a11_drop_lo": "37",
    "a11_drop_hi": "39",
    "gstar_intro": "2.0",
    "gstar_c13": "2.0",
    "gstar_hdr": "2.0",
    "gstar_hsf": "2.0",
    "gstar_a11": "2.0",
    "gstar_a11_2": "2.0",
}
A10_ABL_AT = (
    ("clean_lo", "A10.6", "regime, $\\gamma\\!\\in\\![1.0,1.4]$), $T_{4}$"),
    ("clean_hi", "A10.6", "regime, $\\gamma\\!\\in\\![1.0,1.4]$), $T_{4}$"),
    ("drop_lo", "A10.6", "by $37$"),
    ("drop_hi", "A10.6", "$39$\u2009pp, still"),
    ("reversal_g", "A10.6", "The $\\gamma=3.0$ reversal"),
    ("reach_lo", "A10.6", "reaches $19.7$"),
    ("reach_hi", "A10.6", "$49.9\\%$ against"),
    ("baseline", "A10.6", "baseline of $1.7\\%$"),
    ("fig42_lo", "A10.6", "attention at $\\gamma\\!\\in\\![1.0,1.4]$ measures"),
    ("fig42_hi", "A10.6", "attention at $\\gamma\\!\\in\\![1.0,1.4]$ measures"),
    ("score_lo", "A10.11", "(clean at $\\gamma\\!\\in\\![1.0,1.4]$"),
    ("score_hi", "A10.11", "(clean at $\\gamma\\!\\in\\![1.0,1.4]$"),
    ("score_rev", "A10.11", "reversed at $\\gamma=3.0$)"),
    ("a11_drop_lo", "A11.1", "by $37$"),
    ("a11_drop_hi", "A11.1", "$39$\u2009pp in the clean"),
    ("gstar_intro", "A10", "at $\\gamma^{*}=2.0$, single-layer PSA achieves"),
    ("gstar_c13", "A10.8", "single-layer PSA at $\\gamma^{*}=2.0$, both"),
    ("gstar_hdr", "A10.8", "PSA-1L ($\\gamma=2.0$)"),
    ("gstar_hsf", "A10.3", "empirical $\\gamma^{*}\\!\\approx\\!2.0$"),
    ("gstar_a11", "A11.1", "holds: at $\\gamma^{*}=2.0$"),
    ("gstar_a11_2", "A11.2", "empirical $\\gamma^{*}\\!\\approx\\!2.0$"),
)

#: Table 50: d_k -> (8L/d_k, observed gamma_c, Delta gamma, peak acc) ("~ 2.8" read as 2.8)
T50 = {
    "$8$": ("4.14", None, "2.8", "9.0"),
    "$16$": ("2.07", "1.0", "0.80", "74.6"),
    "$32$": ("1.03", "0.4", "0.40", "93.4"),
}
T50_COLS = ("$8L/d_{k}$", "observed $\\gamma_{c}$ (50% thresh.)", "$\\Delta\\gamma$", "peak acc")
T50_DK = {"$8$": ("8",), "$16$": ("16",), "$32$": ("32",)}
A10_DK = {
    "pairs": "63",
    "L": "4.14",
    "dk_star": "33.1",
    "gamma_c": "0.89",
    "never": "50",
    "text_g16": "1.0",
    "text_g32": "0.4",
    "width_from": "2.8",
    "width_to": "0.4",
    "peak_8": "9",
    "peak_16": "75",
    "peak_32": "93",
    "dk_star_2": "33.1",
    "gamma_c_2": "0.89",
    "ratio_32": "1.03",
    "threshold": "50",
    "vary_lo": "9",
    "vary_hi": "93",
    "a11_dk_star": "33.1",
    "hdr": "50",
    "dk_8": "8",
    "dk_16": "16",
    "dk_32": "32",
    "dk_32b": "32",
}
A10_DK_AT = (
    ("pairs", "A10.7", "$T-1=63$"),
    ("L", "A10.7", "=4.14$ and"),
    ("dk_star", "A10.7", "=8L=33.1$: all"),
    ("gamma_c", "A10.7", "/\\sqrt{2}=0.89$"),
    ("never", "A10.7", "(never reaches 50%)"),
    ("text_g16", "A10.7", "through $1.0$ at"),
    ("text_g32", "A10.7", "to $0.4$ at $d_{k}=32$"),
    ("width_from", "A10.7", "from $\\sim 2.8$ to $0.4$"),
    ("width_to", "A10.7", "from $\\sim 2.8$ to $0.4$"),
    ("peak_8", "A10.7", "$9\\%$, $75\\%$"),
    ("peak_16", "A10.7", "$9\\%$, $75\\%$"),
    ("peak_32", "A10.7", "$75\\%$, $93\\%$"),
    ("dk_star_2", "A10.7", "crossover $d_{k}^{*}=33.1$, on"),
    ("gamma_c_2", "A10.7", "independent $\\gamma_{c}=0.89$. The"),
    ("ratio_32", "A10.7", "$8L/d_{k}=1.03$"),
    ("threshold", "A10.7", "absolute $50\\%$ threshold"),
    ("vary_lo", "A10.7", "from $9\\%$ to"),
    ("vary_hi", "A10.7", "to $93\\%$ across"),
    ("a11_dk_star", "A11.2", "=8L=33.1$"),
    ("hdr", "A10.7", "(50% thresh.)"),
    ("dk_8", "A10.7", "at $d_{k}=8$, through"),
    ("dk_16", "A10.7", "at $d_{k}=16$, to"),
    ("dk_32", "A10.7", "$0.4$ at $d_{k}=32$"),
    ("dk_32b", "A10.7", "$d_{k}=32$ sits"),
)

#: Table 51: seed -> (PSA-1L, Std-1L, Std-2L) in %; the mean and s.d. row
T51 = {
    "42": ("74.4", "1.7", "1.1"),
    "123": ("72.7", "1.8", "1.4"),
    "456": ("58.7", "2.1", "2.0"),
    "789": ("79.4", "1.0", "1.8"),
    "1011": ("60.2", "1.6", "1.7"),
}
T51_COLS = ("PSA-1L ($\\gamma=2.0$)", "Std-1L", "Std-2L")
T51_MEAN = {"mean$\\pm$std": (("69.1", "8.2"), ("1.6", "0.4"), ("1.6", "0.3"))}
T51_SEEDS = {s: (s,) for s in T51}
A10_HEAD = {
    "intro_mean": "69.1",
    "intro_sd": "8.2",
    "intro_chance": "1.6",
    "c13_mean": "69.1",
    "c13_sd": "8.2",
    "c13_chance": "1.6",
    "c13_ratio": "43",
    "c13_ratio_2": "43",
    "fig44": "69",
    "score_mean": "69.1",
    "score_chance": "1.6",
    "score_ratio": "43",
    "a11_mean": "69.1",
    "a11_sd": "8.2",
    "a11_chance": "1.6",
    "a11_ratio": "43",
}
A10_HEAD_AT = (
    ("intro_mean", "A10", "achieves $69.1\\pm 8.2\\%$"),
    ("intro_sd", "A10", "achieves $69.1\\pm 8.2\\%$"),
    ("intro_chance", "A10", "at chance ($1.6\\%$). [L3"),
    ("c13_mean", "A10.8", "reaches $69.1\\pm 8.2\\%$ on"),
    ("c13_sd", "A10.8", "reaches $69.1\\pm 8.2\\%$ on"),
    ("c13_chance", "A10.8", "from chance ($1.6\\%$)"),
    ("c13_ratio", "A10.8", "The ratio is $43\\times$"),
    ("c13_ratio_2", "A10.8", "the $43\\times$ result"),
    ("fig44", "A10.8", "stands at $69\\%$"),
    ("score_mean", "A10.11", "($69.1\\%$ vs"),
    ("score_chance", "A10.11", "vs $1.6\\%$)"),
    ("score_ratio", "A10.11", "($43\\times$ separation)"),
    ("a11_mean", "A11.1", "reaches $69.1\\pm 8.2\\%$ on"),
    ("a11_sd", "A11.1", "reaches $69.1\\pm 8.2\\%$ on"),
    ("a11_chance", "A11.1", "at chance ($1.6\\%$)"),
    ("a11_ratio", "A11.1", "a $43\\times$ separation"),
)

#: Table 52: band -> (theta, theory, observed, obs/th, joint align)
T52 = {
    "0": ("1.000000", "0.958851", "0.407971", "0.43", "0.9806"),
    "1": ("0.316228", "0.314912", "0.041205", "0.13", "0.9893"),
    "2": ("0.100000", "0.099958", "0.004453", "0.04", "1.0174"),
    "3": ("0.031623", "0.031621", "0.000411", "0.01", "1.0118"),
    "4": ("0.010000", "0.010000", "0.412654", "41.27", "0.9541"),
    "5": ("0.003162", "0.003162", "0.042761", "13.52", "1.0593"),
    "6": ("0.001000", "0.001000", "0.004084", "4.08", "0.9808"),
    "7": ("0.000316", "0.000316", "0.000433", "1.37", "1.0069"),
}
T52_BANDS = {k: (k,) for k in T52}
T52_COLS = ("$\\theta$", "theory", "observed", "obs/th", "joint align")
A10_BAND = {
    "v7_excess": "41",
    "v7_theta": "0.01",
    "align": "0.9541",
    "theta": "0.01",
    "period": "628",
    "excess": "41",
    "a11_theta": "0.01",
    "a11_excess": "41",
}
A10_BAND_AT = (
    ("v7_excess", "A10.9", "($41\\times$ excess error"),
    ("v7_theta", "A10.9", "error at $\\theta=0.01$)"),
    ("align", "A10.9", "alignment ($0.9541$)"),
    ("theta", "A10.9", "geometry at $\\theta=0.01$"),
    ("period", "A10.9", "(period $\\approx 628$"),
    ("excess", "A10.9", "yet the $41\\times$ excess"),
    ("a11_theta", "A11.2", "At $\\theta=0.01$"),
    ("a11_excess", "A11.2", "is $41\\times$ the"),
)

#: Table 53: gamma -> (r PSA, r NS, Delta r)
T53 = {
    "0.6": ("0.9528", "0.0305", "+0.9223"),
    "1.2": ("0.9225", "0.8715", "+0.0510"),
    "1.8": ("0.9206", "0.9041", "+0.0166"),
    "2.0": ("0.9206", "0.9113", "+0.0093"),
    "2.4": ("0.9282", "0.9175", "+0.0107"),
    "3.0": ("0.9166", "0.9118", "+0.0047"),
}
T53_COLS = ("$r_{\\mathrm{PSA}}$", "$r_{\\mathrm{NS}}$", "$\\Delta r$")
A10_SYM = {"largest": "+0.92", "largest_g": "0.6", "smallest": "+0.005", "smallest_g": "3.0"}
A10_SYM_AT = (
    ("largest", "A10.10", "($+0.92$ at $\\gamma=0.6$"),
    ("largest_g", "A10.10", "($+0.92$ at $\\gamma=0.6$"),
    ("smallest", "A10.10", "(to $+0.005$ at $\\gamma=3.0$)"),
    ("smallest_g", "A10.10", "(to $+0.005$ at $\\gamma=3.0$)"),
)
#: the tested gammas of Tables 46-49 and 53 (each a subset of the v9 grid)
SUBGRIDS = {
    "46": tuple(T46),
    "47": tuple(T47),
    "48": tuple(T48),
    "49": tuple(T49),
    "53": tuple(T53),
}

_T43_CELL = "Value"
LOCATORS += (
    tuple(t(P, "A10.grids", f"grids[{k!r}][{i}]", A10_GRIDS[k][i], sec, anchor) for k, i, sec, anchor in _A10_GRID_AT)
    + tuple(
        Locator(
            P, "A10.grids", f"grids[{k!r}][{i}]", A10_GRIDS[k][i], table="43", row=row, column=_T43_CELL, nth=(i, n)
        )
        for k, row, n in _T43_AT
        for i in range(len(A10_GRIDS[k]))
    )
    + (
        Locator(
            P, "A10.grids", "counts['v9_pts']", "16", table="43", row="$\\gamma$ grid", column=_T43_CELL, nth=(5, 6)
        ),
    )
    + (
        Locator(
            P, "A10.grids", "counts['fine_pts']", "17", table="43", row="Fine T3/T4 grid", column=_T43_CELL, nth=(4, 5)
        ),
    )
    + _texts("A10.grids", "counts", A10_COUNTS, A10_COUNTS_AT)
    + (Locator(P, "A10.grids", "counts['steps']", "3\\,000", table="43", row="Training steps", column="Value"),)
    + grid(P, "A10.grids", "t44_gamma", "44", (G,), T44_GAMMA)
    + grid(P, "A10.grids", "t45_gamma", "45", (G,), T45_GAMMA)
    + grid(P, "A10.grids", "t50_dk", "50", ("$d_{k}$",), T50_DK)
    + grid(P, "A10.grids", "t51_seeds", "51", ("seed",), T51_SEEDS)
    + tuple(
        Locator(P, "A10.grids", f"subgrids[{tb!r}][{i}]", g, table=tb, row=g, column=G)
        for tb, gs in SUBGRIDS.items()
        for i, g in enumerate(gs)
    )
    + grid(P, "A10.table44", "t44", "44", T44_COLS, T44)
    + _texts("A10.table44", "text", A10_NYQ, A10_NYQ_AT)
    + grid(P, "A10.table45", "t45", "45", T45_COLS, T45)
    + _texts("A10.table45", "text", A10_CROSS, A10_CROSS_AT)
    + grid(P, "A10.table46", "t46", "46", T46_COLS, T46)
    + _texts("A10.table46", "text", A10_HSF, A10_HSF_AT)
    + grid(P, "A10.table47", "t47", "47", T47_COLS, T47)
    + _texts("A10.table47", "text", A10_FLAT, A10_FLAT_AT)
    + grid(P, "A10.table48", "t48", "48", T48_COLS, T48)
    + _texts("A10.table48", "text", A10_DRIFT, A10_DRIFT_AT)
    + grid(P, "A10.table49", "t49", "49", T49_COLS, T49)
    + _texts("A10.table49", "text", A10_ABL, A10_ABL_AT)
    + grid(P, "A10.table50", "t50", "50", T50_COLS, T50)
    + _texts("A10.table50", "text", A10_DK, A10_DK_AT)
    + grid(P, "A10.table51", "t51", "51", T51_COLS, T51)
    + grid(P, "A10.table51", "summary", "51", T51_COLS, T51_MEAN)
    + _texts("A10.table51", "text", A10_HEAD, A10_HEAD_AT)
    + grid(P, "A10.table52", "t52", "52", T52_COLS, T52)
    + grid(P, "A10.table52", "bands", "52", ("band",), T52_BANDS, setting=True)
    + _texts("A10.table52", "text", A10_BAND, A10_BAND_AT)
    + grid(P, "A10.table53", "t53", "53", T53_COLS, T53)
    + _texts("A10.table53", "text", A10_SYM, A10_SYM_AT)
)

_ONE_RUN = "a measurement of one trained configuration; no relation printed in the paper constrains it"
NOT_CHECKABLE += (
    nc_text(
        P,
        "A9.3",
        "0.0\t$0.0000$\t$0.1273$",
        "post-softmax Bode r at gamma = 0 (no momentum): the scorecard's 'positive at every gamma' "
        "is read at gamma > 0 and no other printed relation constrains it",
    ),
    nc_cells(
        P,
        "44",
        "post-softmax Bode correlation per gamma of the v9 sweep: the text draws no relation from it "
        "(Table 53's r_PSA is another run)",
        column="mean $r$",
    ),
    nc_cells(
        P,
        "45",
        "T1 and T2 gaps: the dominance column and the crossover compare T3 with T4 only; no printed "
        "relation constrains these",
        column="$T_{1}$ gap",
    ),
    nc_cells(
        P,
        "45",
        "T1 and T2 gaps: the dominance column and the crossover compare T3 with T4 only; no printed "
        "relation constrains these",
        column="$T_{2}$ gap",
    ),
    nc_cells(
        P,
        "50",
        "the gamma at which each width's peak accuracy is reached: no printed relation constrains it",
        column="peak acc",
    ),
    nc_text(
        P,
        "A10.7",
        "v9 runs full $N=1$",
        "the depth (one layer) of the swept models, a configuration input no check uses",
    ),
    nc_text(
        P,
        "A10.9",
        "52 records the v9\u00a0C14: per-band Coriolis and $W_{Q}/W_{K}$ joint alignment, $\\gamma=3.0$",
        "the coupling at which Table 52 was measured, a configuration input of the run",
    ),
    nc_text(
        P,
        "A10.9",
        "52: v9\u00a0C14: per-band Coriolis and $W_{Q}/W_{K}$ joint alignment, $\\gamma=3.0$",
        "the coupling at which Table 52 was measured, a configuration input of the run",
    ),
    nc_text(
        P,
        "A10.8",
        "at either $N=1$ or $N=2$",
        "the depths (layers) of the compared models, configuration inputs no check uses",
    ),
    nc_text(
        P,
        "A10.8",
        "The $L\\geq 2$ barrier",
        "the depth of the barrier the paper argues about (a statement of Thm 49's setting, not a measurement)",
    ),
    nc_text(P, "A10.8", "fails at $N=2$ as well", "the depth of the standard-attention model, a configuration input"),
    nc_text(
        P,
        "A10.8",
        "bars for PSA $N=1$, standard attention $N=1$, standard attention $N=2$",
        "the depths of the plotted models, configuration inputs",
    ),
    nc_text(
        P,
        "A10.9",
        "drops to $0.51$\u2013$0.61$, appreciably below the other bands\u2019 $\\sim\\!1.0$",
        "alignments at gamma = 1.2 and 2.0 from notebook tables the paper does not reproduce; no "
        "printed relation constrains them",
    ),
    nc_text(
        P,
        "A10.9",
        "At $\\gamma=3.0$, band-4",
        "the coupling at which Table 52 was measured, a configuration input of the run",
    ),
    nc_text(
        P,
        "A10.9",
        "At $\\gamma=1.2$ and $\\gamma=2.0$ (in",
        "couplings of notebook tables the paper does not reproduce",
    ),
    nc_text(
        P,
        "A10.9",
        "at $\\gamma=3.0$ the alignment",
        "the coupling at which Table 52 was measured, a configuration input of the run",
    ),
    nc_text(
        P,
        "A10.9",
        "explained within Tranche\u00a01",
        "the number of the tranche (a label the classifier does not know)",
    ),
    nc_text(
        P,
        "A10.11",
        "grows from $12$ in v6 to $21$ in v9; the open-FP column shrinks from $30$ to $13$",
        "cumulative FP counts per suite version (v6-v9); the per-version lists they count are not "
        "printed, so no relation constrains them",
    ),
    nc_text(
        P,
        "A10.11",
        "the $L\\!\\geq\\!2$ barrier",
        "the depth of the barrier the paper argues about (a statement of Thm 49's setting, not a measurement)",
    ),
)

# --------------------------------------------------------------------------------------------
# A16 (G: two-thousand-experiment validation)
# --------------------------------------------------------------------------------------------

#: Table 62: theta (rad, the row label) -> (theta rad, theta deg, gamma*, peak acc, baseline, gain, noise)
T62 = {
    f"${r[0]}$": r
    for r in (
        ("0.0200", "1.1", "0.80", "0.778", "0.447", "+0.331", "0.0200"),
        ("0.0261", "1.5", "0.80", "0.776", "0.446", "+0.330", "0.0261"),
        ("0.0341", "2.0", "0.80", "0.771", "0.445", "+0.326", "0.0341"),
        ("0.0444", "2.5", "0.80", "0.769", "0.447", "+0.321", "0.0444"),
        ("0.0580", "3.3", "0.80", "0.761", "0.451", "+0.310", "0.0580"),
        ("0.0757", "4.3", "0.80", "0.747", "0.455", "+0.292", "0.0757"),
        ("0.0988", "5.7", "0.80", "0.728", "0.461", "+0.267", "0.0987"),
        ("0.1289", "7.4", "0.80", "0.704", "0.463", "+0.241", "0.1288"),
        ("0.1682", "9.6", "0.80", "0.666", "0.463", "+0.203", "0.1680"),
        ("0.2194", "12.6", "0.70", "0.613", "0.466", "+0.146", "0.2190"),
        ("0.2863", "16.4", "0.70", "0.573", "0.474", "+0.099", "0.2854"),
        ("0.3737", "21.4", "0.90", "0.558", "0.478", "+0.080", "0.3715"),
        ("0.4876", "27.9", "0.70", "0.553", "0.472", "+0.080", "0.4828"),
        ("0.6363", "36.5", "0.80", "0.562", "0.478", "+0.084", "0.6256"),
        ("0.8303", "47.6", "0.70", "0.558", "0.474", "+0.084", "0.8066"),
        ("1.0834", "62.1", "1.00", "0.566", "0.480", "+0.086", "1.0312"),
        ("1.4138", "81.0", "1.00", "0.564", "0.477", "+0.087", "1.2990"),
        ("1.8449", "105.7", "0.80", "0.564", "0.476", "+0.088", "1.5942"),
        ("2.4075", "137.9", "0.70", "0.564", "0.486", "+0.077", "1.8668"),
        ("3.1416", "180.0", "0.60", "0.607", "0.478", "+0.130", "2.0000"),
    )
}
T62_COLS = ("$\\theta$ (rad)", "$\\theta$ (deg)", "$\\gamma^{*}$", "peak acc", "baseline", "gain", "noise")
T62_GRID = {k: (v[0], v[1], None, None, None, None, v[6]) for k, v in T62.items()}
T62_GSTAR = {k: (None, None, v[2], None, None, None, None) for k, v in T62.items()}
T62_GAIN = {k: (None, None, None, v[3], v[4], v[5], None) for k, v in T62.items()}
A16_GRID = {
    "n_theta": "20",
    "lo": "0.02",
    "hi": "3.14",
    "rows_heading": "20",
    "rows_caption_1": "20",
    "rows_caption_2": "20",
    "noise_max": "2",
    "noise_zero": "0",
}
A16_GRID_AT = (
    ("rows_heading", "A16.3", "full 20-row optima"),
    (
        "rows_caption_1",
        "A16.3",
        "62 lists the G: optimal $\\gamma^{*}$, peak accuracy, baseline accuracy, momentum gain, "
        "and noise level for all 20",
    ),
    (
        "rows_caption_2",
        "A16.3",
        "62: G: optimal $\\gamma^{*}$, peak accuracy, baseline accuracy, momentum gain, and noise level for all 20",
    ),
    ("noise_max", "A16.1", "increasing to $2$ at"),
    ("noise_zero", "A16.1", "zero at $\\theta=0$"),
)
A16_GSTAR: dict[str, Any] = {
    "low_lo": "0.02",
    "low_hi": "0.17",
    "low_n": "9",
    "low_g": "0.80",
    "mid_lo": "0.22",
    "mid_hi": "0.83",
    "mid_n": "6",
    "mid_set": ("0.7", "0.8", "0.9"),
    "high_lo": "1.08",
    "high_hi": "2.41",
    "high_n": "4",
    "high_set": ("0.7", "0.8", "1.0"),
    "pi_g": "0.60",
    "nearly": "0.80",
    "fig53": "0.80",
    "fig53_theta": "0.2",
    "theory": "1.5",
    "factor": "2",
    "factor_2": "2",
    "factor_3": "2",
    "top": "0.778",
}
A16_GSTAR_AT = (
    ("low_lo", "A16.5", "[0.02,0.17]$ (9"),
    ("low_hi", "A16.5", "[0.02,0.17]$ (9"),
    ("low_n", "A16.5", "(9 rows), the"),
    ("low_g", "A16.5", "uniformly at $0.80$. The"),
    ("mid_lo", "A16.5", "[0.22,0.83]$"),
    ("mid_hi", "A16.5", "[0.22,0.83]$"),
    ("mid_n", "A16.5", "(6 rows)"),
    ("high_lo", "A16.5", "[1.08,2.41]$"),
    ("high_hi", "A16.5", "[1.08,2.41]$"),
    ("high_n", "A16.5", "(4 rows), the"),
    ("pi_g", "A16.5", "$\\gamma^{*}=0.60$"),
    ("nearly", "A16.5", "constant at $\\sim 0.80$ across"),
    ("fig53", "A16.5", "uniformly at $\\sim 0.80$ for"),
    ("fig53_theta", "A16.5", "0.80$ for $\\theta<0.2$"),
    ("theory", "A16.5", "($\\gamma^{*}=1.5$)"),
    ("factor", "A16.5", "roughly $2\\times$"),
    ("factor_2", "A16.5", "(off by $\\sim 2\\times$)"),
    ("factor_3", "A16.5", "at low $\\theta$ by $\\sim 2\\times$"),
    ("top", "A16.5", "from $0.778$ down"),
)
_A16_SET_AT = (
    ("mid_set", "A16.5", "\\{0.7,0.8,0.9\\}"),
    ("high_set", "A16.5", "\\{0.7,0.8,1.0\\}"),
)
A16_STATS = {
    "r_intro": "-0.679",
    "p_intro": "9.9e-4",
    "d_intro": "1.05",
    "r_card": "-0.679",
    "p_card": "9.9e-4",
    "low_theta": "0.2",
    "low_n": "9",
    "low_mean": "+0.291",
    "high_theta": "1.5",
    "high_n": "4",
    "high_mean": "+0.098",
    "adv": "+0.193",
    "d": "1.053",
    "peak_theta": "0.0200",
    "peak_g": "0.80",
    "peak": "0.778",
    "peak_gain": "+0.331",
    "r_text": "-0.679",
    "d_text": "1.05",
    "r_fig53": "-0.679",
    "p_fig53": "9.9e-4",
    "slope": "-0.110",
    "intercept": "0.245",
    "r_head": "-0.679",
    "p_head": "9.9e-4",
    "low_pct": "29.1",
    "high_pct": "9.8",
    "d_head": "1.05",
    "r_a11": "-0.679",
    "d_a11": "1.05",
    "r_a12": "-0.679",
    "p_a12": "9.9e-4",
    "d_a12": "1.05",
    "falloff": "0.2",
}
_SCI = "9.9\\!\\times\\!10^{-4}"
A16_STATS_AT = (
    ("r_intro", "A16", "Pearson $r=-0.679$ ($p"),
    ("p_intro", "A16", "($p=9.9\\!\\times\\!10^{-4}$); Cohen", _SCI),
    ("d_intro", "A16", "$d=1.05$. [L3"),
    ("r_card", "A16.4", "correlation: $r=-0.679$"),
    ("p_card", "A16.4", "($p=9.9\\!\\times\\!10^{-4}$).", _SCI),
    ("low_theta", "A16.4", "($\\theta<0.2$"),
    ("low_n", "A16.4", "rad, 9 rows"),
    ("low_mean", "A16.4", "9 rows): $+0.291$"),
    ("high_theta", "A16.4", "($\\theta>1.5$"),
    ("high_n", "A16.4", "4 rows): $+0.098$"),
    ("high_mean", "A16.4", "4 rows): $+0.098$"),
    ("adv", "A16.4", "advantage: $+0.193$"),
    ("d", "A16.4", "$d=1.053$"),
    ("peak_theta", "A16.4", "=(0.0200,0.80)$ at"),
    ("peak_g", "A16.4", "=(0.0200,0.80)$ at"),
    ("peak", "A16.4", "at $0.778\\pm"),
    ("peak_gain", "A16.4", "baseline $+0.331$"),
    ("r_text", "A16.4", "The Pearson $r=-0.679$ between"),
    ("d_text", "A16.4", "Cohen\u2019s $d=1.05$ places"),
    ("r_fig53", "A16.5", "the $r=-0.679$, $p"),
    ("p_fig53", "A16.5", "$p=9.9\\!\\times\\!10^{-4}$ annotation", _SCI),
    ("slope", "A16.5", "$y=-0.110x+0.245$"),
    ("intercept", "A16.5", "$y=-0.110x+0.245$"),
    ("r_head", "A16.5", "(Pearson $r=-0.679$, $p"),
    ("p_head", "A16.5", "$p=9.9\\!\\times\\!10^{-4}$). Low", _SCI),
    ("low_pct", "A16.5", "$+29.1\\%$"),
    ("high_pct", "A16.5", "$+9.8\\%$"),
    ("d_head", "A16.5", "(Cohen\u2019s $d=1.05$). The"),
    ("r_a11", "A11.4", "(Pearson $r=-0.679$"),
    ("d_a11", "A11.4", "$d=1.05$)"),
    ("r_a12", "A12", "Pearson $r=-0.679$ for"),
    ("p_a12", "A12", "($p=9.9\\!\\times\\!10^{-4}$, Cohen", _SCI),
    ("d_a12", "A12", "$d=1.05$). The six"),
    ("falloff", "A16.5", "around $\\theta=0.2$)"),
)
#: Table 61 and the intro: the sweep's size
A16_SIZE: dict[str, Any] = {
    "intro_theta": "20",
    "intro_gamma": "20",
    "intro_seeds": "5",
    "intro_total": "2000",
    "gamma_n": "20",
    "fine_n": "13",
    "fine": ("0.0", "0.1", "1.2"),
    "coarse_n": "7",
    "coarse": ("1.40", "1.67", "3.00"),
    "seeds_n": "5",
    "seed_lo": "42",
    "seed_hi": "46",
    "total": "2000",
    "head_runs": "2000",
    "a11_runs": "2000",
    "a12_runs": "2000",
    "dims": ("64", "4", "16"),
    "chain": "8",
    "seq": "17",
}
A16_SIZE_AT = (
    ("intro_theta", "A16", "a $20\\!\\times"),
    ("intro_gamma", "A16", "\\times\\!20\\!\\times\\!5"),
    ("intro_seeds", "A16", "\\!5=2000"),
    ("intro_total", "A16", "=2000$-run"),
    ("head_runs", "A16.5", "validated on $2{,}000$ training", "2{,}000"),
    ("a11_runs", "A11.4", "a $2{,}000$-run rigorous", "2{,}000"),
    ("a12_runs", "A12", "and a $2{,}000$-experiment sweep", "2{,}000"),
    ("coarse_n", "A16.2", "+ 7 coarse"),
)
_T61_AT = (  # (key, index or None, row, nth)
    ("gamma_n", None, "$\\gamma$ grid (20)", "Parameter", None),
    ("fine_n", None, "$\\gamma$ grid (20)", "Value", (0, 8)),
    ("fine", 0, "$\\gamma$ grid (20)", "Value", (1, 8)),
    ("fine", 1, "$\\gamma$ grid (20)", "Value", (2, 8)),
    ("fine", 2, "$\\gamma$ grid (20)", "Value", (3, 8)),
    ("coarse", 0, "$\\gamma$ grid (20)", "Value", (5, 8)),
    ("coarse", 1, "$\\gamma$ grid (20)", "Value", (6, 8)),
    ("coarse", 2, "$\\gamma$ grid (20)", "Value", (7, 8)),
    ("seeds_n", None, "Seeds per point", "Value", (0, 3)),
    ("seed_lo", None, "Seeds per point", "Value", (1, 3)),
    ("seed_hi", None, "Seeds per point", "Value", (2, 3)),
    ("total", None, "Total runs", "Value", None),
    ("dims", 0, "$V$, $d_{\\mathrm{model}}$, $H$, $d_{\\mathrm{head}}$", "Value", (1, 4)),
    ("dims", 2, "$V$, $d_{\\mathrm{model}}$, $H$, $d_{\\mathrm{head}}$", "Value", (3, 4)),
    ("chain", None, "Chain length $L$", "Value", (0, 2)),
    ("seq", None, "Chain length $L$", "Value", (1, 2)),
)


def _texts4(cert: str, claim: str, values: Mapping, at) -> tuple[Locator, ...]:
    """As :func:`_texts`; an entry may give the numeral as printed when it differs from the claim
    ("9.9\\!\\times\\!10^{-4}" for "9.9e-4", "2{,}000" for "2000")."""
    out = []
    for e in at:
        k, sec, anchor = e[:3]
        out.append(t(P, cert, f"{claim}[{k!r}]", e[3] if len(e) > 3 else values[k], sec, anchor))
    return tuple(out)


def _cells(cert: str, claim: str, table: str, values: Mapping, at) -> tuple[Locator, ...]:
    out = []
    for k, i, row, colname, nth in at:
        path, printed = (f"{claim}[{k!r}]", values[k]) if i is None else (f"{claim}[{k!r}][{i}]", values[k][i])
        out.append(Locator(P, cert, path, printed, table=table, row=row, column=colname, nth=nth))
    return tuple(out)


LOCATORS += (
    grid(P, "A16.grid", "t62", "62", T62_COLS, T62_GRID)
    + _texts4("A16.grid", "text", A16_GRID, A16_GRID_AT)
    + (
        Locator(
            P, "A16.grid", "text['n_theta']", "20", table="61", row="$\\theta$ grid (20 log-spaced)", column="Parameter"
        ),
        Locator(
            P,
            "A16.grid",
            "text['lo']",
            "0.02",
            table="61",
            row="$\\theta$ grid (20 log-spaced)",
            column="Value",
            nth=(0, 2),
        ),
        Locator(
            P,
            "A16.grid",
            "text['hi']",
            "3.14",
            table="61",
            row="$\\theta$ grid (20 log-spaced)",
            column="Value",
            nth=(1, 2),
        ),
    )
    + grid(P, "A16.gstar", "t62", "62", T62_COLS, T62_GSTAR)
    + _texts4("A16.gstar", "text", A16_GSTAR, A16_GSTAR_AT)
    + tuple(
        t(P, "A16.gstar", f"text[{k!r}][{i}]", A16_GSTAR[k][i], sec, anchor)
        for k, sec, anchor in _A16_SET_AT
        for i in range(3)
    )
    + grid(P, "A16.gain", "t62", "62", T62_COLS, T62_GAIN)
    + _texts4("A16.gain", "text", A16_STATS, A16_STATS_AT)
    + _texts4("A16.size", "size", A16_SIZE, A16_SIZE_AT)
    + _cells("A16.size", "size", "61", A16_SIZE, _T61_AT)
    + (t(P, "A16.size", "size['dims'][1]", "4", "A16.2", "$4$, $16$"),)
)

_RUNS = "computed from the individual runs' accuracies, which the paper does not print"
NOT_CHECKABLE += (
    _nc("A16.4", "$t=5.884$, $p=1.43\\!\\times\\!10^{-8}$", _RUNS + " (nor the d.o.f. of the t-test)"),
    _nc("A16.4", "$0.778\\pm 0.033$", "the seed spread at the global peak: " + _RUNS),
    _nc(
        "A16.1",
        "$\\gamma^{*}\\!\\in\\![0.7,0.9]$",
        "a pre-registered prediction interval, stated without the computation that gave it",
    ),
    _nc(
        "A16.5",
        "from $\\sim 1.5$ at low $\\theta$ to $\\sim 0.4$ at high",
        "the theory's predicted gamma* range, stated without the computation that gave it",
    ),
    _nc("A16.5", "at $5$ representative", "the number of plotted slices, a plotting choice"),
    _nc(
        "A16.5",
        "down to $0.612$",
        "the tenth-best accuracy of Figure 55(F), not in Table 62 (its theta = 0.2194 row peaks at "
        "gamma* = 0.70 with 0.613): no printed number pins it",
    ),
    nc_cells(P, "61", CONFIG, row="$V$, $d_{\\mathrm{model}}$, $H$, $d_{\\mathrm{head}}$"),
    nc_cells(P, "61", CONFIG, row="Training"),
    nc_cells(P, "61", CONFIG, row="RoPE family"),
    nc_cells(
        P,
        "61",
        "wall-clock time on the authors' hardware; no relation printed in the paper constrains it",
        row="Wall time",
    ),
)

# --------------------------------------------------------------------------------------------
# A17 (H: the RoPE frequency design space)
# --------------------------------------------------------------------------------------------

#: Table 65: gamma row -> (acc, SEM, Delta) x (single, bandpass, multi); SEM held only at the peak row
T65 = {
    "$0.0$": ("11.1", None, None, "10.8", None, None, "11.6", None, None),
    "$0.3$": ("44.5", None, "+33.4", "43.8", None, "+33.0", "66.6", None, "+55.1"),
    "$0.5$": ("72.1", None, "+61.0", "72.2", None, "+61.4", "89.7", None, "+78.2"),
    "$0.7$": ("82.7", None, "+71.6", "82.3", None, "+71.5", "94.7", None, "+83.2"),
    "$1.0$": ("86.8", "0.2", "+75.7", "87.5", "0.3", "+76.7", "96.2", "0.2", "+84.7"),
    "$1.5$": ("83.0", None, "+71.9", "81.8", None, "+71.0", "94.4", None, "+82.9"),
    "$2.0$": ("71.0", None, "+60.0", "71.0", None, "+60.2", "86.4", None, "+74.9"),
}
#: Table 65's rows as printed (the row label, then each cell), whose text anchors its cells
_T65_ROWS = {
    "$0.0$": ("11.1", "0.3", "base", "10.8", "0.3", "base", "11.6", "0.2", "base"),
    "$0.3$": ("44.5", "0.6", "+33.4", "43.8", "1.0", "+33.0", "66.6", "0.8", "+55.1"),
    "$0.5$": ("72.1", "0.4", "+61.0", "72.2", "0.8", "+61.4", "89.7", "0.6", "+78.2"),
    "$0.7$": ("82.7", "0.5", "+71.6", "82.3", "0.2", "+71.5", "94.7", "0.4", "+83.2"),
    "$1.0$": tuple(
        f"\\mathbf{{{v}}}" for v in ("86.8", "0.2", "+75.7", "87.5", "0.3", "+76.7", "96.2", "0.2", "+84.7")
    ),
    "$1.5$": ("83.0", "1.0", "+71.9", "81.8", "1.3", "+71.0", "94.4", "1.0", "+82.9"),
    "$2.0$": ("71.0", "2.7", "+60.0", "71.0", "2.8", "+60.2", "86.4", "2.5", "+74.9"),
}


def _t65_anchor(row: str, j: int) -> str:
    """The anchor of cell ``j`` of Table 65's ``row``: as much of the row around it as prints its
    number once, so that with the number (or another of the row) changed it stays unique in §A17.4
    (a lone cell, ``\\t$11.1$``, matches any cell of the table once its digits are wildcarded)."""
    cells = [row] + [v if v == "base" else f"${v}$" for v in _T65_ROWS[row]]
    printed = T65[row][j]
    assert printed is not None
    k = j + 1
    lo, hi = k, k + 1
    while lo > 0 and printed not in "\t".join(cells[lo - 1 : hi]).replace(cells[k], "", 1):
        lo -= 1
    while hi < len(cells) and printed not in "\t".join(cells[lo : hi + 1]).replace(cells[k], "", 1):
        hi += 1
    return ("" if lo == 0 else "\t") + "\t".join(cells[lo:hi])


_T65_AT = {row: tuple(None if v is None else _t65_anchor(row, j) for j, v in enumerate(vs)) for row, vs in T65.items()}
T65_GAMMA = {k: (k.strip("$"),) for k in T65}
#: every SEM cell the claims do not hold (the three-seed spreads away from the peak)
_T65_SEM_NC = {
    "$0.0$": ("\t$11.1$\t$0.3$", "\t$10.8$\t$0.3$", "\t$11.6$\t$0.2$"),
    "$0.3$": ("\t$44.5$\t$0.6$", "\t$43.8$\t$1.0$", "\t$66.6$\t$0.8$"),
    "$0.5$": ("\t$72.1$\t$0.4$", "\t$72.2$\t$0.8$", "\t$89.7$\t$0.6$"),
    "$0.7$": ("\t$0.5$", "\t$82.3$\t$0.2$", "\t$94.7$\t$0.4$"),
    "$1.5$": ("\t$83.0$\t$1.0$", "\t$1.3$", "\t$94.4$\t$1.0$"),
    "$2.0$": ("\t$2.7$", "\t$2.8$", "\t$2.5$"),
}
A17_HEAD = {
    "intro_multi": "96.2",
    "intro_multi_sem": "0.2",
    "intro_single": "86.8",
    "intro_single_sem": "0.2",
    "multi": "96.2",
    "multi_sem": "0.2",
    "multi_g": "1.0",
    "multi_gain": "84.7",
    "band": "87.5",
    "band_sem": "0.3",
    "band_g": "1.0",
    "band_gain": "76.7",
    "single": "86.8",
    "single_sem": "0.2",
    "single_g": "1.0",
    "single_gain": "75.7",
    "all_g": "1.0",
    "adv_single": "9.4",
    "adv_band": "8.7",
    "why_g": "1.0",
    "why_g2": "2.0",
    "multi_at_2": "86.4",
    "multi_drop": "-9.8",
    "others_at_2": "71.0",
    "single_drop": "-15.8",
    "band_drop": "-16.5",
    "fig56_g": "1.0",
    "fig57_g": "1.0",
    "shift": "9",
    "calibrated_g": "1.0",
    "a11_multi": "96.2",
    "a11_single": "86.8",
    "base_g_intro": "0",
    "base_g_cap": "0",
    "base_g_head": "0",
}
#: §A17.4's headlines and §A17.5's drops, each whole: a sentence holds several located numbers and
#: shares its wording with the next (Peak $x\\pm y\\%$ at ...), so a shorter anchor with a number
#: changed (or wildcarded) matches more than one of them
_A17_MULTI = "wins. Peak $96.2\\pm 0.2\\%$ at $\\gamma=1.0$, gain $+84.7\\%$"
_A17_BAND = "second. Peak $87.5\\pm 0.3\\%$ at $\\gamma=1.0$, gain $+76.7\\%$"
_A17_SINGLE = "third. Peak $86.8\\pm 0.2\\%$ at $\\gamma=1.0$, gain $+75.7\\%$"
_A17_ADV = "peak: $+9.4\\%$ over single-frequency, $+8.7\\%$ over bandpass"
_A17_DROP = "(about $-15.8\\%$ and $-16.5\\%$)"
A17_HEAD_AT = (
    ("intro_multi", "A17", "($96.2\\pm 0.2\\%$ peak"),
    ("intro_multi_sem", "A17", "($96.2\\pm 0.2\\%$ peak"),
    ("intro_single", "A17", "versus $86.8\\pm 0.2\\%$ for"),
    ("intro_single_sem", "A17", "versus $86.8\\pm 0.2\\%$ for"),
    ("multi", "A17.4", _A17_MULTI),
    ("multi_sem", "A17.4", _A17_MULTI),
    ("multi_g", "A17.4", _A17_MULTI),
    ("multi_gain", "A17.4", _A17_MULTI),
    ("band", "A17.4", _A17_BAND),
    ("band_sem", "A17.4", _A17_BAND),
    ("band_g", "A17.4", _A17_BAND),
    ("band_gain", "A17.4", _A17_BAND),
    ("single", "A17.4", _A17_SINGLE),
    ("single_sem", "A17.4", _A17_SINGLE),
    ("single_g", "A17.4", _A17_SINGLE),
    ("single_gain", "A17.4", _A17_SINGLE),
    ("all_g", "A17.4", "inverted-U with peak at $\\gamma=1.0$."),
    ("adv_single", "A17.4", _A17_ADV),
    ("adv_band", "A17.4", _A17_ADV),
    ("why_g", "A17.5", "peaks at $\\gamma=1.0$ and falls"),
    ("why_g2", "A17.5", "at $\\gamma=2.0$ the multi"),
    ("multi_at_2", "A17.5", "accuracy is $86.4\\%$"),
    ("multi_drop", "A17.5", "(only $-9.8\\%$"),
    ("others_at_2", "A17.5", "fall to $71.0\\%$"),
    ("single_drop", "A17.5", _A17_DROP),
    ("band_drop", "A17.5", _A17_DROP),
    ("fig56_g", "A17.5", "all peaking at $\\gamma=1.0$"),
    ("fig57_g", "A17.5", "inverted-U with peak at $\\gamma=1.0$, but"),
    ("shift", "A17.5", "upward by $\\sim 9\\%$"),
    ("calibrated_g", "A17.5", "calibrated near $1.0$"),
    ("a11_multi", "A11.4", "($96.2\\%$ vs"),
    ("a11_single", "A11.4", "vs $86.8\\%$ peak"),
    ("base_g_intro", "A17.4", "65 records the H test accuracy and momentum gain (over $\\gamma=0$"),
    ("base_g_cap", "A17.4", "65: H test accuracy and momentum gain (over $\\gamma=0$"),
    ("base_g_head", "A17.4", "baselines ($\\gamma=0$)"),
)
#: Table 63 / 64 and the text: the design's size and the three spectra
A17_SPEC: dict[str, Any] = {
    "gammas": ("0.0", "0.3", "0.5", "0.7", "1.0", "1.5", "2.0"),
    "gamma_n": "7",
    "seeds": "3",
    "runs": "63",
    "dims": ("128", "4", "32"),
    "single_theta": "0.10",
    "band_center": "0.10",
    "band_b": "0.20",
    "dk": "32",
    "slots": "16",
    "single_min": "0.100000",
    "single_max": "0.100000",
    "single_ratio": "1.0",
    "band_min": "0.080000",
    "band_max": "0.120000",
    "band_ratio": "1.5",
    "multi_min": "0.000178",
    "multi_max": "1.000000",
    "multi_ratio": "5623.4",
    "ratio_text": "5600",
    "order_min": "10e-5",
    "order_2": "10e-3",
    "order_1": "10e-2",
    "order_max": "1",
    "span_lo": "10e-5",
    "span_hi": "1",
    "fig_bars": "16",
    "fig_theta": "0.1",
    "fig_ramp_lo": "0.08",
    "fig_ramp_hi": "0.12",
    "fig_lo": "10e-5",
    "fig_hi": "10e-1",
    "anchor_lo": "10e-5",
    "anchor_hi": "1",
    "epochs_intro": "60",
    "epochs_caption": "60",
    "epochs": "60",
    "base": "10000",
    "base_text": "10000",
    "dk_cap": "32",
    "slots_cap": "16",
    "layers": "3",
    "layers_text": "3",
}
A17_SPEC_AT = (
    ("seeds", "A17.2", "Seeds per configuration\t$3$"),
    ("runs", "A17.2", "Total runs\t$63$"),
    ("dims", "A17.2", "$128$, $4$, $32$, $256$", "128"),
    ("single_theta", "A17.2", "$0.10$\u2009rad /"),
    ("band_center", "A17.2", "/ $0.10,b{=}0.20$"),
    ("band_b", "A17.2", "$0.10,b{=}0.20$ /"),
    ("dk", "A17.3", "64 gives the H frequency spectrum properties at $d_{k}=32$", "32"),
    ("slots", "A17.3", "64 gives the H frequency spectrum properties at $d_{k}=32$ (so $16$", "16"),
    ("ratio_text", "A17.3", "of $\\sim 5600\\times$"),
    ("order_min", "A17.3", "rotating at $\\theta\\!\\sim\\!10^{-4}$", "10^{-4}"),
    ("order_2", "A17.3", "at $\\theta\\!\\sim\\!10^{-2}$", "10^{-2}"),
    ("order_1", "A17.3", "at $\\theta\\!\\sim\\!10^{-1}$", "10^{-1}"),
    ("order_max", "A17.3", "!1$ \u2014 all simultaneously"),
    ("span_lo", "A17.1", "spanning $\\sim 10^{-4}$", "10^{-4}"),
    ("span_hi", "A17.1", "to $\\sim 1$ \u2014"),
    ("fig_bars", "A17.5", "shows $16$ identical"),
    ("fig_theta", "A17.5", "bars at $\\theta=0.1$"),
    ("fig_ramp_lo", "A17.5", "ramp from $0.08$"),
    ("fig_ramp_hi", "A17.5", "to $0.12$ (limited"),
    ("fig_lo", "A17.5", "spread from $\\sim 10^{-4}$ to $10^{0}$", "10^{-4}"),
    ("fig_hi", "A17.5", "to $10^{0}$ (many", "10^{0}"),
    ("anchor_lo", "A17.5", "range $\\theta\\!\\sim\\!10^{-4}$ to", "10^{-4}"),
    ("anchor_hi", "A17.5", "to $\\sim 1$ to allocate"),
    ("epochs_intro", "A17", "three layers, $60$ epochs"),
    ("epochs_caption", "A17.2", "chain length, $60$ training epochs"),
    ("epochs", "A17.2", "Training\t$60$ epochs"),
    ("base", "A17.2", "/ $10\\,000$", "10\\,000"),
    ("base_text", "A17.1", "with base $10\\,000$", "10\\,000"),
    ("dk_cap", "A17.3", "64: H frequency spectrum properties at $d_{k}=32$"),
    ("slots_cap", "A17.3", "64: H frequency spectrum properties at $d_{k}=32$ (so $16$"),
    ("layers", "A17.2", "Architecture\t3-layer"),
    ("layers_text", "A17.4", "(longer-chain, 3-layer)"),
)

_T63_DIMS = "$d_{\\mathrm{model}}$, $H$, $d_{\\mathrm{head}}$, $d_{\\mathrm{ff}}$"
LOCATORS += (
    _row_cells("A17.table65", "t65", "A17.4", T65, _T65_AT)
    + _texts4("A17.table65", "text", A17_HEAD, A17_HEAD_AT)
    + _texts4("A17.spectrum", "spec", A17_SPEC, tuple(e for e in A17_SPEC_AT if e[0] != "dims"))
    + (
        t(P, "A17.spectrum", "spec['dims'][0]", "128", "A17.2", "$128$, $4$"),
        t(P, "A17.spectrum", "spec['dims'][1]", "4", "A17.2", "$128$, $4$"),
        t(P, "A17.spectrum", "spec['dims'][2]", "32", "A17.2", "$4$, $32$"),
        t(P, "A17.spectrum", "spec['gamma_n']", "7", "A17.2", "$\\gamma$ grid (7)"),
    )
    + tuple(
        t(P, "A17.spectrum", f"spec['gammas'][{i}]", g, "A17.2", "\\{" + ",".join(A17_SPEC["gammas"][: i + 1]))
        for i, g in enumerate(A17_SPEC["gammas"])
    )
    + tuple(
        t(P, "A17.spectrum", f"spec[{k!r}]", A17_SPEC[k], "A17.3", anchor)
        for k, anchor in (
            ("single_min", "Single-frequency\t$0.100000$"),
            ("single_max", "00000$\t$0.100000$\t$1.0"),
            ("single_ratio", "$1.0\\!\\times$"),
            ("band_min", "$0.080000$"),
            ("band_max", "$0.120000$"),
            ("band_ratio", "$1.5\\!\\times$"),
            ("multi_min", "$0.000178$"),
            ("multi_max", "$1.000000$"),
        )
    )
    + (t(P, "A17.spectrum", "spec['multi_ratio']", "5{,}623.4", "A17.3", "$5{,}623.4\\!\\times$"),)
    + tuple(
        Locator(
            P,
            "A17.table65",
            f"gammas[{k!r}][0]",
            v[0],
            section="A17.4",
            anchor=_t65_anchor(k, 0),
        )
        for k, v in T65_GAMMA.items()
    )
)
NOT_CHECKABLE += tuple(
    _nc("A17.4", anchor, "the three-seed SEM of one cell: the seeds are not printed and no relation constrains it")
    for anchors in _T65_SEM_NC.values()
    for anchor in anchors
) + (
    nc_cells(P, "63", CONFIG, row=_T63_DIMS),
    nc_cells(P, "63", CONFIG, row="Vocabulary"),
    nc_cells(P, "63", CONFIG, row="Chain length $L$"),
    nc_cells(P, "63", CONFIG, row="Max sequence length"),
    nc_cells(P, "63", CONFIG, row="Dataset"),
    nc_cells(P, "63", CONFIG, row="Training"),
    _nc(
        "A17.4",
        "within $\\sim 1\\%$ of chance",
        "chance accuracy of this task is not printed, so the distance of the baselines from it cannot be recomputed",
    ),
    _nc(
        "A17.5",
        "$\\gamma\\!\\in\\![0.7,1.5]$ provides",
        "a deployment recommendation, not a measured quantity; no printed relation decides its bounds",
    ),
)

# --------------------------------------------------------------------------------------------
# A13 (F1: the bandpass exploratory scan)
# --------------------------------------------------------------------------------------------

T55_GAMMAS = ("0.00", "0.25", "0.50", "0.75", "1.00", "1.50", "2.00", "3.00")
T55_COLS = tuple(f"${g}$" for g in T55_GAMMAS)
#: Table 55: theta row -> accuracy at each gamma; the bold cells (row maxima as printed)
T55 = {
    "$\\theta=2.00$": ("0.75", "0.80", "0.80", "0.82", "0.82", "0.75", "0.72", "0.56"),
    "$\\theta=1.00$": ("0.71", "0.75", "0.80", "0.80", "0.79", "0.76", "0.68", "0.54"),
    "$\\theta=0.50$": ("0.69", "0.79", "0.79", "0.78", "0.79", "0.76", "0.70", "0.55"),
    "$\\theta=0.25$": ("0.70", "0.76", "0.80", "0.80", "0.79", "0.75", "0.68", "0.55"),
    "$\\theta=0.10$": ("0.67", "0.80", "0.87", "0.89", "0.88", "0.77", "0.73", "0.57"),
    "$\\theta=0.05$": ("0.68", "0.82", "0.91", "0.95", "0.93", "0.85", "0.74", "0.57"),
}
T55_BOLD = {
    "$\\theta=2.00$": (3, 4),
    "$\\theta=1.00$": (2, 3),
    "$\\theta=0.50$": (2, 4),
    "$\\theta=0.25$": (2, 3),
    "$\\theta=0.10$": (3,),
    "$\\theta=0.05$": (3,),
}
T55_THETA = {k: (k.split("=")[1].rstrip("$"),) for k in T55}
A13_CFG_TEXT = {"width": "20", "points": "48", "b": "0.2", "cap_points": "48", "sec_points": "48"}
A13_TEXT: dict[str, Any] = {
    "peak_theta": "0.05",
    "peak_gamma": "0.75",
    "peak": "0.95",
    "cap_theta": "0.05",
    "cap_gamma": "0.75",
    "cap_peak": "0.95",
    "best_theta": "0.05",
    "except_gamma": "3.0",
    "collapse_lo": "0.55",
    "collapse_hi": "0.57",
    "surf_theta": "0.05",
    "surf_gamma": "0.75",
    "surf_peak": "0.95",
    "climb_from": "0",
    "argmax_lo": "0.5",
    "argmax_hi": "1.0",
    "col3": "3",
    "range_lo": "0.54",
    "range_hi": "0.57",
    "shallow_t1": "2.0",
    "shallow_t2": "1.0",
    "shallow_lo": "0.80",
    "shallow_hi": "0.82",
    "base_1": "0.75",
    "base_2": "0.71",
    "sharp_theta": "0.05",
    "sharp_peak": "0.95",
    "sharp_base": "0.68",
    "sharp_gain": "27",
    "flat_g": "3.0",
    "flat_lo": "0.54",
    "flat_hi": "0.57",
    "fig_theta": ("0.05", "0.10", "0.25", "0.50", "1.00", "2.00"),
    "fig_gamma": ("0.0", "0.25", "0.5", "0.75", "1.0", "1.5", "2.0", "3.0"),
    "fig_cell_theta": "0.05",
    "fig_cell_gamma": "0.75",
    "fig_cell": "0.95",
    "fig_corner": "3.0",
    "fig_collapse": "0.55",
    "head_theta": "0.05",
    "head_gamma": "0.75",
    "head_peak": "0.95",
    "head_collapse": "3.0",
    "a14_theta": "0.05",
    "a14_gamma": "0.75",
    "a14_peak": "95",
    "a15_peak": "0.95",
}
A13_CFG_TEXT_AT = (
    ("width", "A13", "$\\pm 20\\%$"),
    ("points", "A13", "the $48$-point scan"),
    ("b", "A13.1", "at $b=0.2$ avoids"),
    ("sec_points", "A13.3", "The 48-point accuracy"),
    ("cap_points", "A13.3", "full 48-point accuracy"),
)
A13_TEXT_AT = (
    ("peak_theta", "A13", "=(0.05,0.75)$ with accuracy $0.95$. [L3"),
    ("peak_gamma", "A13", "=(0.05,0.75)$ with accuracy $0.95$. [L3"),
    ("peak", "A13", "accuracy $0.95$. [L3"),
    ("cap_theta", "A13.3", "=(0.05,0.75)$ at $0.95$."),
    ("cap_gamma", "A13.3", "=(0.05,0.75)$ at $0.95$."),
    ("cap_peak", "A13.3", "=(0.05,0.75)$ at $0.95$."),
    ("best_theta", "A13.3", "tested ($\\theta=0.05$)"),
    ("except_gamma", "A13.3", "except $\\gamma=3.0$"),
    ("collapse_lo", "A13.3", "$\\sim 0.55$\u2013$0.57$"),
    ("collapse_hi", "A13.3", "$\\sim 0.55$\u2013$0.57$"),
    ("surf_theta", "A13.3", "=(0.05,0.75)$ with accuracy $0.95$. This"),
    ("surf_gamma", "A13.3", "=(0.05,0.75)$ with accuracy $0.95$. This"),
    ("surf_peak", "A13.3", "=(0.05,0.75)$ with accuracy $0.95$. This"),
    ("climb_from", "A13.4", "climbs from $\\gamma=0$"),
    ("argmax_lo", "A13.4", "[0.5,1.0]$ across"),
    ("argmax_hi", "A13.4", "[0.5,1.0]$ across"),
    ("col3", "A13.4", "At $\\gamma=3$, every"),
    ("range_lo", "A13.4", "range $[0.54,0.57]$"),
    ("range_hi", "A13.4", "range $[0.54,0.57]$"),
    ("shallow_t1", "A13.4", "At $\\theta=2.0$ and"),
    ("shallow_t2", "A13.4", "and $\\theta=1.0$, the"),
    ("shallow_lo", "A13.4", "$0.80$\u2013$0.82$ against"),
    ("shallow_hi", "A13.4", "$0.80$\u2013$0.82$ against"),
    ("base_1", "A13.4", "baselines $0.75,0.71$"),
    ("base_2", "A13.4", "baselines $0.75,0.71$"),
    ("sharp_theta", "A13.4", "At $\\theta=0.05$, the peak"),
    ("sharp_peak", "A13.4", "peak reaches $0.95$"),
    ("sharp_base", "A13.4", "baseline $0.68$"),
    ("sharp_gain", "A13.4", "$+27$"),
    ("flat_g", "A13.4", "The $\\gamma=3.0$ column"),
    ("flat_lo", "A13.4", "flat ($0.54$\u2013$0.57$)"),
    ("flat_hi", "A13.4", "flat ($0.54$\u2013$0.57$)"),
    ("fig_cell_theta", "A13.4", "is $(0.05,0.75)=0.95$"),
    ("fig_cell_gamma", "A13.4", "is $(0.05,0.75)=0.95$"),
    ("fig_cell", "A13.4", "is $(0.05,0.75)=0.95$"),
    ("fig_corner", "A13.4", "corner ($\\gamma=3.0$)"),
    ("fig_collapse", "A13.4", "uniformly to $\\sim 0.55$"),
    ("head_theta", "A13.4", "Peak: $(\\theta,\\gamma)=(0.05,0.75)$ at"),
    ("head_gamma", "A13.4", "Peak: $(\\theta,\\gamma)=(0.05,0.75)$ at"),
    ("head_peak", "A13.4", "(0.05,0.75)$ at $0.95$. Inverted"),
    ("head_collapse", "A13.4", "$\\gamma=3.0$ collapse universal"),
    ("a14_theta", "A14.1", "F1\u2019s peak at $(\\theta,\\gamma)=(0.05,0.75)$"),
    ("a14_gamma", "A14.1", "F1\u2019s peak at $(\\theta,\\gamma)=(0.05,0.75)$"),
    ("a14_peak", "A14.1", "than F1\u2019s $95\\%$"),
    ("a15_peak", "A15.2", "bandpass peak of $0.95$"),
)
_A13_LISTS_AT = (
    ("fig_theta", "A13.4", "\\theta\\!\\in\\!\\{"),
    ("fig_gamma", "A13.4", "\\gamma\\!\\in\\!\\{"),
)
#: Table 54: the scan's configuration as printed
T54: dict[str, Any] = {
    "theta_n": "6",
    "thetas": ("0.05", "0.10", "0.25", "0.50", "1.00", "2.00"),
    "gamma_n": "8",
    "gammas": ("0.00", "0.25", "0.50", "0.75", "1.00", "1.50", "2.00", "3.00"),
    "runs": "48",
    "b": "0.2",
    "dims": ("64", "4", "16"),
    "chain": "8",
    "seq": "17",
}

_T54_P, _T54_V = "Parameter", "Value"
LOCATORS += (
    grid(P, "A13.table55", "t55", "55", T55_COLS, T55)
    + grid(P, "A13.table55", "thetas", "55", ("$\\theta\\backslash\\gamma$",), T55_THETA)
    + tuple(
        t(P, "A13.table55", f"gammas[{j}]", g, "A13.3", "$\\theta\\backslash\\gamma$\t" + "\t".join(T55_COLS[: j + 1]))
        for j, g in enumerate(T55_GAMMAS)
    )
    + _texts4("A13.table55", "text", A13_TEXT, A13_TEXT_AT)
    + _texts4("A13.config", "text", A13_CFG_TEXT, A13_CFG_TEXT_AT)
    + tuple(
        t(P, "A13.table55", f"text[{k!r}][{i}]", A13_TEXT[k][i], sec, pre + ",".join(A13_TEXT[k][: i + 1]))
        for k, sec, pre in _A13_LISTS_AT
        for i in range(len(A13_TEXT[k]))
    )
    + (
        Locator(
            P, "A13.config", "t54['theta_n']", "6", table="54", row="Center frequencies $\\theta$ (6)", column=_T54_P
        ),
        Locator(
            P, "A13.config", "t54['gamma_n']", "8", table="54", row="Momentum couplings $\\gamma$ (8)", column=_T54_P
        ),
        Locator(P, "A13.config", "t54['runs']", "48", table="54", row="Total runs", column=_T54_V),
        Locator(P, "A13.config", "t54['b']", "0.2", table="54", row="RoPE family", column=_T54_V),
        Locator(P, "A13.config", "t54['chain']", "8", table="54", row="Chain length $L$", column=_T54_V, nth=(0, 2)),
        Locator(P, "A13.config", "t54['seq']", "17", table="54", row="Chain length $L$", column=_T54_V, nth=(1, 2)),
        t(P, "A13.config", "t54['dims'][0]", "64", "A13.2", "$64$, $4$"),
        t(P, "A13.config", "t54['dims'][1]", "4", "A13.2", "$4$, $16$"),
        t(P, "A13.config", "t54['dims'][2]", "16", "A13.2", "$4$, $16$"),
    )
    + tuple(
        Locator(
            P,
            "A13.config",
            f"t54['thetas'][{i}]",
            v,
            table="54",
            row="Center frequencies $\\theta$ (6)",
            column=_T54_V,
            nth=(i, 6),
        )
        for i, v in enumerate(T54["thetas"])
    )
    + tuple(
        Locator(
            P,
            "A13.config",
            f"t54['gammas'][{i}]",
            v,
            table="54",
            row="Momentum couplings $\\gamma$ (8)",
            column=_T54_V,
            nth=(i, 8),
        )
        for i, v in enumerate(T54["gammas"])
    )
)
NOT_CHECKABLE += (nc_cells(P, "54", CONFIG, row="Optimizer"),)

# --------------------------------------------------------------------------------------------
# A14 (F2: the granular sweep)
# --------------------------------------------------------------------------------------------

#: Table 57 (two blocks of gamma / mean / std side by side): gamma -> (mean acc, std)
T57 = {
    "0.00": ("0.356", "0.002"),
    "0.10": ("0.393", "0.005"),
    "0.20": ("0.428", "0.004"),
    "0.30": ("0.472", "0.008"),
    "0.40": ("0.511", "0.015"),
    "0.50": ("0.546", "0.021"),
    "0.60": ("0.578", "0.031"),
    "0.70": ("0.593", "0.032"),
    "0.80": ("0.599", "0.037"),
    "0.90": ("0.593", "0.041"),
    "1.00": ("0.581", "0.046"),
    "1.20": ("0.545", "0.053"),
    "1.65": ("0.484", "0.050"),
    "2.10": ("0.436", "0.033"),
    "2.55": ("0.407", "0.034"),
    "3.00": ("0.380", "0.026"),
}
_T57_RIGHT = ("0.90", "1.00", "1.20", "1.65", "2.10", "2.55", "3.00")


def _t57_anchors(g: str) -> tuple[str, str, str]:
    """The anchors of a Table 57 entry's gamma, mean and std: as much of its line (two entries side by
    side) around the cell as prints the number once, so that with it (or another number of the line)
    changed it stays unique in §A14.2 (``$0.593$\\t$0.032$`` does not, with the digits wildcarded)."""
    left = [k for k in T57 if k not in _T57_RIGHT]
    i = left.index(g) if g in left else _T57_RIGHT.index(g)
    keys = [left[i]] + ([_T57_RIGHT[i]] if i < len(_T57_RIGHT) and g != "0.80" else [])
    plain = g == "0.80"  # the last line prints without math
    cells = [x if plain else f"${x}$" for k in keys for x in (k, *T57[k])]
    out = []
    for j, printed in enumerate((g, *T57[g])):
        c = 3 * keys.index(g) + j
        lo, hi = c, c + 1
        while lo > 0 and printed not in "\t".join(cells[lo - 1 : hi]).replace(cells[c], "", 1):
            lo -= 1
        while hi < len(cells) and printed not in "\t".join(cells[lo : hi + 1]).replace(cells[c], "", 1):
            hi += 1
        out.append(("" if lo == 0 else "\t") + "\t".join(cells[lo:hi]))
    return out[0], out[1], out[2]


#: Table 58: theta -> (peak accuracy, at gamma (one value, or the two ends of a range))
T58 = {
    "$0.030$": ("0.599", ("0.80",)),
    "$0.080$": ("0.57", ("0.70",)),
    "$0.300$": ("0.43", ("0.4", "1.0")),
    "$3.000$": ("0.49", ("0.80",)),
}
T56: dict[str, Any] = {
    "thetas_n": "15",
    "theta_lo": "0.03",
    "theta_hi": "3.0",
    "gammas_n": "16",
    "fine_n": "11",
    "fine": ("0.0", "0.1", "1.0"),
    "coarse_n": "5",
    "coarse": ("1.2", "1.65", "2.10", "2.55", "3.0"),
    "seeds_n": "3",
    "runs": "720",
    "configs": "240",
    "dims": ("64", "4", "16"),
    "b": "0.2",
}
_T56_AT = (
    ("thetas_n", None, "$\\theta$ grid (15 log-spaced)", "Parameter", None),
    ("theta_lo", None, "$\\theta$ grid (15 log-spaced)", "Value", (0, 2)),
    ("theta_hi", None, "$\\theta$ grid (15 log-spaced)", "Value", (1, 2)),
    ("gammas_n", None, "$\\gamma$ grid (16 values)", "Parameter", None),
    ("seeds_n", None, "Seeds per point", "Value", (0, 4)),
    ("runs", None, "Total runs / unique configs", "Value", (0, 2)),
    ("configs", None, "Total runs / unique configs", "Value", (1, 2)),
    ("b", None, "RoPE family", "Value", None),
)
_T56_TEXT_AT = (
    ("fine_n", "A14.1", "16 values)\t11 fine"),
    ("fine", 0, "A14.1", "fine ($0.0,"),
    ("fine", 1, "A14.1", "fine ($0.0,0.1,"),
    ("fine", 2, "A14.1", "\\ldots,1.0$) +"),
    ("coarse_n", "A14.1", "+ 5 coarse"),
    # the whole list: a changed number leaves the others' anchors found (wildcarded)
    ("coarse", 0, "A14.1", "coarse ($1.2,1.65,2.10,2.55,3.0$)"),
    ("coarse", 1, "A14.1", "coarse ($1.2,1.65,2.10,2.55,3.0$)"),
    ("coarse", 2, "A14.1", "coarse ($1.2,1.65,2.10,2.55,3.0$)"),
    ("coarse", 3, "A14.1", "coarse ($1.2,1.65,2.10,2.55,3.0$)"),
    ("coarse", 4, "A14.1", "coarse ($1.2,1.65,2.10,2.55,3.0$)"),
    ("dims", 0, "A14.1", "$128$, $64$, $4$, $16$"),
    ("dims", 1, "A14.1", "$, $4$, $16$"),
    ("dims", 2, "A14.1", "$128$, $64$, $4$, $16$"),
)
A14_TEXT = {
    "h_runs": "720",
    "h_configs": "240",
    "i_thetas": "15",
    "i_gammas": "16",
    "i_runs": "720",
    "i_theta": "0.030",
    "i_gamma": "0.80",
    "i_peak": "0.599",
    "i_sd": "0.037",
    "cfg_configs": "240",
    "b_theta": "0.0300",
    "b_gamma": "0.80",
    "b_peak": "0.599",
    "b_sd": "0.037",
    "b_max": "0.599",
    "b_min": "0.338",
    "b_runs": "720",
    "ceiling": "60",
    "loc_theta": "0.03",
    "loc_gamma": "0.80",
    "t57_theta": "0.0300",
    "t57_heading": "0.0300",
    "t57_cap_theta": "0.0300",
    "t57_cap_peak": "0.80",
    "rise_from": "0.356",
    "rise_from_g": "0",
    "rise_to": "0.599",
    "rise_to_g": "0.80",
    "fall_to": "0.380",
    "fall_to_g": "3.0",
    "sd_from": "0.002",
    "sd_from_g": "0",
    "sd_max": "0.053",
    "sd_max_g": "1.2",
    "mono_theta": "0.3",
    "fig50_theta": "0.3",
    "wrap_theta": "3.000",
    "fig50_wrap": "3.0",
    "wrap_deg": "180",
    "a16_runs": "2000",
    "f_runs": "720",
    "f_theta": "0.030",
    "f_gamma": "0.80",
    "f_peak": "0.599",
    "f_sd": "0.037",
    "f_configs": "240",
    "f_max": "0.599",
    "f_min": "0.338",
    "half_power": "1.05",
    "tc_intro": "0.2",
    "tc_fig51": "0.2",
    "tc_head": "0.2",
    "tc_anchor": "0.2",
    "tc_band": "0.2",
    "mean_1": "0.439",
    "mean_2": "0.439",
    "wall_text": "18.6",
    "wall_table": "18.6",
}
A14_TEXT_AT = (
    ("h_runs", "A14", "sweep: 720 runs"),
    ("h_configs", "A14", "240 configurations (F2)"),
    ("i_thetas", "A14", "rigor: 15 log-spaced"),
    ("i_gammas", "A14", "thetas, 16 gammas"),
    ("i_runs", "A14", "$720$ training runs. The"),
    ("i_theta", "A14", "=(0.030,0.80)$ with accuracy $0.599\\pm 0.037$. The cut"),
    ("i_gamma", "A14", "=(0.030,0.80)$ with accuracy $0.599\\pm 0.037$. The cut"),
    ("i_peak", "A14", "accuracy $0.599\\pm 0.037$. The cut"),
    ("i_sd", "A14", "accuracy $0.599\\pm 0.037$. The cut"),
    ("cfg_configs", "A14.1", "the 240-configuration surface"),
    ("b_theta", "A14.1", "=(0.0300,0.80)$ at"),
    ("b_gamma", "A14.1", "=(0.0300,0.80)$ at"),
    ("b_peak", "A14.1", "at $0.599\\pm 0.037$ over"),
    ("b_sd", "A14.1", "at $0.599\\pm 0.037$ over"),
    ("b_max", "A14.1", "accuracy: $0.599$ /"),
    ("b_min", "A14.1", "/ $0.338$ /"),
    ("b_runs", "A14.1", "Total models trained: $720$"),
    ("ceiling", "A14.1", "at $\\sim 60\\%$"),
    ("loc_theta", "A14.1", "=(0.03,0.80)$ \u2014"),
    ("loc_gamma", "A14.1", "=(0.03,0.80)$ \u2014"),
    ("t57_heading", "A14.2", "peak column ($\\theta=0.0300$)"),
    ("t57_theta", "A14.2", "57 records the F2 $\\gamma$-sweep at the peak frequency $\\theta=0.0300$"),
    ("t57_cap_theta", "A14.2", "57: F2 $\\gamma$-sweep at the peak frequency $\\theta=0.0300$"),
    ("t57_cap_peak", "A14.2", "with peak at $\\gamma=0.80$."),
    ("rise_from", "A14.2", "from $0.356$ at $\\gamma=0$"),
    ("rise_from_g", "A14.2", "$\\gamma=0$ to"),
    ("rise_to", "A14.2", "to $0.599$ at $\\gamma=0.80$"),
    ("rise_to_g", "A14.2", "to $0.599$ at $\\gamma=0.80$"),
    ("fall_to", "A14.2", "to $0.380$ at $\\gamma=3.0$"),
    ("fall_to_g", "A14.2", "to $0.380$ at $\\gamma=3.0$"),
    ("sd_from", "A14.2", "($0.002$ at $\\gamma=0$)"),
    ("sd_from_g", "A14.2", "at $\\gamma=0$)"),
    ("sd_max", "A14.2", "to $0.053$ around $\\gamma=1.2$"),
    ("sd_max_g", "A14.2", "to $0.053$ around $\\gamma=1.2$"),
    ("mono_theta", "A14.3", "decreasing with $\\theta$ for $\\theta\\!\\leq\\!0.3$."),
    ("fig50_theta", "A14.3", "$\\theta\\!\\leq\\!0.3$; $\\theta=3.0$"),
    ("fig50_wrap", "A14.3", "$\\theta=3.0$ shows"),
    ("wrap_theta", "A14.3", "The $\\theta=3.000$ recovery"),
    ("wrap_deg", "A14.3", "$180^{\\circ}$"),
    ("a16_runs", "A14.3", "2,000-experiment", "2,000"),
    ("f_runs", "A14.3", "footing: $720$"),
    ("f_theta", "A14.3", "is at $(\\theta,\\gamma)=(0.030,0.80)$ with"),
    ("f_gamma", "A14.3", "is at $(\\theta,\\gamma)=(0.030,0.80)$ with"),
    ("f_peak", "A14.3", "with accuracy $0.599\\pm 0.037$. Cut"),
    ("f_sd", "A14.3", "with accuracy $0.599\\pm 0.037$. Cut"),
    ("f_configs", "A14.3", "across $240$ unique"),
    ("f_max", "A14.3", "configurations: $0.599$ /"),
    ("f_min", "A14.3", "/ $0.338$ / $0.439$. The shape"),
    ("half_power", "A14.3", "\\approx 1.05$"),
    ("tc_intro", "A14", "is at $\\theta_{c}\\!\\approx\\!0.2$"),
    ("tc_fig51", "A14.3", "around $\\theta\\!\\approx\\!0.2$ \u2014"),
    ("tc_head", "A14.3", "Cut-off frequency $\\theta_{c}\\!\\approx\\!0.2$"),
    ("tc_anchor", "A14.3", "cut-off $\\theta_{c}\\!\\approx\\!0.2$\u2009rad is"),
    ("tc_band", "A14.3", "$\\theta\\!\\leq\\!0.2$, indicating"),
    ("mean_1", "A14.1", "/ $0.439$."),
    ("mean_2", "A14.3", "/ $0.439$. The shape"),
    ("wall_text", "A14.1", "Wall time: $18.6$"),
    ("wall_table", "A14.1", "Wall time\t$18.6$"),
)

T57_GAMMA = {g: g for g in T57}
LOCATORS += (
    tuple(
        loc
        for g in T57
        for loc in (
            t(P, "A14.table57", f"gammas[{g!r}]", g, "A14.2", _t57_anchors(g)[0]),
            t(P, "A14.table57", f"t57[{g!r}][0]", T57[g][0], "A14.2", _t57_anchors(g)[1]),
            t(P, "A14.table57", f"t57[{g!r}][1]", T57[g][1], "A14.2", _t57_anchors(g)[2]),
        )
    )
    + tuple(
        Locator(P, "A14.table57", f"t58[{k!r}][0]", v[0], table="58", row=k, column="peak accuracy")
        for k, v in T58.items()
    )
    + tuple(
        Locator(
            P, "A14.table57", f"t58[{k!r}][1][{i}]", x, table="58", row=k, column="at $\\gamma$", nth=(i, len(v[1]))
        )
        for k, v in T58.items()
        for i, x in enumerate(v[1])
    )
    + tuple(
        Locator(P, "A14.table57", f"t58_theta[{k!r}]", k.strip("$"), table="58", row=k, column="$\\theta$") for k in T58
    )
    + _cells("A14.table57", "t56", "56", T56, _T56_AT)
    + tuple(
        t(P, "A14.table57", f"t56[{e[0]!r}]", T56[e[0]], e[1], e[2])
        if len(e) == 3
        else t(P, "A14.table57", f"t56[{e[0]!r}][{e[1]}]", T56[e[0]][e[1]], e[2], e[3])
        for e in _T56_TEXT_AT
    )
    + _texts4("A14.table57", "text", A14_TEXT, A14_TEXT_AT)
)
T58_THETA = {k: k.strip("$") for k in T58}
NOT_CHECKABLE += (
    nc_cells(P, "56", "the seed identifiers of the runs, configuration inputs no check uses", row="Seeds per point"),
    _nc(
        "A14.3",
        "([0.03,0.2],[0.4,1.5])",
        "the region inside the 0.5-contour of Figure 49's heatmap, which the paper does not print",
    ),
    _nc("A14.3", "$\\theta\\!\\in\\![1,3]$ is the", "a band of Figure 49's heatmap, which the paper does not print"),
)

# --------------------------------------------------------------------------------------------
# A15 (F3: the monochromatic control)
# --------------------------------------------------------------------------------------------

T60_COLS = (
    "$\\theta$ (rad)",
    "$\\gamma{=}0.1$",
    "$\\gamma{=}0.5$",
    "$\\gamma{=}1.0$",
    "$\\gamma{=}2.0$",
    "$\\gamma{=}4.0$",
)
#: Table 60: wavelength row -> (theta, accuracy at each gamma); the bold cells (row maxima as printed)
T60 = {
    "$2$": ("3.14", "0.46", "0.62", "0.60", "0.42", "0.33"),
    "$4$": ("1.57", "0.46", "0.49", "0.51", "0.40", "0.27"),
    "$8$": ("0.78", "0.48", "0.53", "0.50", "0.41", "0.30"),
    "$16$": ("0.39", "0.51", "0.51", "0.51", "0.42", "0.29"),
    "$32$": ("0.19", "0.48", "0.55", "0.52", "0.40", "0.31"),
    "$64$": ("0.09", "0.46", "0.59", "0.60", "0.41", "0.28"),
}
T60_BOLD = {"$2$": (1,), "$4$": (2,), "$8$": (1,), "$16$": (0, 1, 2), "$32$": (1,), "$64$": (2,)}
T60_LAMBDA = {k: (k.strip("$"),) for k in T60}
T59: dict[str, Any] = {
    "lambda_n": "6",
    "lambdas": ("2", "4", "8", "16", "32", "64"),
    "thetas": ("3.14", "1.57", "0.78", "0.39", "0.19", "0.09"),
    "gamma_n": "5",
    "gammas": ("0.1", "0.5", "1.0", "2.0", "4.0"),
    "runs": "30",
}
A15_TEXT = {
    "cap": "0.62",
    "width": "20",
    "heading": "30",
    "e1_l": "2",
    "e1_t": "3.14",
    "e1_g": "0.5",
    "e1": "0.62",
    "e2_l": "64",
    "e2_t": "0.09",
    "e2_g": "1.0",
    "e2": "0.60",
    "mid": ("4", "8", "16", "32"),
    "mid_lo": "0.50",
    "mid_hi": "0.55",
    "peak_lo": "0.60",
    "peak_hi": "0.62",
    "res_l": "2",
    "res_g": "0.5",
    "res": "0.62",
    "f_l1": "2",
    "f_g1": "0.5",
    "f_1": "0.62",
    "f_l2": "64",
    "f_g2": "1.0",
    "f_2": "0.60",
    "f_col": "4.0",
    "f_lo": "0.27",
    "f_hi": "0.33",
    "anchor_cap": "0.62",
}
A15_TEXT_AT = (
    ("cap", "A15", "at $\\sim 0.62$ and"),
    ("width", "A15.1", "$\\pm 20\\%$ window"),
    ("heading", "A15.2", "the 30-point accuracy"),
    ("e1_l", "A15.2", "$(\\lambda=2,\\theta=3.14"),
    ("e1_t", "A15.2", "$(\\lambda=2,\\theta=3.14,\\gamma=0.5)=0.62$"),
    ("e1_g", "A15.2", "$(\\lambda=2,\\theta=3.14,\\gamma=0.5)=0.62$"),
    ("e1", "A15.2", "$(\\lambda=2,\\theta=3.14,\\gamma=0.5)=0.62$"),
    ("e2_l", "A15.2", "$(\\lambda=64,\\theta=0.09,\\gamma=1.0)=0.60$"),
    ("e2_t", "A15.2", "$(\\lambda=64,\\theta=0.09,\\gamma=1.0)=0.60$"),
    ("e2_g", "A15.2", "$(\\lambda=64,\\theta=0.09,\\gamma=1.0)=0.60$"),
    ("e2", "A15.2", "$(\\lambda=64,\\theta=0.09,\\gamma=1.0)=0.60$"),
    ("mid_lo", "A15.2", "range $0.50$"),
    ("mid_hi", "A15.2", "$0.55$."),
    ("peak_lo", "A15.2", "$\\sim$$0.60$"),
    ("peak_hi", "A15.2", "$0.60$\u2013$0.62$, far"),
    ("res_l", "A15.2", "The $(\\lambda=2,"),
    ("res_g", "A15.2", "The $(\\lambda=2,\\gamma=0.5)=0.62$ peak"),
    ("res", "A15.2", "The $(\\lambda=2,\\gamma=0.5)=0.62$ peak"),
    ("f_l1", "A15.2", "visible at $(\\lambda=2,"),
    ("f_g1", "A15.2", "visible at $(\\lambda=2,\\gamma=0.5)=0.62$"),
    ("f_1", "A15.2", "visible at $(\\lambda=2,\\gamma=0.5)=0.62$"),
    ("f_l2", "A15.2", "and $(\\lambda=64,\\gamma=1.0)=0.60$. The"),
    ("f_g2", "A15.2", "and $(\\lambda=64,\\gamma=1.0)=0.60$. The"),
    ("f_2", "A15.2", "and $(\\lambda=64,\\gamma=1.0)=0.60$. The"),
    ("f_col", "A15.2", "The $\\gamma=4.0$ column"),
    ("f_lo", "A15.2", "to $0.27$"),
    ("f_hi", "A15.2", "$0.33$, consistent"),
    ("anchor_cap", "A15.2", "performance at $\\sim 0.62$"),
)

T60_HDR = ("0.1", "0.5", "1.0", "2.0", "4.0")
LOCATORS += (
    grid(P, "A15.table60", "t60", "60", T60_COLS, T60)
    + grid(P, "A15.table60", "lambdas", "60", ("wavelength",), T60_LAMBDA)
    + tuple(t(P, "A15.table60", f"hdr[{i}]", g, "A15.2", f"\\gamma{{=}}{g}$") for i, g in enumerate(T60_HDR))
    + _texts4("A15.table60", "text", {k: v for k, v in A15_TEXT.items() if k != "mid"}, A15_TEXT_AT)
    + tuple(
        t(P, "A15.table60", f"text['mid'][{i}]", v, "A15.2", "\\{" + ",".join(A15_TEXT["mid"][: i + 1]))
        for i, v in enumerate(A15_TEXT["mid"])
    )
    + tuple(
        t(P, "A15.table60", f"t59[{k!r}][{i}]", v, "A15.2", "\\{" + ",".join(T59[k][: i + 1]))
        for k in ("lambdas", "thetas", "gammas")
        for i, v in enumerate(T59[k])
    )
    + (
        Locator(P, "A15.table60", "t59['lambda_n']", "6", table="59", row="Wavelength grid (6)", column="Parameter"),
        Locator(P, "A15.table60", "t59['gamma_n']", "5", table="59", row="$\\gamma$ grid (5)", column="Parameter"),
        Locator(P, "A15.table60", "t59['runs']", "30", table="59", row="Total runs", column="Value"),
    )
)
NOT_CHECKABLE += ()

# --------------------------------------------------------------------------------------------
# A11-A12 (the Tranche 1 summary and the Tranche 2 overview): numbers restated from elsewhere
# --------------------------------------------------------------------------------------------

#: key -> the number as A11/A12 print it
A11_REP = {
    "t1_runs": "4600",
    "total_runs": "9377",
    "beta_opt": "0",
    "hp_pp": "0.4",
    "law_c": "4.17",
    "law_r2": "0.947",
    "law_L": "14",
    "law_L30": "30",
    "key_only": "0.949",
    "asym": "0.875",
    "sym": "0.811",
    "precision": "10e-8",
    "law_c_2": "4.17",
    "law_L_2": "14",
    "law_L30_2": "30",
    "gstar_a5": "4",
    "a14_runs": "720",
    "t2_reason_runs": "4578",
    "cot_gain": "60.6",
    "nat_gain": "74",
    "p_mt": "4.5e-3",
    "pt_runs": "2880",
    "icl": "-52.5",
    "icl_L": "30",
    "m91": "91.7",
    "m300": "300",
    "a12_m300": "300",
    "a12_t2": "4700",
    "a12_t1": "4600",
    "a12_sum": "9300",
    "a12_extra": "77",
    "a12_x1": "49",
    "a12_x2": "17",
    "a12_x3": "11",
    "a12_total": "9377",
    "a12_t": "-2.910",
    "a12_p": "4.51e-3",
    "a12_L10": "10",
    "a12_L30": "30",
    "a12_icl": "-52.5",
    "a12_r": "0.9865",
    "a12_points": "13",
    "a12_m91": "91.7",
    "a12_nulls": "450",
    "a12_m300_2": "300",
    "a12_dm_lo": "64",
    "a12_dm_hi": "128",
    "a12_layers_lo": "1",
    "a12_layers_hi": "3",
    "a12_ep_lo": "8",
    "a12_ep_hi": "60",
    "a12_m91_2": "91.7",
    "a12_m300_3": "300",
    "a12_plus": "+4.1",
    "a12_icl_2": "-52.5",
    "a16_r": "0.9966",
    "a16_post_lo": "0.939",
    "a16_post_hi": "0.965",
    "icl_m": "4.45",
    "icl_dm": "256",
    "icl_layers": "4",
    "icl_steps": "10000",
    "icl_seqs": "50000",
    "icl_len": "512",
    "gpt_layers": "12",
    "gpt_heads": "12",
    "gpt_dm": "768",
    "gpt_vocab": "8192",
    "pe_steps": "10000",
    "pe_flu": "90",
    "pe_logic": "10",
    "clip": "1.0",
    "beta_tr": "0",
    "sweep_steps": "10000",
}
_SIM = "$\\sim$\u00a0$"
A11_REP_AT = (
    ("t1_runs", "A11.1", "approximately $4{,}600$", "4{,}600"),
    ("total_runs", "A11.1", "$9{,}377$ itemised", "9{,}377"),
    ("beta_opt", "A11.1", "$\\beta=0$ is optimal"),
    ("hp_pp", "A11.1", "within $0.4$"),
    ("law_c", "A11.1", "$\\gamma^{*}(N)=4.17/N"),
    ("law_r2", "A11.1", "($R^{2}=0.947$)"),
    ("law_L", "A11.1", "holds at $L=14$; at"),
    ("law_L30", "A11.1", "at $L=30$ the law breaks"),
    ("key_only", "A11.1", "first at $0.949$"),
    ("asym", "A11.1", "asymmetric at $0.875$"),
    ("sym", "A11.1", "symmetric at $0.811$"),
    ("precision", "A11.1", "precision $10^{-7}$", "10^{-7}"),
    ("law_c_2", "A11.2", "$\\gamma^{*}=4.17/N"),
    ("law_L_2", "A11.2", "holds at $L=14$ where"),
    ("law_L30_2", "A11.2", "at $L=30$ the budget"),
    ("gstar_a5", "A11.4", "induction at $\\gamma^{*}\\!\\approx\\!4$"),
    ("a14_runs", "A11.4", "a $720$-run"),
    ("t2_reason_runs", "A11.4", "spanning $4{,}578$", "4{,}578"),
    ("cot_gain", "A11.4", "($+60.6$", "+60.6"),
    ("nat_gain", "A11.4", "(peak $+74$", "+74"),
    ("p_mt", "A11.4", "$p=4.5\\!\\times\\!10^{-3}$", "4.5\\!\\times\\!10^{-3}"),
    ("pt_runs", "A11.4", "exhaustive $2{,}880$-run", "2{,}880"),
    ("icl", "A11.4", "a $-52.5\\%$ regression"),
    ("icl_L", "A11.4", "at chain length $30$"),
    ("m91", "A11.4", "on a $91.7$M-parameter"),
    ("m300", "A11.4", "$300$M parameters where"),
    ("a12_m300", "A12", "trade-offs at $\\sim$\u00a0$300$M"),
    ("a12_t2", "A12", "Approximately $4{,}700$", "4{,}700"),
    ("a12_t1", "A12", "\u2019s $\\sim$\u00a0$4{,}600$", "4{,}600"),
    ("a12_sum", "A12", "$9{,}300$;", "9{,}300"),
    ("a12_extra", "A12", "a further $77$"),
    ("a12_x1", "A12", "($49+17+11$)"),
    ("a12_x2", "A12", "($49+17+11$)"),
    ("a12_x3", "A12", "($49+17+11$)"),
    ("a12_total", "A12", "roughly $9{,}377$ runs", "9{,}377"),
    ("a12_t", "A12", "($t=-2.910$"),
    ("a12_p", "A12", "$p=4.51\\!\\times\\!10^{-3}$ on", "4.51\\!\\times\\!10^{-3}"),
    ("a12_L10", "A12", "from $L\\!=\\!10$"),
    ("a12_L30", "A12", "to $L\\!=\\!30$"),
    ("a12_icl", "A12", "deliver the $-52.5\\%$"),
    ("a12_r", "A12", "$r=0.9865$"),
    ("a12_points", "A12", "a $13$-point"),
    ("a12_m91", "A12", "on a $91.7$M-parameter model that"),
    ("a12_nulls", "A12", "$450$"),
    ("a12_m300_2", "A12", "fluency at $300$M"),
    ("a12_dm_lo", "A12", "=64$ to $128$"),
    ("a12_dm_hi", "A12", "=64$ to $128$"),
    ("a12_layers_lo", "A12", "$1$ to $3$ layers"),
    ("a12_layers_hi", "A12", "$1$ to $3$ layers"),
    ("a12_ep_lo", "A12", "for $8$\u2013$60$"),
    ("a12_ep_hi", "A12", "$8$\u2013$60$ epochs"),
    ("a12_m91_2", "A12", "uses a $91.7$M-parameter GPT"),
    ("a12_m300_3", "A12", "tests use $\\sim$\u00a0$300$M"),
    ("a12_plus", "A12", "flips a $+4.1\\%$"),
    ("a12_icl_2", "A12", "into a $-52.5\\%$ improvement"),
    ("a16_r", "A16.5", "up to $0.9966$"),
    ("a16_post_lo", "A16.5", "$0.939$\u2013$0.965$"),
    ("a16_post_hi", "A16.5", "$0.939$\u2013$0.965$"),
    ("icl_m", "A12", "TinyLlama-style $4.45$M"),
    ("icl_dm", "A12", "=256$, $4$ layers"),
    ("icl_layers", "A12", "=256$, $4$ layers"),
    ("icl_steps", "A12", "trained for $10{,}000$ steps on a $50", "10{,}000"),
    ("icl_seqs", "A12", "$50{,}000$-sequence", "50{,}000"),
    ("icl_len", "A12", "length-$512$"),
    ("gpt_layers", "A12", "($12$ layers"),
    ("gpt_heads", "A12", "$12$ heads"),
    ("gpt_dm", "A12", "=768$"),
    ("gpt_vocab", "A12", "vocabulary $8{,}192$", "8{,}192"),
    ("pe_steps", "A12", "trained for $10{,}000$ steps on a $90", "10{,}000"),
    ("pe_flu", "A12", "$90\\%$-fluency"),
    ("pe_logic", "A12", "$10\\%$-logic"),
    ("clip", "A12", "\\leq\\!1.0$"),
    ("beta_tr", "A12", "momentum ($\\beta=0$)"),
    ("sweep_steps", "A12", "over $10{,}000$ training", "10{,}000"),
)
LOCATORS += _texts4("A11.repeats", "text", A11_REP, A11_REP_AT)
NOT_CHECKABLE += ()
NOT_CHECKABLE += (
    _nc(
        "A16.5",
        "Top-$10$ frequencies summary \u2014 all at $\\gamma^{*}=0.8$",
        "Figure 55(F)'s ranking of the top ten frequencies: under Table 62 the tenth row (theta = 0.2194) "
        "peaks at gamma* = 0.70, so the figure ranks by a quantity the paper does not print",
    ),
    _nc("A14.3", "The $0.5$-contour", "a contour level of Figure 49's heatmap, which the paper does not print"),
)

# --------------------------------------------------------------------------------------------
# F2 and F3 'identical to F1': the configurations of Tables 56 and 59 against Table 54's
# --------------------------------------------------------------------------------------------

F_SAME: dict[str, Any] = {
    "t54_V": "128",
    "t54_samples": "2000",
    "t54_batch": "128",
    "t54_epochs": "8",
    "t54_lr": "10e-4",
    "t56_V": "128",
    "t56_samples": "2000",
    "t56_batch": "128",
    "t56_epochs": "8",
    "t56_lr": "10e-4",
    "t56_L": "8",
    "t59_dims": ("64", "4", "16"),
    "t59_V": "128",
    "t59_L": "8",
}
_TR = "Training"
LOCATORS += (
    Locator(P, "A14.identical", "same_['t54_V']", "128", table="54", row="Vocabulary size", column="Value"),
    Locator(P, "A14.identical", "same_['t54_samples']", "2000", table="54", row=_TR, column="Value", nth=(0, 3)),
    Locator(P, "A14.identical", "same_['t54_batch']", "128", table="54", row=_TR, column="Value", nth=(1, 3)),
    t(P, "A14.identical", "same_['t54_epochs']", "8", "A13.2", "$8$ epochs"),
    Locator(P, "A14.identical", "same_['t54_lr']", "10^{-3}", table="54", row="Optimizer", column="Value", nth=(0, 2)),
    Locator(
        P,
        "A14.identical",
        "same_['t56_V']",
        "128",
        table="56",
        row="$V$, $d_{\\mathrm{model}}$, $H$, $d_{\\mathrm{head}}$",
        column="Value",
        nth=(0, 4),
    ),
    Locator(P, "A14.identical", "same_['t56_samples']", "2000", table="56", row=_TR, column="Value", nth=(0, 4)),
    Locator(P, "A14.identical", "same_['t56_batch']", "128", table="56", row=_TR, column="Value", nth=(1, 4)),
    t(P, "A14.identical", "same_['t56_epochs']", "8", "A14.1", "$8$ epochs, AdamW"),
    Locator(P, "A14.identical", "same_['t56_lr']", "10^{-3}", table="56", row=_TR, column="Value", nth=(3, 4)),
    Locator(P, "A14.identical", "same_['t56_L']", "8", table="56", row="Chain length $L$", column="Value"),
    Locator(
        P,
        "A14.identical",
        "same_['t59_dims'][0]",
        "64",
        table="59",
        row="$d_{\\mathrm{model}}$, $H$, $d_{\\mathrm{head}}$",
        column="Value",
        nth=(0, 3),
    ),
    t(P, "A14.identical", "same_['t59_dims'][1]", "4", "A15.2", "$4$, $16$"),
    Locator(
        P,
        "A14.identical",
        "same_['t59_dims'][2]",
        "16",
        table="59",
        row="$d_{\\mathrm{model}}$, $H$, $d_{\\mathrm{head}}$",
        column="Value",
        nth=(2, 3),
    ),
    Locator(
        P,
        "A14.identical",
        "same_['t59_V']",
        "128",
        table="59",
        row="Vocabulary, chain length",
        column="Value",
        nth=(0, 2),
    ),
    t(P, "A14.identical", "same_['t59_L']", "8", "A15.2", "$L=8$"),
)
NOT_CHECKABLE += (
    nc_cells(
        P,
        "56",
        "part of the accelerator's product name (A100-SXM4-40 GB), not a reported number",
        row="Wall time",
    ),
)
