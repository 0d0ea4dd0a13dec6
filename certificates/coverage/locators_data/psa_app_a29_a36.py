"""Printed data, locators and not-checkable declarations of the main paper's Appendix A29-A36
(issue 27).

The tables' printed values are held here ONCE, as dicts of printed strings: they are the default
claims of the certificates of :mod:`certificates.psa.appendix_a29_a36`, and the locators below are
built from the same dicts (``grid``), so that claim and locator cannot drift.  Numbers in running
text that a relation reads are held in ``*_TEXT`` dicts (key -> tuple of printed occurrences), each
occurrence with its place in ``*_WHERE`` (same key -> tuple of (section, anchor) pairs).

Claim form: a printed decimal as the text prints it ("+0.0342", "-52.5" for "$-52.5\\%$"); a
scientific form as a plain exponent ("5.3e2" for ``5.3\\!\\cdot\\!10^{2}``, located by its
mantissa); an integer with a thousands separator without it ("50000" for ``50{,}000``, located by
the printed text).
"""

from __future__ import annotations

from typing import Mapping, Optional, Sequence

from ..locators import Locator, NotCheckable
from ._common import grid as _grid
from ._common import nc_cells as _nc_cells
from ._common import nc_text as _nc_text
from ._common import set_ as _set
from ._common import t as _t
from ._common import tab as _tab
from .psa_app_a18_a28 import T90_PEAK as _T90_PEAK

P = "psa"


def _printed(value: str) -> str:
    """The text a claim value is located by: the mantissa of a scientific form ("5.3e2" -> "5.3";
    "1e-4" is located as "10^{-4}"), else the value itself."""
    if "e" in value:
        mant, _, exp = value.partition("e")
        return f"10^{{{int(exp)}}}" if mant == "1" else mant
    return value


def _texts(
    cert: str, claim: str, values: Mapping[str, Sequence[str]], where: Mapping[str, Sequence[tuple[str, ...]]]
) -> tuple[Locator, ...]:
    """Locators of ``claim[key][i]`` at ``where[key][i]`` = (section, anchor[, printed text])."""
    out = []
    for key, occ in values.items():
        if key not in where:  # located elsewhere (a table cell)
            continue
        places = where[key]
        if len(places) != len(occ):
            raise ValueError(f"{cert} {claim}[{key!r}]: {len(occ)} values for {len(places)} places")
        for i, (v, place) in enumerate(zip(occ, places)):
            sec, anchor = place[0], place[1]
            printed = place[2] if len(place) > 2 else _printed(v)
            out.append(_t(P, cert, f"{claim}[{key!r}][{i}]", printed, sec, anchor))
    return tuple(out)


def _cells(
    cert: str, claim: str, table: str, columns: Sequence[str], values: Mapping[str, Sequence[Optional[str]]]
) -> tuple[Locator, ...]:
    """``grid`` for cells whose claim form differs from the text (scientific forms): one locator per
    cell, by the cell's printed mantissa."""
    out = []
    for row, cells in values.items():
        for j, v in enumerate(cells):
            if v is not None:
                out.append(_tab(P, cert, f"{claim}[{row!r}][{j}]", _printed(v), table, row, columns[j]))
    return tuple(out)


# =====================================================================================================
# A29: the L = 30 anchored stress test (certificate A29.stress)
# =====================================================================================================

A29 = "A29.stress"
_LNEW, _LSEC, _LREP, _D12 = (
    "$L_{\\mathrm{new}}$",
    "$L_{\\mathrm{second}}$",
    "$L_{\\mathrm{rep}}$",
    "$\\Delta_{1\\!-\\!2}$",
)
#: Table 101: metric -> (baseline, momentum, Delta = momentum - baseline)
T101 = {
    _LNEW: ("6.9860", "7.0202", "+0.0342"),
    _LSEC: ("2.3598", "1.2309", "-1.1289"),
    _LREP: ("1.7451", "0.8288", "-0.9163"),
    _D12: ("4.6262", "5.7893", "+1.1632"),
}
T101_COLS = ("Baseline ($\\gamma=0$)", "Momentum ($\\gamma=0.2$)", "$\\Delta$")
#: Table 102, column Measured (H1 also the threshold in its statement)
T102 = {"H1": ("15", "0.5"), "H2": (None, "-52.5"), "H3": (None, "+1.1632"), "H4": ("0.0523", "+0.9163")}
T102_COLS = ("Statement", "Measured")
#: Table 103: depth -> (baseline, momentum, Delta = baseline - momentum)
T103 = {
    f"${k}$": v
    for k, v in enumerate(
        (
            ("6.9860", "7.0202", "-0.0342"),
            ("2.3598", "1.2309", "+1.1289"),
            ("1.5645", "0.6515", "+0.9131"),
            ("1.4266", "0.5334", "+0.8931"),
            ("1.4771", "0.5769", "+0.9002"),
            ("1.2770", "0.5402", "+0.7368"),
            ("1.1380", "0.4574", "+0.6806"),
            ("1.3824", "0.6976", "+0.6848"),
            ("1.4497", "0.9268", "+0.5228"),
            ("1.4844", "1.1171", "+0.3673"),
            ("1.6779", "1.2919", "+0.3861"),
            ("1.6054", "1.3333", "+0.2721"),
            ("1.2531", "1.1189", "+0.1342"),
            ("1.3996", "1.3215", "+0.0781"),
            ("1.4931", "1.4315", "+0.0616"),
            ("1.3910", "1.2029", "+0.1881"),
            ("1.4156", "1.4137", "+0.0019"),
            ("1.3429", "1.2467", "+0.0963"),
            ("1.4331", "1.3785", "+0.0546"),
            ("1.3668", "1.3132", "+0.0536"),
        )
    )
}
T103_COLS = ("Baseline", "Momentum", "$\\Delta$ (B$-$M)")
_AVG = "Average improvement (depth $1$–$19$):"
_DEEP = "Deep-chain improvement ($k\\!\\geq\\!10$):"
#: Table 103, the two summary rows: (first depth, last depth, mean) and (first depth, mean)
T103_SUMMARY = {"average": ("1", "19", "+0.4060"), "deep": ("10", "+0.1327")}
#: Depth labels of Table 103 (the independent variable of "wins at every depth")
T103_DEPTHS = tuple(str(k) for k in range(20))

A29_TEXT: dict[str, tuple[str, ...]] = {
    # "Tripling the chain length from L=10 to L=30"
    "triple": ("10", "30"),
    # per-hop fidelity p: 95% (twice), and the base of p^L (twice)
    "hop_pct": ("95", "95"),
    "hop": ("0.95", "0.95"),
    # p^10 ~ 60%, p^30 ~ 21.5%
    "p10": ("60",),
    "p30": ("21.5",),
    # L_rep baseline and momentum, printed again (caption, intro, A29.4, box)
    "rep_base": ("1.7451", "1.7451", "1.75", "1.75", "1.75"),
    "rep_mom": ("0.8288", "0.8288", "0.83", "0.83", "0.83"),
    # L_new momentum and baseline printed again (A29.4)
    "new_mom": ("7.02",),
    "new_base": ("6.99",),
    # the relative change of L_rep (Table 102 H2 and its repeats)
    "rep_pct": ("-52.5", "-52.5", "-52.5", "-52.5", "-52.5", "-52.5", "-52.5", "-52.5", "-52.5"),
    "rep_pct_t122": ("-52.5",),
    "rep_drop": ("52.5",),
    # "wins at every depth 1 through 19", "only depth 0 goes to baseline, by 0.03 nats"
    "wins": ("1", "19", "1", "19", "1", "19", "1", "19"),
    "depth0": ("0", "0.03"),
    # caption of Table 103: deep-chain and average improvement
    "deep": ("+0.133",),
    "average": ("+0.406",),
}
A29_WHERE = {
    "triple": (("A29", "from $L=10$ to"), ("A29", "$L=10$ to $L=30$ is")),
    "hop_pct": (("A29", "fidelity $\\sim 95\\%$)"), ("A29.1", "approximately $95\\%$")),
    "hop": (("A29.1", "L=10\\to 0.95^{10}"), ("A29.1", "L=30\\to 0.95^{30}")),
    "p10": (("A29.1", "\\approx 60\\%"),),
    "p30": (("A29.1", "\\approx 21.5\\%"),),
    "rep_base": (
        ("A29.2", "from $1.7451$ to $0.8288$."),
        ("A29", "drops from $1.7451$ to"),
        ("A29.4", "average $L_{\\mathrm{rep}}=1.75$"),
        ("A29.4", "from $1.75$ to $0.83$"),
        ("A33.3", "=1.75\\to"),
    ),
    "rep_mom": (
        ("A29.2", "to $0.8288$."),
        ("A29", "to $0.8288$ ($-52.5"),
        ("A29.4", "achieves $L_{\\mathrm{rep}}=0.83$"),
        ("A29.4", "$1.75$ to $0.83$"),
        ("A33.3", "=1.75\\to 0.83$"),
    ),
    "new_mom": (("A29.4", "$L_{\\mathrm{new}}=7.02$"),),
    "new_base": (("A29.4", "baseline’s $6.99$"),),
    "rep_pct": (
        ("A29", "($-52.5\\%$); all four"),
        ("A29.4", "stress test: $-52.5\\%$ in"),
        ("A29.4", "($-52.5\\%$), all four"),
        ("A30.4", "against $-52.5\\%$"),
        ("A30.5", "improvement $-52.5\\%$; H1"),
        ("A33.3", "nats, $-52.5\\%$, with"),
        ("A33.3", "placement gives $-52.5\\%$"),
        ("A35.3", "delivers the $-52.5\\%$"),
        ("A35.5", "to a $-52.5\\%$ improvement"),
    ),
    "rep_drop": (("A29.4", "collapses by $52.5\\%$"),),
    "wins": (
        ("A29", "model wins at every chain depth $1$", "1"),
        ("A29", "depth $1$ through $19$. [", "19"),
        ("A29.3", "every depth $1$ through", "1"),
        ("A29.3", "through $19$ (only", "19"),
        ("A29.4", "every chain depth $1$ through", "1"),
        ("A29.4", "through $19$. $L", "19"),
        ("A33.3", "every chain depth $1$ through", "1"),
        ("A33.3", "through $19$.", "19"),
    ),
    "depth0": (("A29.3", "only depth $0$ goes", "0"), ("A29.3", "by $0.03$")),
    "deep": (("A29.3", "alone $+0.133$"),),
    "average": (("A29.3", "average $+0.406$"),),
}
#: the chain length L = 30 wherever the text restates the stress test's setting
A29_L30 = (
    ("A29", "At $L=30$, the baseline (per"),
    ("A29.1", "At $L=30$, the baseline should"),
    ("A29.2", "gives $L=30$ anchored"),
    ("A29.2", "Table 101: $L=30$"),
    ("A29.2", "records the hypothesis verdict, $L=30$"),
    ("A29.2", "Hypothesis verdict, $L=30$. All"),
    ("A29.3", "lists per-depth loss on $L=30$"),
    ("A29.3", "Per-depth loss on $L=30$"),
    ("A29.3", "displays $L=30$"),
    ("A29.3", "Figure 77: $L=30$"),
    ("A29.4", "The $L=30$ result"),
    ("A29.4", "induction on $30$-hop"),
    ("A29.4", "$L=30$ stress test: $-52.5"),
    ("A29.4", "anchored $30$-hop"),
    ("A29.4", "The $L=30$ chain-length"),
    ("A29", "stress test at $L=30$: principal"),
    ("A33.3", "the $L=30$ stress test"),
)

LOCATORS: tuple[Locator, ...] = (
    _grid(P, A29, "t101", "101", T101_COLS, T101)
    + _grid(P, A29, "t102", "102", T102_COLS, T102)
    + _grid(P, A29, "t103", "103", T103_COLS, T103)
    + (
        _t(P, A29, "t103_summary['average'][0]", "1", "A29.3", "(depth $1$–"),
        _t(P, A29, "t103_summary['average'][1]", "19", "A29.3", "–$19$):"),
        _tab(P, A29, "t103_summary['average'][2]", "+0.4060", "103", _AVG, "Winner"),
        _t(P, A29, "t103_summary['deep'][0]", "10", "A29.3", "\\geq\\!10$):"),
        _tab(P, A29, "t103_summary['deep'][1]", "+0.1327", "103", _DEEP, "Winner"),
    )
    + tuple(_set(P, A29, f"depths[{k}]", f"{k}", "A29.3", f"${k}$\t$") for k in range(20))
    + _texts(A29, "text", A29_TEXT, A29_WHERE)
    + tuple(_set(P, A29, "L", "30", sec, anchor) for sec, anchor in A29_L30)
    + (
        _tab(P, A29, "text['rep_pct_t122'][0]", "-52.5", "122", "Cor.\u00a041 (post-RoPE placement)", "Evidence"),
        _set(P, A29, "L10", "10", "A33.3", "sign at $L=10$"),
        Locator(P, A29, "L10", "10", table="102", row="H4", column="Statement", setting=True),
    )
)

_COUPLING = (
    "the coupling of the momentum arm or of the baseline, a configuration input of the experiment; no "
    "relation printed in the paper constrains it"
)
NOT_CHECKABLE: tuple[NotCheckable, ...] = (
    _nc_text(P, "A29.2", "Baseline ($\\gamma=0$)\tMomentum ($\\gamma=0.2$)", _COUPLING),
    _nc_text(P, "A29.4", "PSA at $\\gamma=0.2$", _COUPLING),
)

# =====================================================================================================
# A30: the placement contrast (certificate A30.placement)
# =====================================================================================================

A30 = "A30.placement"
#: Table 104: metric -> (baseline, momentum, Delta = momentum - baseline); the improvement row
T104 = {
    _LNEW: ("7.1026", "7.2029", "+0.1003"),
    _LREP: ("1.1446", "1.1910", "+0.0464"),
    _D12: ("5.9580", "6.0119", "+0.0539"),
}
T104_COLS = ("Baseline ($\\gamma=0$)", "Momentum ($\\gamma=0.2$)", "$\\Delta$ (M$-$B)")
_IMPROVE = "Improvement $(L_{\\mathrm{rep}}^{B}-L_{\\mathrm{rep}}^{M})/L_{\\mathrm{rep}}^{B}$:"
T104_IMPROVEMENT = "-4.1"
#: Table 105: quantity -> (baseline, momentum)
T105 = {
    "DC component": ("98.98", "95.93"),
    "Nyquist component": ("38.07", "31.81"),
    "DC / Nyquist ratio": ("2.60", "3.015"),
}
T105_COLS = ("Baseline ($\\gamma=0$)", "Momentum ($\\gamma=0.2$)")
#: Table 106, the DC columns: layer -> (DC baseline, DC momentum)
T106 = {
    "$0$": ("96.46", "98.99"),
    "$1$": ("200.40", "168.71"),
    "$2$": ("457.82", "221.18"),
    "$3$": ("844.17", "600.45"),
}
T106_COLS = ("DC (baseline)", "DC (momentum)")
#: Table 107, column Measured
T107 = {"H(a)": ("2.60",), "H(b)": ("3.015",), "H(c)": ("-4.1",)}
#: Table 108: metric -> (A29 base, A29 mom, B base, B mom); the improvement row (A29, B)
T108 = {
    _LNEW: ("6.9860", "7.0202", "6.9860", "7.0202"),
    _LREP: ("1.7451", "0.8288", "1.7451", "0.8288"),
    _D12: ("4.6262", "5.7893", "4.6262", "5.7893"),
    "$L_{\\mathrm{rep}}$ improvement": ("-52.5", None, "-52.5", None),
}
T108_COLS = ("\u00a7A29 Base", "\u00a7A29 Mom", "B Base", "B Mom")
#: §A30.4, the untitled table of the two gamma = 0 baselines: metric -> (notebook A, notebook B, difference)
A304 = {
    "L_new": ("7.1026", "6.9860", "0.1166"),
    "L_rep": ("1.1446", "1.7451", "0.6005"),
    "D12": ("5.9580", "4.6262", "1.3318"),
}
_A304_ROWS = {"L_new": _LNEW, "L_rep": _LREP, "D12": _D12}
#: Table 109: entropy (baseline, momentum), Delta-entropy, r
T109 = {"Spectral entropy $H$": ("6.2159", "6.2354"), "$\\Delta$-entropy (M$-$B)": ("+0.0196", None)}
T109_COLS = ("Baseline", "Momentum")

A30_TEXT: dict[str, tuple[str, ...]] = {
    # the L_rep regression of notebook A, printed as a positive regression
    "regression": ("+4.1", "+4.1", "+4.1", "+4.1", "+4.1", "+4.1"),
    "regression_t122": ("+4.1",),
    # r = 0.9865, printed in many places; "99% correlated"
    "r": ("0.9865",) * 7,
    "r_t109": ("0.9865",),
    "r_t122": ("0.9865",),
    "r_pct": ("99",),
    # Table 105's caption: the ratios printed again
    "ratio_caption": ("2.60", "3.015"),
    # Table 106's caption: DC baseline at layer 0 and 3
    "dc_caption": ("96", "844"),
    # §A30.4: the L_rep discrepancy
    "discrepancy": ("0.60",),
    # §A30.1: d_model, heads, d_head
    "heads": ("256", "8", "32"),
}
A30_WHERE = {
    "regression": (
        ("A30", "produces a $+4.1\\%$"),
        ("A30.4", "$+4.1\\%$ against"),
        ("A30.5", "improvement $+4.1\\%$ regression"),
        ("A33.3", "gives a $+4.1\\%$"),
        ("A33.4", "A30): $+4.1\\%$"),
        ("A35.5", "from a $+4.1\\%$ regression"),
    ),
    "r": (
        ("A30", "correlation of $r=0.9865$"),
        ("A30.4", "at $r=0.9865$, the"),
        ("A30.5", "correlation $r=0.9865$."),
        ("A30.5", "behavior to $r=0.9865$."),
        ("A33.3", "correlation $r=0.9865$."),
        ("A35.5", "(with $r=0.9865$"),
        ("A36.3", "$r=0.9865$ on the attention"),
    ),
    "r_pct": (("A30.4", "is $99\\%$ correlated"),),
    "ratio_caption": (("A30.2", "from $2.60$ (baseline)"), ("A30.2", "to $3.015$ (momentum)")),
    "dc_caption": (("A30.2", "(96 $\\to$ 844)", "96"), ("A30.2", "$\\to$ 844)", "844")),
    "discrepancy": (("A30.4", "discrepancy of $0.60$"),),
    "heads": (
        ("A30.1", "$d_{\\mathrm{model}}=256$"),
        ("A30.1", "4 layers, 8 heads", "8"),
        ("A30.1", "$d_{\\mathrm{head}}=32$"),
    ),
}

_T122_PROP13 = "Proposition\u00a013 (spectral transfer function)"
_T122_COR41 = "Cor.\u00a041 (post-RoPE placement)"

LOCATORS += (
    _grid(P, A30, "t104", "104", T104_COLS, T104)
    + (_tab(P, A30, "t104_improvement", "-4.1", "104", _IMPROVE, "$\\Delta$ (M$-$B)"),)
    + _grid(P, A30, "t105", "105", T105_COLS, T105)
    + _grid(P, A30, "t106", "106", T106_COLS, T106)
    + tuple(
        Locator(P, A30, f"layers[{k}]", str(k), table="106", row=f"${k}$", column="Layer", setting=True)
        for k in range(4)
    )
    + _grid(P, A30, "t107", "107", ("Measured",), T107)
    + _grid(P, A30, "t108", "108", T108_COLS, T108)
    + tuple(
        _t(P, A30, f"a304[{key!r}][{j}]", v, "A30.4", f"{_A304_ROWS[key]}\t${row[0]}$\t${row[1]}$\t${row[2]}$")
        for key, row in A304.items()
        for j, v in enumerate(row)
    )
    + _grid(P, A30, "t109", "109", T109_COLS, T109)
    + _texts(A30, "text", A30_TEXT, A30_WHERE)
    + (
        _tab(P, A30, "text['regression_t122'][0]", "+4.1", "122", _T122_COR41, "Evidence"),
        _tab(P, A30, "text['r_t122'][0]", "0.9865", "122", _T122_PROP13, "Evidence"),
        _tab(P, A30, "text['r_t109'][0]", "0.9865", "109", "Theory–experiment correlation", "Baseline"),
    )
)

_CONFIG = (
    "a training-configuration input of the experiment (data set, model or schedule size); no certificate "
    "uses it and no relation printed in the paper constrains it"
)
NOT_CHECKABLE += (
    _nc_text(P, "A30", "the two $\\gamma=0$ baselines disagree", _COUPLING),
    _nc_text(P, "A30", "because at $\\gamma=0$ the shear", _COUPLING),
    _nc_text(P, "A30.1", "($L=30$, vocabulary $1{,}000$, anchor token $999$, $50{,}000$ sequences)", _CONFIG),
    _nc_text(P, "A30.1", "4 layers,", _CONFIG),
    _nc_text(P, "A30.1", "($8{,}000$ steps, batch $32$, AdamW", _CONFIG),
    _nc_text(P, "A30.1", "$3\\!\\times\\!10^{-4}$, $500$ warmup", _CONFIG),
    _nc_text(P, "A30.1", "the same $\\gamma=0.2$.", _COUPLING),
    _nc_text(P, "A30.2", "Baseline ($\\gamma=0$)\tMomentum ($\\gamma=0.2$)\t$\\Delta$ (M$-$B)", _COUPLING),
    _nc_cells(
        P,
        "105",
        "the range of the measured sensitivity S[t] of one trained model (a single measurement); no relation "
        "printed in the paper constrains it",
        row="Sensitivity range",
    ),
    _nc_cells(
        P,
        "106",
        "a Nyquist component of one trained model's layer-wise spectrum (a single measurement); the text draws "
        "no relation on the Nyquist columns",
        column="Nyq (baseline)",
    ),
    _nc_cells(
        P,
        "106",
        "a Nyquist component of one trained model's layer-wise spectrum (a single measurement); the text draws "
        "no relation on the Nyquist columns",
        column="Nyq (momentum)",
    ),
    _nc_text(P, "A30.2", "reports the ICL metrics on anchored $L=30$", _CONFIG),
    _nc_text(P, "A30.2", "Table 104: ICL metrics on anchored $L=30$", _CONFIG),
    _nc_text(P, "A30.2", "Quantity\tBaseline ($\\gamma=0$)\tMomentum ($\\gamma=0.2$)", _COUPLING),
    _nc_text(
        P,
        "A30.2",
        "gives the Notebook A: spectral biopsy at Layer\u00a0$0$",
        "the index of the layer the biopsy measures (where the measurement is taken, not a result); no relation "
        "constrains it",
    ),
    _nc_text(
        P,
        "A30.2",
        "Table 105: Notebook A: spectral biopsy at Layer\u00a0$0$",
        "the index of the layer the biopsy measures (where the measurement is taken, not a result); no relation "
        "constrains it",
    ),
    _nc_text(P, "A30.4", "report a $\\gamma=0$ baseline. Under either placement the shear at $\\gamma=0$", _COUPLING),
    _nc_text(P, "A30.4", "$\\gamma=0$ baseline\tnotebook", _COUPLING),
)

# =====================================================================================================
# A31.1-A31.5: the 13-point low-coupling sweep (certificate A31.sweep)
# =====================================================================================================

A31S = "A31.sweep"
T111_COLS = ("$\\gamma$", "Fluency loss", "Logic loss", "$|\\det J-1|^{\\dagger}$", "Energy ratio $R$", "$\\kappa(J)$")
#: Table 111: row label -> (gamma, fluency, logic, |det J - 1|, R, kappa)
T111: dict[str, tuple[Optional[str], ...]] = {
    "$0$": ("0", "7.9926", "0.6934", "1.0000", "0.552", "5.3e2"),
    "$10^{-4}$": ("1e-4", "7.9838", "0.6934", "1.0000", "0.544", "4.0e2"),
    "$2{\\cdot}10^{-4}$": ("2e-4", "7.9910", "0.6934", "1.0000", "0.450", "2.0e7"),
    "$5{\\cdot}10^{-4}$": ("5e-4", "7.9795", "0.6934", "1.0000", "0.461", "1.6e2"),
    "$10^{-3}$": ("1e-3", "7.9672", "0.6934", "1.0000", "0.543", "2.0e3"),
    "$2{\\cdot}10^{-3}$": ("2e-3", "7.9939", "0.6934", "0.9999", "0.603", "4.5e3"),
    "$5{\\cdot}10^{-3}$": ("5e-3", "7.9972", "0.6934", "1.0000", "0.508", "1.9e2"),
    "$7{\\cdot}10^{-3}$": ("7e-3", "7.9858", "0.6934", "0.9999", "0.516", "6.2e2"),
    "$9{\\cdot}10^{-3}$": ("9e-3", "7.9818", "0.6934", "1.0000", "0.504", "1.2e8"),
    "$10^{-2}$": ("1e-2", "7.9411", "0.6934", "1.0000", "0.503", "8.4e2"),
    "$5{\\cdot}10^{-2}$": ("5e-2", "7.9745", "0.6934", "0.9998", "0.558", "1.4e3"),
    "$10^{-1}$": ("1e-1", "8.0170", "0.6934", "1.0000", "0.589", "2.6e7"),
    "$0.15$": ("0.15", "7.9708", "0.6934", "1.0000", "0.374", "1.5e3"),
}
#: Table 110's gamma grid as listed, and its point count
T110_GRID = ("0", "1e-4", "2e-4", "5e-4", "1e-3", "2e-3", "5e-3", "7e-3", "9e-3", "1e-2", "5e-2", "1e-1", "0.15")
_T110_GRID_AT = (
    ("A31.1", "$\\{0,", "0"),
    ("A31.1", "\\{0,10^{-4},"),
    ("A31.1", ",2{\\cdot}10^{-4},", "2"),
    ("A31.1", ",5{\\cdot}10^{-4},", "5"),
    ("A31.1", "},10^{-3},"),
    ("A31.1", ",2{\\cdot}10^{-3},", "2"),
    ("A31.1", "\\,5{\\cdot}10^{-3},", "5"),
    ("A31.1", ",7{\\cdot}10^{-3},", "7"),
    ("A31.1", ",9{\\cdot}10^{-3},", "9"),
    ("A31.1", "},10^{-2},"),
    ("A31.1", ",5{\\cdot}10^{-2},", "5"),
    ("A31.1", "},10^{-1},"),
    ("A31.1", ",0.15\\}$"),
)
_T110_GRID_ROW = "$\\gamma$ grid (13 points)"
#: the rows of Table 111 whose kappa is marked "(spike)" (text, not numbers)
T111_SPIKES = ("$2{\\cdot}10^{-4}$", "$9{\\cdot}10^{-3}$", "$10^{-1}$")
# kappa of the rows without a spike: no relation reads them (the caption offers no reading of kappa but
# its spikes' size): not held by the claim, declared not checkable
T111 = {k: v if k in T111_SPIKES else v[:5] + (None,) for k, v in T111.items()}

A31S_TEXT: dict[str, tuple[str, ...]] = {
    # the number of grid points / runs, wherever printed
    "n13": ("13", "13", "13", "13", "13", "13"),
    # the largest coupling of the grid
    "gmax": ("0.15", "0.15", "0.15", "0.15", "0.15"),
    # §A31.3's abbreviated grid {0, 1e-4, ..., 1e-1, 0.15}
    "grid_short": ("0", "1e-4", "1e-1"),
    # the parameter count 91.7M, printed again
    "params": ("91.7", "91.7", "91.7", "91.7", "91.7", "91.7", "91.7", "91.7", "91.7"),
    # d_model = 768 and the 16-dim subspace; 752 = 768 - 16
    "d768": ("768", "768", "768", "768", "768"),
    "d768_t110": ("768",),
    "j16": ("16", "16", "16", "16", "16", "16", "16", "16"),
    "rest752": ("752",),
    # training steps and diagnostics interval, printed again
    "steps": ("10000", "10000", "10000", "10000", "10000", "10000", "10000"),
    "every": ("250", "250"),
    # R at the end of training: its range over Table 111, printed four ways
    "R_range": ("0.374", "0.603", "0.37", "0.60", "0.4", "0.6", "0.6"),
    # R at step 0, printed three times
    "R0": ("0.14", "0.14", "0.14"),
    # the determinant column: claims "flat at 1.0000" (caption, item 2), the dagger, and §A31.4
    "det_flat": ("1.0000", "1.0000"),
    "det_saturated": ("1.0000", "1.0000", "1.0000"),
    "det_off": ("0.9999", "0.9998"),
    # R^16 over the column: the decades of its extremes, and the print floor of four decimals
    "R16": ("1e-7", "1e-4"),
    "floor": ("5e-5",),
    # kappa: "up to 10^8" (decade of the largest), "reaches 1.2e8", spikes "10^7-10^8"
    "kappa": ("1e8", "1.2e8", "1e7", "1e8"),
    # §A31.5: the best fluency loss and its gamma, gamma = 0's, the improvement
    "best": ("1e-2", "1e-2", "7.9411", "1e-2"),
    "base": ("0", "7.9926"),
    "gain": ("0.0515", "0.64"),
    # the logic loss, the same in all rows
    "logic": ("0.6934",),
    # the DualTask mix: 90% fluency, 10% logic (Table 110), 10% printed again
    "mix": ("90", "10", "10"),
}
A31S_WHERE = {
    "n13": (
        ("A31", "a 13-point low-coupling", "13"),
        ("A31.3", "across all $13$ runs"),
        ("A31.5", "over all $13$ $\\gamma$"),
        ("A31.5", "All $13$ logic"),
        ("A31.5", "shows the 13-point", "13"),
        ("A31.5", "Figure 83: The 13-point", "13"),
    ),
    "gmax": (
        ("A31", "($\\gamma\\leq 0.15$) on"),
        ("A31.1", "confined to $\\gamma\\leq 0.15$"),
        ("A31.3", ",10^{-1},0.15\\}$"),
        ("A31.3", "stops at $0.15$"),
        ("A31.6", "stops at $\\gamma=0.15$"),
    ),
    "grid_short": (
        ("A31.3", "\\in\\{0,", "0"),
        ("A31.3", "\\{0,10^{-4},\\dots"),
        ("A31.3", "\\dots,10^{-1},"),
    ),
    "params": (
        ("A31", "on a $91.7$M-parameter"),
        ("A31.1", "$91.7$M"),
        ("A31.4", "measurement at $91.7$M"),
        ("A31.5", "by the $91.7$M-parameter"),
        ("A31.5", "shows the 13-point $\\gamma$-sweep at 91.7M", "91.7"),
        ("A31.5", "Figure 83: The 13-point $\\gamma$-sweep at 91.7M", "91.7"),
        ("A33.3", "sweep at $91.7$M"),
        ("A35.3", "on a $91.7$M-parameter"),
        ("A36.3", "sweep on $91.7$M"),
    ),
    "d768": (
        ("A31", "$768$-dimensional output under random unit perturbations. The"),
        ("A31.1", "the full $768$-dimensional output space"),
        ("A31.2", "of the $768$-dim embedding"),
        ("A31.2", "full $768$-dim space"),
        ("A31.3", "$768$-dimensional output under random unit perturbations, with"),
    ),
    "j16": (
        ("A31.1", "The $16\\!\\times", "16"),
        ("A31.1", "\\times\\!16$ finite", "16"),
        ("A31.2", "Jacobian ($16\\!\\times", "16"),
        ("A31.2", "\\times\\!16$). At", "16"),
        ("A31.2", "random $16$-dimensional"),
        ("A31.2", "form the $16\\!\\times", "16"),
        ("A31.2", "\\times\\!16$ Jacobian $J$", "16"),
        ("A31.2", "escapes the $16$-dim"),
    ),
    "rest752": (("A31.2", "remaining $752$"),),
    "steps": (
        ("A31.1", "evolves over $10{,}000$ optimiser", "10{,}000"),
        ("A31.1", "Training steps per $\\gamma$\t$10{,}000$", "10{,}000"),
        ("A31.3", "lists per-$\\gamma$ final values after $10{,}000$", "10{,}000"),
        ("A31.3", "Table 111: Per-$\\gamma$ final values after $10{,}000$", "10{,}000"),
        ("A31.3", "at step $10{,}000$, remaining", "10{,}000"),
        ("A31.5", "learned in $10{,}000$ steps", "10{,}000"),
        ("A35.3", "a $10{,}000$-step training run", "10{,}000"),
    ),
    "every": (("A31.1", "every $250$ steps"), ("A31", "computed every $250$ training")),
    "R_range": (
        ("A31.4", "$R\\in[0.374,"),
        ("A31.4", ",0.603]$ across"),
        ("A31.3", "$R\\!\\approx\\!0.37$–"),
        ("A31.3", "–$0.60$ at step"),
        ("A36.1", "to $\\approx 0.4$–"),
        ("A36.1", "–$0.6$ at step"),
        ("A31.5", "0.14\\to 0.6$"),
    ),
    "R0": (
        ("A31.3", "$R\\!\\approx\\!0.14$ at step"),
        ("A31.5", "$R:0.14\\to"),
        ("A36.1", "from $\\approx 0.14$ at step"),
    ),
    "det_flat": (("A31.3", "is flat at $1.0000$ across"), ("A31.3", "sits at $1.0000$ in every cell")),
    "det_saturated": (
        ("A31.3", "†saturated: $1.0000$"),
        ("A31.4", "the recorded $1.0000$ means"),
        ("A31.4", "rather than $1.0000$ are"),
    ),
    "det_off": (("A31.4", "printing $0.9999$ or"), ("A31.4", "or $0.9998$ rather")),
    "R16": (("A31.4", "in the range $10^{-7}$–", "10^{-7}"), ("A31.4", "–$10^{-4}$, at or", "10^{-4}")),
    "floor": (("A31.4", "floor of $5\\!\\times", "5"),),
    "kappa": (
        ("A31.3", "spikes, up to $10^{8}$", "10^{8}"),
        ("A31.3", "reaches $1.2\\!\\cdot\\!10^{8}$", "1.2"),
        ("A31.4", "numbers of $10^{7}$–", "10^{7}"),
        ("A31.4", "–$10^{8}$ compound", "10^{8}"),
    ),
    "best": (
        ("A31.5", "A31.5 The optimum at $\\gamma=10^{-2}$", "10^{-2}"),
        ("A31.5", "values is at $\\gamma=10^{-2}$:", "10^{-2}"),
        ("A31.5", "$L_{\\mathrm{fluency}}=7.9411$"),
        ("A31.5", "The optimum at $\\gamma=10^{-2}$ is therefore", "10^{-2}"),
    ),
    "base": (("A31.5", "compared to $\\gamma=0$ at", "0"), ("A31.5", "$L_{\\mathrm{fluency}}=7.9926$")),
    "gain": (("A31.5", "improvement is $0.0515$"), ("A31.5", "or $0.64\\%$")),
    "logic": (("A31.5", "stuck at $0.6934\\approx"),),
    "mix": (
        ("A31.1", "(90% fluency", "90"),
        ("A31.1", "/ 10% logic)", "10"),
        ("A31.5", "the $10\\%$ logic portion"),
    ),
}

LOCATORS += (
    _cells(A31S, "t111", "111", T111_COLS, T111)
    + tuple(
        _t(P, A31S, f"t110_grid[{i}]", place[2] if len(place) > 2 else _printed(v), place[0], place[1])
        for i, (v, place) in enumerate(zip(T110_GRID, _T110_GRID_AT))
    )
    + _texts(A31S, "text", A31S_TEXT, A31S_WHERE)
    + (
        _tab(P, A31S, "text['d768_t110'][0]", "768", "110", "$d_{\\mathrm{model}}$", "Value"),
        _tab(P, A31S, "n_grid", "13", "110", _T110_GRID_ROW, "Parameter"),
    )
)

NOT_CHECKABLE += (
    _nc_cells(
        P,
        "110",
        "a configuration input of the 91.7M sweep (architecture, tokenizer, schedule); no certificate uses it and "
        "no relation printed in the paper constrains it",
        row="Architecture",
    ),
    _nc_cells(P, "110", _CONFIG, row="Vocabulary"),
    _nc_cells(
        P,
        "111",
        "the condition number of a degenerate probe at a row without a spike, recorded 'for completeness' with "
        "no reading offered (caption); no printed relation constrains it (the spikes are checked)",
        column="$\\kappa(J)$",
    ),
    _nc_cells(P, "110", _CONFIG, row="Block size"),
    _nc_cells(P, "110", _CONFIG, row="RoPE base"),
    _nc_cells(P, "110", _CONFIG, row="Optimizer"),
    _nc_cells(
        P,
        "110",
        "the wall time of the full sweep on the authors' hardware; no relation printed in the paper constrains it",
        row="Wall time (full sweep)",
    ),
    _nc_text(
        P,
        "A31.2",
        "perturbation $\\epsilon=10^{-4}$",
        "the finite-difference step of the Jacobian probe, a configuration input; no relation constrains it",
    ),
    _nc_text(P, "A31.2", "along $8$ random directions", _CONFIG),
    _nc_text(
        P,
        "A31.2",
        "$R>1$ indicates expansion, $R=1$ isometry, $R<1$ contraction",
        "the unit threshold of the definition of expansion and contraction (a constant of a definition, not a result)",
    ),
    _nc_text(
        P,
        "A31.3",
        "here means $\\det J\\approx 0$, not $\\det J\\approx 1$",
        "the two determinant values the footnote contrasts (0 and 1), constants of the explanation, not results",
    ),
    _nc_text(
        P,
        "A31.3",
        "which means $\\det J\\approx 0$",
        "the determinant value the caption contrasts (0), a constant of the explanation, not a result",
    ),
    _nc_text(
        P,
        "A31.3",
        "at step $0$ to",
        "the training step at which the initial energy ratio is read (the start of training), not a result",
    ),
    _nc_text(
        P,
        "A31.3",
        "below the $\\gamma^{*}\\approx 2$–$4$ at which",
        "the optimal coupling of the nano-scale experiments of Section A5, quoted from there; no relation in "
        "A31 constrains it",
    ),
    _nc_text(
        P,
        "A31.3",
        "so the $2$–$4$ figure belongs to $N\\!\\leq\\!2$ models",
        "the optimal coupling and depth of the nano-scale experiments of Sections A5-A6, quoted from there; no "
        "relation in A31 constrains them",
    ),
    _nc_text(P, "A31.3", "the 12-layer models used here", _CONFIG),
    _nc_text(
        P,
        "A31.3",
        "a value of one says $\\det J\\approx 0$",
        "the determinant value the text contrasts (0), a constant of the explanation, not a result",
    ),
    _nc_text(
        P,
        "A31.4",
        "retains $\\det J\\approx 1$",
        "the determinant of a unipotent map (1), a constant of the explanation, not a result",
    ),
    _nc_text(
        P,
        "A31.4",
        "abs(det(J) - 1.0)",
        "a constant in the quoted code (det J - 1.0), not a result",
    ),
)

# =====================================================================================================
# A31.6-A31.10: the width and supercritical sweeps, the emergence band (certificate A31.emergence)
# =====================================================================================================

A31E = "A31.emergence"
T112_COLS = ("$\\gamma$", "emerged", "steps to $50\\%$, by seed", "mean", "$\\bar{E}$")
#: Table 112: row label -> (gamma, (emerged, seeds), steps of the runs that emerged, mean or None, mean E)
T112 = {
    "$0.00$": ("0.00", ("2", "3"), ("2900", "2500"), "2700", "13.1"),
    "$0.05$": ("0.05", ("1", "2"), ("1750",), "1750", "9.7"),
    "$0.10$": ("0.10", ("1", "2"), ("1550",), "1550", "21.2"),
    "$0.20$": ("0.20", ("0", "2"), (), None, None),  # E-bar 64.7: no printed range covers failures at 0.20
    "$0.40$": ("0.40", ("3", "3"), ("1000", "2200", "2150"), "1783", "12.0"),
    "$0.50$": ("0.50", ("3", "3"), ("1000", "1000", "2400"), "1467", "6.9"),
    "$0.60$": ("0.60", ("1", "3"), ("650",), "650", "30.5"),
    "$\\mathbf{0.80}$": ("0.80", ("3", "3"), ("650", "900", "600"), "717", "4.9"),
    "$1.00$": ("1.00", ("0", "3"), (), None, "86.6"),
    "$1.20$": ("1.20", ("0", "3"), (), None, "72.9"),
}


#: cells of Table 112 whose numerals repeat inside the cell ("3/3", "1000, 1000"): located by text
_T112_BY_TEXT = {
    ("$0.40$", 1): (("$0.40$\t$3/", "3"), ("/3$\t$1000,\\ 2200", "3")),
    ("$0.50$", 1): (("$0.50$\t$3/", "3"), ("/3$\t$1000,\\ 1000", "3")),
    ("$\\mathbf{0.80}$", 1): (("$\\mathbf{0.80}$\t$\\mathbf{3/", "3"), ("/3}$\t$\\mathbf{650", "3")),
    ("$0.50$", 2): (
        ("$0.50$\t$3/3$\t$1000,", "1000"),
        ("1000,\\ 2400$\t$1467", "1000"),
        ("1000,\\ 2400$\t$1467", "2400"),
    ),
}


def _t112_grid() -> dict[str, tuple]:
    """Table 112 as grid cells (an empty steps cell holds no numeral; the cells of
    ``_T112_BY_TEXT`` are located by text)."""
    return {
        k: tuple(None if (k, j) in _T112_BY_TEXT or not cell else cell for j, cell in enumerate(row))
        for k, row in T112.items()
    }


#: (key, section, anchor, printed[, claim value]) of every number of A31.6-A31.10 a relation reads
A31E_PLACES: tuple[tuple[str, ...], ...] = (
    # the parameter count: 91,310,592 exactly, 91.3M, 91M
    ("p_exact", "A31.6", "exactly $91{,}310{,}592$ parameters", "91{,}310{,}592", "91310592"),
    ("p913", "A31", "sweeps at $91.3$M parameters", "91.3"),
    ("p913", "A31.7", "$d_{k}=128$, $N=12$, $91.3$M parameters. Rows", "91.3"),
    ("p913", "A31.7", "$d_{k}=128$, $N=12$, $91.3$M parameters. Top:", "91.3"),
    ("p913", "A31.9", "range, at $91.3$M parameters", "91.3"),
    ("p913", "A31.10", "$N=12$, $91.3$M parameters,", "91.3"),
    ("p91", "A31", "Sweeps at 91M parameters:", "91"),
    # the width sweep: widths, couplings, planned and completed runs
    ("widths", "A31.6", "$d_{k}\\in\\{32,48,64,128\\}$", "32"),
    ("widths", "A31.6", "$d_{k}\\in\\{32,48,64,128\\}$", "48"),
    ("widths", "A31.6", "$d_{k}\\in\\{32,48,64,128\\}$ at", "64"),
    ("widths", "A31.6", "$d_{k}\\in\\{32,48,64,128\\}$ at five", "128"),
    ("couplings", "A31.6", "$\\gamma\\in\\{0,", "0"),
    ("couplings", "A31.6", "$\\gamma\\in\\{0,0.05,0.10,0.20,0.40\\}$", "0.05"),
    ("couplings", "A31.6", "$\\gamma\\in\\{0,0.05,0.10,0.20,0.40\\}$", "0.10"),
    ("couplings", "A31.6", "$\\gamma\\in\\{0,0.05,0.10,0.20,0.40\\}$", "0.20"),
    ("couplings", "A31.6", "$\\gamma\\in\\{0,0.05,0.10,0.20,0.40\\}$ and four", "0.40"),
    ("planned", "A31.6", "seeds, $80$ runs planned.", "80"),
    ("planned", "A31.7", "$49$ of $80$ runs by", "80"),
    ("planned", "A31.10", "$49$ of $80$ runs for", "80"),
    ("done", "A31.6", "design at $49$ runs, $159.1$", "49"),
    ("done", "A31.6", "The $49$ runs are reported", "49"),
    ("done", "A31.7", "stopped at $49$ of $80$", "49"),
    ("done", "A31.10", "stopped at $49$ of $80$", "49"),
    ("seed01", "A31.6", "with seeds $0$ and $1$", "0"),
    ("seed01", "A31.6", "$0$ and $1$ finished", "1"),
    ("seed2", "A31.6", "and seed $2$ finished", "2"),
    ("seed2", "A31.6", "eleven seed-$2$ cells", "2"),
    ("seed2_w", "A31.6", "at $d_{k}=32$ and at", "32"),
    ("seed2_w", "A31.6", "at $d_{k}=48$ for every", "48"),
    ("seed2_w", "A31.6", "but $\\gamma=0.40$; at", "0.40"),
    ("two_w", "A31.6", "$\\gamma=0.40$; at $d_{k}=64$", "64"),
    ("two_w", "A31.6", "and $d_{k}=128$ it therefore", "128"),
    ("unrun", "A31.6", "the $31$ unrun", "31"),
    ("seed3", "A31.6", "twenty seed-$3$ replicates", "3"),
    ("unrun_w", "A31.6", "at $d_{k}=48$ ($\\gamma", "48"),
    ("unrun_w", "A31.6", "($\\gamma=0.40$), $d_{k}=64$", "0.40"),
    ("unrun_w", "A31.6", "$d_{k}=64$ and $d_{k}=128$ —", "64"),
    ("unrun_w", "A31.6", "and $d_{k}=128$ — are", "128"),
    # the width sweep's top coupling, wherever printed
    ("wmax", "A31", "$\\gamma\\leq 0.40$ and a supercritical", "0.40"),
    ("wmax", "A31.6", "($\\gamma\\leq 0.40$).", "0.40"),
    ("wmax", "A31.6", "tops out at $\\gamma=0.40$, and", "0.40"),
    ("wmax", "A31.6", "and $0.40$ lies below", "0.40"),
    ("wmax", "A31.7", "$\\gamma\\leq 0.40$ come from", "0.40"),
    # the thresholds at the four widths (T = 512)
    ("thr_t4", "A31.6", "}}$ is $0.985$,", "0.985"),
    ("thr_t4", "A31.6", ".985$, $0.985$, $1.030$", "0.985"),
    ("thr_t4", "A31.6", "$0.985$, $1.030$ and", "1.030"),
    ("thr_t4", "A31.6", "and $0.787$ at $d_{k}", "0.787"),
    ("thr_w", "A31.6", "$d_{k}=32,48,64,128$,", "32"),
    ("thr_w", "A31.6", "$d_{k}=32,48,64,128$,", "48"),
    ("thr_w", "A31.6", "$d_{k}=32,48,64,128$, and", "64"),
    ("thr_w", "A31.6", "$d_{k}=32,48,64,128$, and $\\gamma", "128"),
    ("thr_t3t4", "A31.6", "}}$ is $0.951$, $0.664$", "0.951"),
    ("thr_t3t4", "A31.6", "$0.951$, $0.664$, $0.569$", "0.664"),
    ("thr_t3t4", "A31.6", "$0.664$, $0.569$ and", "0.569"),
    ("thr_t3t4", "A31.6", "and $0.413$. Every", "0.413"),
    # the supercritical sweep
    ("sw2", "A31.6", "\\in\\{0.50,0.60,0.80,1.00,1.20\\}$", "0.50"),
    ("sw2", "A31.6", "\\in\\{0.50,0.60,0.80,1.00,1.20\\}$", "0.60"),
    ("sw2", "A31.6", "\\in\\{0.50,0.60,0.80,1.00,1.20\\}$", "0.80"),
    ("sw2", "A31.6", "\\in\\{0.50,0.60,0.80,1.00,1.20\\}$", "1.00"),
    ("sw2", "A31.6", "\\in\\{0.50,0.60,0.80,1.00,1.20\\}$ and", "1.20"),
    ("third", "A31.6", "bringing $\\gamma=0.00$ and", "0.00"),
    ("third", "A31.6", "$\\gamma=0.40$ to three seeds", "0.40"),
    ("third", "A31.7", "$\\gamma=0.00$ and $0.40$", "0.00"),
    ("third", "A31.7", "$\\gamma=0.00$ and $0.40$ rows carry", "0.40"),
    ("sw2_min", "A31.6", "($\\gamma\\geq 0.50$).", "0.50"),
    ("sw2_min", "A31.7", "$\\gamma\\geq 0.50$ from the", "0.50"),
    ("sw2_max", "A31", "$\\gamma=1.20$ — which", "1.20"),
    ("runs17", "A31.6", "seeds: $17$ runs,", "17"),
    ("runs27", "A31.6", "put $27$ runs on", "27"),
    ("runs27", "A31.8", "Across the $27$ runs at", "27"),
    # the width of the supercritical sweep
    ("w128", "A31", "at $d_{k}=128$ reaching", "128"),
    ("w128", "A31.3", "at $d_{k}=128$ and locates", "128"),
    ("w128", "A31.6", "at $d_{k}=128$ only,", "128"),
    ("w128", "A31.6", "the $d_{k}=128$ curve.", "128"),
    ("w128", "A31.6", "Why $d_{k}=128$.", "128"),
    ("w128", "A31.6", "sweep\u00a01, $d_{k}=128$ carries", "128"),
    ("w128", "A31.7", "emergence at $d_{k}=128$, $N=12$", "128"),
    ("w128", "A31.7", "against $d_{k}=128$, $8192$", "128"),
    ("w128", "A31.7", "band at $d_{k}=128$, $N=12$", "128"),
    ("w128", "A31.10", "at $d_{k}=128$, $N=12$,", "128"),
    ("w128", "A31.10", "— $d_{k}=128$ was chosen", "128"),
    ("w128", "A31.10", "at $d_{k}=128$, $\\gamma=0.75$,", "128"),
    # the thresholds at d_k = 128 to four decimals, and the quartic's second root
    ("t3t4_128", "A31.6", "}T_{4}}=0.4132$ and", "0.4132"),
    ("t3t4_128", "A31.7", "$\\gamma_{c}^{T_{3}T_{4}}=0.4132$. The fastest", "0.4132"),
    ("t3t4_128_3", "A31.7", "$\\gamma_{c}^{T_{3}T_{4}}=0.413$ (dotted),", "0.413"),
    ("t4_128", "A31.6", "{T_{4}}=0.7867$ — and", "0.7867"),
    ("t4_128", "A31.7", "$\\gamma_{c}^{T_{4}}=0.7867$. Both laws", "0.7867"),
    ("t4_128", "A31.7", "roots, $0.7867$ and $2.2445$,", "0.7867"),
    ("t4_128_3", "A31.7", "$\\gamma_{c}^{T_{4}}=0.787$ (dashed).", "0.787"),
    ("root2", "A31.7", "$0.7867$ and $2.2445$, so the", "2.2445"),
    ("root2_3", "A31.7", "root at $2.245$ (Remark\u00a065)", "2.245"),
    # d_model, layers, vocabulary, block
    ("d768", "A31.6", "held at $768$ and", "768"),
    ("d768", "A31.6", "$d_{\\mathrm{model}}=768$, vocabulary", "768"),
    ("d768", "A31.8", "the full $768$-dimensional", "768"),
    ("layers", "A31.6", "A $12$-layer decoder", "12"),
    ("layers", "A31.7", "$N=12$, $91.3$M parameters. Rows", "12"),
    ("layers", "A31.7", "$N=12$, $91.3$M parameters. Top", "12"),
    ("layers", "A31.7", "$\\gamma^{*}(12)=0.680$", "12"),
    ("layers", "A31.9", "is at $N=12$, half again", "12"),
    ("layers", "A31.9", "\tprediction at $N=12$\tratio to", "12"),
    ("layers", "A31.9", "$[0.40,0.90]$ at $N=12$ corresponds", "12"),
    ("layers", "A31.10", "$N=12$, $91.3$M parameters,", "12"),
    ("vocab", "A31.6", "vocabulary $8192$, block", "8192"),
    ("vocab", "A31.7", "$d_{k}=128$, $8192$ and $512$", "8192"),
    ("vocab", "A31.7", "of $\\ln 8192=9.0109$,", "8192"),
    ("block", "A31.6", "block $512$, and", "512"),
    ("block", "A31.7", "$8192$ and $512$ here. Both", "512"),
    ("last_pos", "A31.6", "$320$–$511$ against", "511"),
    # the learning rate and the budget
    ("lr", "A31.6", "constant $3\\!\\times\\!10^{-4}$, no schedule", "3", "3e-4"),
    ("lr", "A31.7", "statement about $3\\!\\times\\!10^{-4}$.", "3", "3e-4"),
    ("lr", "A31.7", "learning rate $3\\!\\times\\!10^{-4}$ used", "3", "3e-4"),
    ("lr", "A31.8", "rate of $3\\!\\times\\!10^{-4}$ with", "3", "3e-4"),
    ("lr", "A31.8", "cutoff at $3\\!\\times\\!10^{-4}$,", "3", "3e-4"),
    ("budget", "A31.6", "or at $3000$ steps.", "3000"),
    ("budget", "A31.7", "$50\\%$ within $3000$ steps. $\\bar{E}$", "3000"),
    ("budget", "A31.7", "across $3000$ steps.", "3000"),
    ("budget", "A31.7", "emerged within $3000$ steps. Middle:", "3000"),
    ("budget", "A31.10", "locked $3000$ — asking", "3000"),
    # emergence = held-out accuracy 0.50 = 50%
    ("emerge", "A31.6", "accuracy $\\geq 0.50$, and", "0.50"),
    ("emerge_pct", "A31.6", "reached $50\\%$ at step", "50"),
    ("emerge_pct", "A31.6", "steps-to-$50\\%$ for a", "50"),
    ("emerge_pct", "A31.7", "not reach $50\\%$ within", "50"),
    ("emerge_pct", "A31.7", "steps to $50\\%$, by seed", "50"),
    ("emerge_pct", "A31.7", "steps to $50\\%$ induction", "50"),
    ("emerge_pct", "A31.10", "reached $50\\%$; one", "50"),
    # the reproducibility floor
    ("repro_g", "A31.6", "at $\\gamma=0.50$, seed", "0.50"),
    ("repro_seed", "A31.6", ", seed $0$, with", "0"),
    ("repro", "A31.6", "step $1150$ on one", "1150"),
    ("repro", "A31.6", "step $1000$ on the", "1000"),
    ("floor", "A31.6", "so $\\pm 150$ steps", "150"),
    ("floor", "A31.7", "the $\\pm 150$ reproducibility", "150"),
    ("floor", "A31.10", "a $\\pm 150$-step", "150"),
    ("floor_pct", "A31.6", "about $13\\%$ — is", "13"),
    # §A31.7 items 1-5
    ("opt", "A31", "optimum at $\\gamma=0.80$.", "0.80"),
    ("opt", "A31.3", "$\\gamma=0.80$; note that", "0.80"),
    ("opt", "A31.7", "$\\gamma=0.80$ is its", "0.80"),
    ("opt", "A31.7", "$\\gamma=0.80$ all three", "0.80"),
    ("opt", "A31.7", "$\\gamma=0.80$ spread", "0.80"),
    ("opt", "A31.7", "above $\\gamma=0.80$. At", "0.80"),
    ("opt", "A31.9", "optimum\t$\\boldsymbol{\\gamma^{*}=0.80}$", "0.80"),
    ("opt", "A31.9", "than at $0.80$. Taking", "0.80"),
    ("opt_steps", "A31.7", "emerge, in $600$, $650$", "600"),
    ("opt_steps", "A31.7", "$600$, $650$ and $900$", "650"),
    ("opt_steps", "A31.7", "$650$ and $900$ steps,", "900"),
    ("opt_mean", "A31.7", "steps, mean $717$. At", "717"),
    ("g0", "A31.7", "At $\\gamma=0$ two of", "0"),
    ("g0", "A31.10", "than at $\\gamma=0$; that", "0"),
    ("g0_steps", "A31.7", "emerge, in $2900$ and $2500$.", "2900"),
    ("g0_steps", "A31.7", "$2900$ and $2500$. The coupled", "2500"),
    ("speedup", "A31.7", "forms $3.8\\times$ faster", "3.8"),
    ("spread", "A31.7", "spread of $300$ steps", "300"),
    ("dead", "A31.7", "At $\\gamma=1.00$ and $\\gamma=1.20$,", "1.00"),
    ("dead", "A31.7", "$\\gamma=1.20$, $0/6$", "1.20"),
    ("dead_n", "A31.7", "$0/6$ runs emerge,", "0"),
    ("dead_n", "A31.7", "$0/6$ runs emerge,", "6"),
    ("dead_from", "A31.7", "$\\gamma\\geq 1.00$ in this", "1.00"),
    ("chance_range", "A31.7", "loss is $9.009$–$9.015$", "9.009"),
    ("chance_range", "A31.7", "$9.009$–$9.015$ against", "9.015"),
    ("chance", "A31.7", "$\\ln 8192=9.0109$, and training", "9.0109"),
    ("onset", "A31.7", "$\\gamma=0.40$, against", "0.40"),
    ("fastest", "A31.7", "$\\gamma=0.80$, against", "0.80"),
    ("band_obs", "A31.7", "roughly $[0.40,\\,0.90]$,", "0.40"),
    ("band_obs", "A31.9", "optimum, $[0.40,0.90]$ at", "0.40"),
    ("band_obs_hi", "A31.9", "optimum, $[0.40,0.90]$ at $N=12$", "0.90"),
    # printed to 2 decimals, so not Remark 65's cutoff "0.9" (rem65 locates that in §6.7)
    ("band_obs_hi", "A31.7", "$[0.40,\\,0.90]$, its upper", "0.90"),
    ("anomaly", "A31.7", "$\\gamma=0.60$ gives $1/3$,", "0.60"),
    ("anomaly_n", "A31.7", "$\\gamma=0.60$ gives $1/3$, between", "1"),
    ("anomaly_n", "A31.7", "gives $1/3$, between", "3"),
    ("anomaly_fast", "A31.7", "sweep ($650$ steps);", "650"),
    ("rowref", "A31.7", "intrudes at $0.60$ and not", "0.60"),
    ("rowref", "A31.7", "not at $0.50$ or $0.80$,", "0.50"),
    ("rowref", "A31.7", "$0.50$ or $0.80$, and three", "0.80"),
    ("rowref", "A31.8", "$\\gamma=0.60$, one carries", "0.60"),
    ("rowref", "A31.8", "failure at $0.60$ is the", "0.60"),
    ("rowref", "A31.10", "band — $0.40$ against", "0.40"),
    ("rowref", "A31.10", "against $0.50$, say —", "0.50"),
    ("rowref", "A31.10", "$\\gamma=0.60$ is a standing", "0.60"),
    ("rowref", "A31.10", "$\\gamma=0.60$ and reached", "0.60"),
    ("rowref", "A31.10", "between $0.60$ and $0.80$", "0.60"),
    ("rowref", "A31.10", "$0.60$ and $0.80$ is patchier", "0.80"),
    ("rowref", "A31.8", "$\\gamma=1.00$ against", "1.00"),
    ("rowref", "A31.8", "the successful $\\gamma=0.80$, so", "0.80"),
    ("rowref", "A31.8", "failure as at $1.00$, not", "1.00"),
    ("fail_hi", "A31.8", "failed at $\\gamma\\geq 1.00$ ends", "1.00"),
    ("fail_lo", "A31.8", "failed at $\\gamma\\leq 0.10$ end", "0.10"),
    ("offgrid", "A31.10", "$\\gamma=0.75$, a grid", "0.75"),
    # §A31.8: the energy ratio's ranges, and the three seeds at 0.60
    ("E_emerged", "A31.8", "with $E\\in[4.1,\\,16.7]$.", "4.1"),
    ("E_emerged", "A31.8", "$E\\in[4.1,\\,16.7]$. Every", "16.7"),
    ("E_high", "A31.8", "with $E\\in[54,\\,103]$,", "54"),
    ("E_high", "A31.8", "$E\\in[54,\\,103]$, an order", "103"),
    ("E_low", "A31.8", "with $E\\in[7,\\,21]$:", "7"),
    ("E_low", "A31.8", "$E\\in[7,\\,21]$: in the", "21"),
    ("E060", "A31.8", "carries $E=24.5$ and the", "24.5"),
    ("E060", "A31.8", "other $E=61.7$ — the", "61.7"),
    ("E060", "A31.8", "carries $E=5.5$. The intruding", "5.5"),
    # Remark 83: (1 + 2 gamma)^2 at gamma = 1.0 and 0.5
    ("scale", "A31.8", "which is $9.0$ at", "9.0"),
    ("scale", "A31.8", "$9.0$ at $\\gamma=1.0$ against", "1.0"),
    ("scale", "A31.8", "against $4.0$ at $\\gamma=0.5$,", "4.0"),
    ("scale", "A31.8", "$\\gamma=0.5$, and these", "0.5"),
    # §A31.9: the depth law at N = 12
    ("law", "A31.9", "$\\gamma^{*}(N)=4.17/N^{0.73}$", "4.17"),
    ("law_depth", "A31.9", "$N\\in\\{1,2,4,8\\}$ on nano-scale", "8"),
    ("alpha1", "A31.9", "forces $\\alpha=1$ and", "1"),
    ("alpha1", "A31.9", "accumulation, $\\alpha=1$\t", "1"),
    ("pred", "A31.9", "$\\alpha=0.73$\t$\\gamma^{*}=0.680$\t$1.18$", "0.73"),
    ("pred", "A31.9", "$\\alpha=0.73$\t$\\gamma^{*}=0.680$\t$1.18$", "0.680"),
    ("pred", "A31.9", "$\\alpha=0.73$\t$\\gamma^{*}=0.680$\t$1.18$", "1.18"),
    ("pred_fig", "A31.7", "$\\gamma^{*}(12)=0.680$ (dash-dot),", "0.680"),
    ("lin", "A31.9", "$\\gamma^{*}=0.347$\t$2.31$", "0.347"),
    ("lin", "A31.9", "$\\gamma^{*}=0.347$\t$2.31$", "2.31"),
    ("lin", "A31.9", "factor of $2.3$: it", "2.3"),
    ("lin", "A31.9", "at $\\gamma=0.347$, where", "0.347"),
    ("within", "A31.9", "within $18\\%$ on a", "18"),
    ("within", "A31.10", "within $18\\%$ of an", "18"),
    ("spacing", "A31.9", "optimum is $0.20$; the", "0.20"),
    ("implied", "A31.9", "$\\alpha=0.664$ against", "0.664"),
    ("implied", "A31.9", "fitted $0.73$. The linear-accumulation", "0.73"),
    ("slow", "A31.9", "but at $1783$ steps,", "1783"),
    ("alpha_band", "A31.9", "$\\alpha\\in[0.62,0.94]$,", "0.62"),
    ("alpha_band", "A31.9", "$\\alpha\\in[0.62,0.94]$, an interval", "0.94"),
    ("alpha_band", "A31.9", "containing $0.73$; the point", "0.73"),
    # §A31.10
    ("closes", "A31.10", "$\\gamma\\approx 0.9$; and", "0.9"),
    ("bracket", "A31.10", "$\\approx 1.3$ to bracket.", "1.3"),
    ("two_seed", "A31.10", "$\\gamma\\leq 0.20$ cells rest", "0.20"),
    # the same quantities printed again in §A31.11 and §A35.1
    ("opt", "A31.11", "$\\gamma=0.80$, which", "0.80"),
    ("opt", "A31.11", "$\\gamma=0.80$ relative", "0.80"),
    ("opt", "A31.11", "$\\gamma=0.80$ in Table\u00a0112", "0.80"),
    ("opt", "A35.1", "$\\gamma=0.80$ in a mean", "0.80"),
    ("opt_mean", "A31.11", "$3/3$ in $717$ steps at", "717"),
    ("opt_mean", "A31.11", "to its $717$-step constant-LR", "717"),
    ("opt_mean", "A35.1", "mean of $717$ optimiser", "717"),
    ("opt_frac", "A31.11", "emerges $3/", "3"),
    ("opt_frac", "A31.11", "/3$ in $717$", "3"),
    ("opt_frac", "A35.1", "emerges in $3/", "3"),
    ("opt_frac", "A35.1", "/3$ seeds at $\\gamma=0.80$", "3"),
    ("speedup", "A31.11", "optimum: the $3.8\\times$ speed-up", "3.8"),
    ("speedup", "A35.1", "$\\gamma=0$: $3.8\\times$ faster", "3.8"),
    ("g0", "A35.1", "$\\gamma=0$: $3.8\\times$", "0"),
    ("g0_frac", "A35.1", "against $2/3$ seeds", "2"),
    ("g0_frac", "A35.1", "against $2/3$ seeds and", "3"),
    ("g0_mean", "A35.1", "seeds and $2700$ steps at", "2700"),
    ("w128", "A31.11", "at $d_{k}=128$, on the", "128"),
    ("w128", "A35.1", "At $d_{k}=128$ and $N=12$,", "128"),
    ("layers", "A35.1", "and $N=12$, single-layer", "12"),
    ("within", "A35.1", "within $18\\%$ of the", "18"),
    ("closes", "A31.11", "$\\gamma\\simeq 0.9$ cutoff", "0.9"),
    ("closes", "A31.11", "$\\gamma\\approx 0.9$: that was", "0.9"),
    ("closes", "A35.1", "$\\gamma\\approx 0.9$ — but that", "0.9"),
    ("rowref", "A35.1", "$\\gamma=0.60$ and why", "0.60"),
    ("planned", "A35.1", "$49$ of $80$ runs; §A31.11", "80"),
    ("done", "A35.1", "stopped at $49$ of $80$", "49"),
    ("p913", "A35.1", "sweeps at $91.3$M parameters", "91.3"),
    ("lr", "A31.11", "property of $3\\!\\times\\!10^{-4}$,", "3", "3e-4"),
    ("budget", "A31.11", "null at $3000$ steps would", "3000"),
    ("budget", "A31.11", "across $3000$ steps.", "3000"),
    ("emerge_pct", "A31.11", "reached $50\\%$ at its", "50"),
    ("emerge_pct", "A31.11", "range\tsteps to $50\\%$\tverdict", "50"),
    ("emerge_pct", "A31.11", "steps to $50\\%$ induction", "50"),
    ("emerge_pct", "A31.11", "not reach $50\\%$ within", "50"),
    ("scale", "A31.11", "$(1+2\\gamma)^{2}$ — $9.0$ at $\\gamma=1.0$", "9.0"),
    ("scale", "A31.11", "$\\gamma=1.0$ against", "1.0"),
    ("scale", "A31.11", "against $4.0$ at $\\gamma=0.5$.", "4.0"),
    ("scale", "A31.11", "$\\gamma=0.5$. At a fixed", "0.5"),
    ("chance", "A31.11", "$\\ln 8192=9.0109$) exactly", "9.0109"),
    ("vocab", "A31.11", "against $\\ln 8192=9.0109$)", "8192"),
    ("train_loss", "A31.7", "moves from $9.04$ to $9.01$", "9.04"),
    ("train_loss", "A31.7", "$9.04$ to $9.01$ across", "9.01"),
    ("train_loss", "A31.11", "moves from $9.04$ to $9.01$", "9.04"),
    ("train_loss", "A31.11", "$9.04$ to $9.01$ across", "9.01"),
    ("dead", "A31.11", "retest $\\gamma=1.20$.", "1.20"),
    ("dead", "A31.11", "$\\gamma=1.20$ was never", "1.20"),
)


def _values(places: tuple[tuple[str, ...], ...]) -> dict[str, tuple[str, ...]]:
    """key -> the claim values of its places, in order."""
    out: dict[str, list[str]] = {}
    for p in places:
        out.setdefault(p[0], []).append(p[4] if len(p) > 4 else p[3])
    return {k: tuple(v) for k, v in out.items()}


def _place_locators(cert: str, claim: str, places: tuple[tuple[str, ...], ...], last: int = 0) -> tuple[Locator, ...]:
    """The locators of ``places`` (``last``: only of its last so many entries, indexed within the whole)."""
    seen: dict[str, int] = {}
    out = []
    for n, p in enumerate(places):
        i = seen.get(p[0], 0)
        seen[p[0]] = i + 1
        if last and n < len(places) - last:
            continue
        out.append(_t(P, cert, f"{claim}[{p[0]!r}][{i}]", p[3], p[1], p[2]))
    return tuple(out)


A31E_TEXT = _values(A31E_PLACES)

LOCATORS += (
    _grid(P, A31E, "t112", "112", T112_COLS, _t112_grid())
    + tuple(
        _t(P, A31E, f"t112[{row!r}][{j}][{k}]", printed, "A31.7", anchor)
        for (row, j), places in _T112_BY_TEXT.items()
        for k, (anchor, printed) in enumerate(places)
    )
    + _place_locators(A31E, "text", A31E_PLACES)
)

# =====================================================================================================
# A31.11: the decisive experiment (certificate A31.cutoff)
# =====================================================================================================

A31C = "A31.cutoff"
#: the untitled arms table of §A31.11: arm -> (warmup steps or None, gamma, LR, budget, seeds)
ARMS = {
    "A": (None, "1.00", "3.0e-4", "3000", "1"),
    "B": ("200", "1.00", "3.0e-4", "3000", "3"),
    "C": (None, "1.00", "3.3e-5", "6000", "3"),
    "D": ("200", "0.80", "3.0e-4", "3000", "2"),
    "E": (None, "0.80", "4.4e-5", "6000", "2"),
}
#: (arm, index in ARMS[arm], anchor) of the numbers of the arms table that an anchor holds once (arm B's
#: seed count "3", whose row also prints 3000, is located by position in ``psa_lead``)
_ARMS_AT = (
    ("A", 1, "(replication)\t$1.00$"),
    ("A", 2, "(replication)\t$1.00$\t$3.0"),
    ("A", 3, "$3000$\t1\tcontrol"),
    ("A", 4, "3000$\t1"),
    ("B", 0, "B\t$200$"),
    ("B", 1, "warmup\t$1.00$"),
    ("B", 2, "warmup\t$1.00$\t$3.0"),
    ("B", 3, "$3000$\t3\tdecisive"),
    ("C", 1, "^{2}$\t$1.00$"),
    ("C", 2, "$3.3\\!\\times"),
    ("C", 3, "$6000$\t3\tdecisive"),
    ("C", 4, "6000$\t3"),
    ("D", 0, "D\t$200$"),
    ("D", 1, "warmup\t$0.80$"),
    ("D", 2, "$0.80$\t$3.0"),
    ("D", 3, "$3000$\t2\tcontrol"),
    ("D", 4, "3000$\t2"),
    ("E", 1, "^{2}$\t$0.80$"),
    ("E", 2, "$4.4\\!\\times"),
    ("E", 3, "$6000$\t2\tcontrol"),
    ("E", 4, "6000$\t2"),
)


def _arm_locators() -> tuple[Locator, ...]:
    return tuple(
        _t(P, A31C, f"arms[{arm!r}][{j}]", _printed(ARMS[arm][j] or ""), "A31.11", anchor)
        for arm, j, anchor in _ARMS_AT
    )


T113_COLS = ("outcome", "$E_{\\max}$ range", "steps to $50\\%$", "verdict")
#: Table 113: arm -> ((emerged, seeds), (E_max low, E_max high) or (E_max,), steps or None, the verdict's number)
T113 = {
    "A": (("0", "1"), ("151.8",), None, None),
    "B": (("0", "3"), ("36.0", "106.4"), None, None),
    "C": (("2", "3"), ("0.94", "1.26"), ("1350", "1750"), None),
    "D": (("1", "2"), ("15.6", "27.7"), ("1650",), ("0.449",)),
    "E": (("1", "2"), ("0.54", "0.74"), ("1300",), None),
}

A31C_PLACES: tuple[tuple[str, ...], ...] = (
    ("runs11", "A31.11", "been run: $11$ runs,", "11"),
    ("runs11", "A31.11", "Across all $11$ runs: every", "11"),
    ("runs11", "A35.1", "$11$ runs, $49$ GPU-hours", "11"),
    ("rescued", "A31.11", "rescued $\\gamma=1.00$ and did", "1.00"),
    ("rescued", "A31.11", "$\\gamma=1.00$. Arm\u00a0C", "1.00"),
    ("rescued", "A31.11", "$\\gamma=1.00$ under the", "1.00"),
    ("rescued", "A31.11", "$\\gamma=1.00$ was rescued;", "1.00"),
    ("rescued", "A31.7", "rescues $\\gamma=1.00$ in $2/3$", "1.00"),
    ("rescued", "A31.8", "rerun $\\gamma=1.00$ with the", "1.00"),
    ("rescued", "A31.11", "at $\\gamma=1$ and slows", "1"),
    ("rescued", "A31.8", "rescues $\\gamma=1.00$ in $2/3$", "1.00"),
    ("rescued", "A35.1", "rescues $\\gamma=1.00$ in $2/3$", "1.00"),
    ("c_frac", "A31.11", "emerges in $2/3$ seeds,", "2"),
    ("c_frac", "A31.11", "emerges in $2/3$ seeds,", "3"),
    ("c_frac", "A31.7", "$\\gamma=1.00$ in $2/3$ seeds by", "2"),
    ("c_frac", "A31.7", "$\\gamma=1.00$ in $2/3$ seeds by", "3"),
    ("c_frac", "A31.8", "$\\gamma=1.00$ in $2/3$ seeds while", "2"),
    ("c_frac", "A31.8", "$\\gamma=1.00$ in $2/3$ seeds while", "3"),
    ("c_frac", "A35.1", "$\\gamma=1.00$ in $2/3$ seeds by", "2"),
    ("c_frac", "A35.1", "$\\gamma=1.00$ in $2/3$ seeds by", "3"),
    ("c_steps", "A31.11", "seeds, at $1350$ and $1750$", "1350"),
    ("c_steps", "A31.11", "$1350$ and $1750$ steps,", "1750"),
    ("base_frac", "A31.11", "initialisation, is $0/", "0"),
    ("base_frac", "A31.11", "initialisation, is $0/3$ and", "3"),
    ("a_frac", "A31.11", "and $0/1$ on replication.", "0"),
    ("a_frac", "A31.11", "$0/1$ on replication.", "1"),
    ("c_budget", "A31.11", "within $6000$ steps but", "6000"),
    ("b_frac", "A31.11", "B is $0/", "0"),
    ("b_frac", "A31.11", "B is $0/3$, pinned", "3"),
    ("b_range", "A31.11", "chance ($9.012$–$8.986$", "9.012"),
    ("b_range", "A31.11", "($9.012$–$8.986$ against", "8.986"),
    ("d_frac", "A31.11", "interventions: $1/2$ under warmup", "1"),
    ("d_frac", "A31.11", "interventions: $1/2$ under warmup", "2"),
    ("d_second", "A31.11", "seed at $44.9\\%$ and climbing", "44.9"),
    ("e_frac", "A31.11", "end, $1/2$ under LR", "1"),
    ("e_frac", "A31.11", "end, $1/2$ under LR", "2"),
    ("thr30", "A31.11", "$E_{\\max}\\geq 30$ — four", "30"),
    ("thr30", "A31.11", "$E_{\\max}<30$ — seven", "30"),
    ("thr30", "A31.11", "above $E=30$ is pinned", "30"),
    ("thr30", "A31.11", "climbs past $30$, and the", "30"),
    ("thr30", "A35.1", "$E_{\\max}\\geq 30$ is pinned", "30"),
    ("scaled_range", "A31.11", "unity ($0.54$–$1.26$),", "0.54"),
    ("scaled_range", "A31.11", "($0.54$–$1.26$), warmup", "1.26"),
    ("warm_range", "A31.11", "reaches $36$–$106$.", "36"),
    ("warm_range", "A31.11", "reaches $36$–$106$.", "106"),
    ("warmup", "A31.8", "with a $200$-step warmup.", "200"),
    ("controls", "A31.8", "$\\gamma=0.80$ survives", "0.80"),
    ("controls", "A31.11", "$\\gamma=0.80$ survives", "0.80"),
    ("controls", "A35.1", "$\\gamma=0.80$ survives", "0.80"),
)
A31C_TEXT = _values(A31C_PLACES)

LOCATORS += (
    _arm_locators() + _grid(P, A31C, "t113", "113", T113_COLS, T113) + _place_locators(A31C, "text", A31C_PLACES)
)

# Remark 65's band at (128, 512), its factor and the cutoff, printed in §A31.7 and again later
# (certificate rem65 of certificates/psa/sec5_6_transition.py)
LOCATORS += (
    _t(P, "rem65", "printed_band[0]", "0.787", "A31.7", "a band $[0.787,\\,2.245]$"),
    _t(P, "rem65", "printed_band[1]", "2.245", "A31.7", "$[0.787,\\,2.245]$ rather"),
    _t(P, "rem65", "printed_factor", "2.5", "A31.7", "factor of $2.5$ below the"),
    _t(P, "rem65", "printed_band[1]", "2.245", "A31.11", "$\\gamma_{+}=2.245$ (Remark"),
    _t(P, "rem65", "printed_band[1]", "2.245", "A36.1", "$\\gamma_{+}=2.245$ (Remark"),
)

A31E_PLACES += (
    ("full_frac", "A31.7", "emergence ($3/", "3"),
    ("full_frac", "A31.7", "/3$) begins", "3"),
    ("full_frac", "A31.7", "that give $3/", "3"),
    ("full_frac", "A31.7", "/3$. Its one", "3"),
    ("full_frac", "A31.9", "show $3/", "3"),
    ("full_frac", "A31.9", "/3$ emergence", "3"),
)
A31E_TEXT = _values(A31E_PLACES)
LOCATORS += _place_locators(A31E, "text", A31E_PLACES, last=6)

_SINGLE_RUN = (
    "a measurement of single runs (a diagnostic of one or two seeds) reported once; no relation printed in the "
    "paper constrains it"
)
NOT_CHECKABLE += (
    _nc_text(P, "A31.6", "each sequence is periodic with its own period $p\\sim\\mathcal{U}\\{192,288\\}$", _CONFIG),
    _nc_text(P, "A31.6", "Scoring is on positions $320$–", _CONFIG),
    _nc_text(P, "A31.6", "evaluation set of $24{,}576$ positions", _CONFIG),
    _nc_text(P, "A31.6", "batch $64$, gradient clip $1.0$, fp32", _CONFIG),
    _nc_text(P, "A31.6", "a run halts $300$ steps after", _CONFIG),
    _nc_cells(
        P,
        "112",
        "the mean final energy ratio of two failed runs at gamma = 0.20: §A31.8's ranges cover failures at "
        "gamma <= 0.10 and >= 1.00 only, so no printed relation constrains it",
        row="$0.20$",
        column="$\\bar{E}$",
    ),
    _nc_text(P, "A31.8", "peak $z$ is $3.20$ at", _SINGLE_RUN),
    _nc_text(P, "A31.8", "against $3.53$ at the", _SINGLE_RUN),
    _nc_text(P, "A31.8", "falls to $0.35$–$0.46$", _SINGLE_RUN),
    _nc_text(
        P,
        "A31.9",
        "($R^{2}=0.947$) to optima measured at depths $N\\in\\{1,2,4,",
        "the goodness of fit and the fitted depths of Section A6's depth law, quoted from there; no relation in "
        "A31 constrains them",
    ),
    _nc_text(
        P,
        "A31.10",
        "budgets of $6000$ and $8000$ steps",
        "the budgets of supplementary probes that contribute "
        "to no number in the paper (the text says so); no relation constrains them",
    ),
    _nc_text(P, "A31.10", "reached it at step $400$", _SINGLE_RUN),
    _nc_text(P, "A31.11", "reaching $96.2\\%$ and $94.4\\%$ accuracy", _SINGLE_RUN),
    _nc_text(P, "A31.11", "monotonically from $9.015$ to $8.833$", _SINGLE_RUN),
)

# =====================================================================================================
# A32: the two parameter-efficiency runs (certificate A32.efficiency)
# =====================================================================================================

A32 = "A32.efficiency"
_GJ = "Goliath\u00a0Jr"
T114_COLS = ("Params", "Layers", "$d_{\\mathrm{model}}$", "Heads", "Momentum")
#: Tables 114 and 118: model -> (params in M, layers, d_model, heads, gamma or None)
T114 = {
    "Goliath": ("406", "24", "1024", "16", None),
    "David": ("163", "12", "768", "12", "0.8"),
    _GJ: ("163", "12", "768", "12", None),
}
T118 = {
    "Goliath": ("319", "24", "1024", "16", None),
    "David": ("98", "12", "768", "12", "0.8"),
    _GJ: ("98", "12", "768", "12", None),
}
T115_COLS = ("Params", "Momentum", "Fluency loss", "Logic loss")
#: Tables 115 and 119: model -> (params, gamma or None, fluency loss, logic loss)
T115 = {
    "Goliath": ("406", None, "10.7745", "0.6935"),
    "David": ("163", "0.8", "10.8214", "0.6933"),
    _GJ: ("163", None, "10.7863", "0.6934"),
}
T119 = {
    "Goliath": ("319", None, "7.7732", "0.6932"),
    "David": ("98", "0.8", "8.1538", "0.6933"),
    _GJ: ("98", None, "7.9205", "0.6934"),
}
T116_COLS = ("Statement", "Margin")
#: Tables 116 and 120: hypothesis -> ((David's params, Goliath's params) or None, margin %)
T116: dict[str, tuple[Optional[tuple[str, str]], str]] = {
    "H1": (("163", "406"), "-0.4"),
    "H2": (None, "-0.0"),
    "H3": (None, "-0.3"),
}
T120: dict[str, tuple[Optional[tuple[str, str]], str]] = {
    "H1": (("98", "319"), "-4.9"),
    "H2": (None, "+0.0"),
    "H3": (None, "-2.9"),
}
#: Table 117: patch -> (before, after, the rationale's number)
T117 = {
    "Batch size": ("8", "64", "2.83"),
    "Vocabulary": ("50257", "8192", "6"),
    "Learning rate": ("3e-4", "6e-4", None),
}
_T117_TEXT = {"50257": "50{,}257", "8192": "8{,}192"}

A32_PLACES: tuple[tuple[str, ...], ...] = (
    ("david_g", "A32.1", "momentum at $\\gamma=0.8$.", "0.8"),
    ("params_h", "A32.1", "David ($163$M\u00a0+\u00a0momentum)", "163"),
    ("params_h", "A32.1", "Goliath ($406$M without", "406"),
    ("r1_vocab", "A32.1", "Vocabulary $50{,}257$ (standard", "50{,}257", "50257"),
    ("r1_vocab", "A32.1", "initial $\\ln(50{,}257)\\approx", "50{,}257", "50257"),
    ("r1_vocab", "A32.1", "at $\\ln(50{,}257)\\approx", "50{,}257", "50257"),
    ("r1_vocab", "A32.1", "vocabulary $50{,}257$ and batch", "50{,}257", "50257"),
    ("r1_vocab", "A32.2", "reduced from $50{,}257$ to $8{,}192$,", "50{,}257", "50257"),
    ("r1_vocab", "A32.3", "steps on a $50{,}257$- or", "50{,}257", "50257"),
    ("r2_vocab", "A32.2", "loss $\\ln(8{,}192)\\approx", "8{,}192", "8192"),
    ("r2_vocab", "A32.2", "$50{,}257$ to $8{,}192$, parameter", "8{,}192", "8192"),
    ("r2_vocab", "A32.3", "vocabulary $8{,}192$ is still", "8{,}192", "8192"),
    ("r2_vocab", "A32.3", "$50{,}257$- or $8{,}192$-vocabulary", "8{,}192", "8192"),
    ("r1_batch", "A32.1", "BPE), batch $8$, $10{,}000$", "8"),
    ("r1_batch", "A32.1", "and batch $8$, the probability", "8"),
    ("r1_lr", "A32.1", "with lr $3\\!\\times\\!10^{-4}$,", "3", "3e-4"),
    ("steps", "A32", "on a $10{,}000$-step training", "10{,}000", "10000"),
    ("steps", "A32.1", "batch $8$, $10{,}000$ training", "10{,}000", "10000"),
    ("steps", "A32.1", "the R₁: final losses after $10{,}000$ steps.", "10{,}000", "10000"),
    ("steps", "A32.1", "115: R₁: final losses after $10{,}000$ steps.", "10{,}000", "10000"),
    ("steps", "A32.1", "(right) over $10{,}000$ training", "10{,}000", "10000"),
    ("steps", "A32.1", "improvement over $10{,}000$ steps on", "10{,}000", "10000"),
    ("steps", "A32.2", "the R₂: final losses after $10{,}000$ steps with patches.", "10{,}000", "10000"),
    ("steps", "A32.2", "R₂: final losses after $10{,}000$ steps with patches. Fluency", "10{,}000", "10000"),
    ("steps", "A32.3", "$\\leq 64$, $10{,}000$ training", "10{,}000", "10000"),
    ("steps", "A32.3", "difficulty. $10{,}000$ steps on", "10{,}000", "10000"),
    ("steps", "A32.3", "parameters with $10{,}000$ steps on", "10{,}000", "10000"),
    ("mix", "A32", "with a $90\\%$-fluency", "90"),
    ("mix", "A32", "$90\\%$-fluency / $10\\%$-logic", "10"),
    ("mix", "A32.3", "steps on a $90\\%$-fluency", "90"),
    ("below5", "A32", "margins below $5\\%$. We report", "5"),
    ("below5", "A32.3", "(R₁) and $<5\\%$ (R₂).", "5"),
    ("below05", "A32.1", "margins are $<0.5\\%$.", "0.5"),
    ("below05", "A32.3", "margins of $<0.5\\%$ (R₁)", "0.5"),
    ("between", "A32.2", "between $3$ and", "3"),
    ("between", "A32.2", "and $5\\%$.", "5"),
    ("ln_v1", "A32.1", "$\\ln(50{,}257)\\approx 10.82$ plateau", "10.82"),
    ("ln_v1", "A32.1", "$\\ln(50{,}257)\\approx 10.82$ and ends", "10.82"),
    ("ln_v1", "A32.2", "(down from $10.82$); phase", "10.82"),
    ("ln2", "A32.1", "at $\\ln(2)=0.6931$", "2"),
    ("ln2", "A32.1", "$\\ln(2)=0.6931$ from step", "0.6931"),
    ("ends", "A32.1", "$\\approx 10.78$ for all", "10.78"),
    ("improve", "A32.1", "That is a $0.4\\%$ improvement", "0.4"),
    ("ln_v2", "A32.2", "$\\ln(8{,}192)\\approx 9.03$ (down from", "9.03"),
    ("ln_v2", "A32.2", "(drops from $9.03$ to", "9.03"),
    ("r2_range", "A32.2", "$9.03$ to $7.77$–$8.15$),", "7.77"),
    ("r2_range", "A32.2", "$7.77$–$8.15$), confirming", "8.15"),
    ("max_batch", "A32.3", "batch $\\leq 64$, $10{,}000$", "64"),
    ("icl_vocab", "A32.3", "the $V\\!=\\!1{,}000$ used in", "1{,}000", "1000"),
    ("icl_vocab", "A30.1", "vocabulary $1{,}000$, anchor", "1{,}000", "1000"),
    ("repeat_margins", "A33.3", "near-misses ($-0.4\\%$,", "-0.4"),
    ("repeat_margins", "A33.3", "$-0.4\\%$, $-4.9\\%$) honestly", "-4.9"),
)
A32_TEXT = _values(A32_PLACES)


def _a32_locators() -> tuple[Locator, ...]:
    out: list[Locator] = []
    for table, data, cols in (
        ("114", T114, T114_COLS),
        ("118", T118, T114_COLS),
        ("115", T115, T115_COLS),
        ("119", T119, T115_COLS),
    ):
        claim = {"114": "t114", "118": "t118", "115": "t115", "119": "t119"}[table]
        out += _grid(P, A32, claim, table, cols, data)
    hyps: tuple[tuple[str, dict[str, tuple[Optional[tuple[str, str]], str]], str], ...] = (
        ("116", T116, "t116"),
        ("120", T120, "t120"),
    )
    for table, hyp, claim in hyps:
        for row, (stmt, margin) in hyp.items():
            if stmt is not None:
                out += [
                    _tab(P, A32, f"{claim}[{row!r}][0][{k}]", v, table, row, "Statement") for k, v in enumerate(stmt)
                ]
            out.append(_tab(P, A32, f"{claim}[{row!r}][1]", margin, table, row, "Margin"))
    for row, vals in T117.items():
        for j, v in enumerate(vals):
            if v is not None:
                col = ("Before (R1)", "After (R2)", "Rationale")[j]
                out.append(_tab(P, A32, f"t117[{row!r}][{j}]", _T117_TEXT.get(v, _printed(v)), "117", row, col))
    return tuple(out)


LOCATORS += _a32_locators() + _place_locators(A32, "text", A32_PLACES)

NOT_CHECKABLE += (
    _nc_cells(
        P,
        "115",
        "the wall-clock time of one training run on the authors' hardware; no relation printed in "
        "the paper constrains it",
        column="Wall-clock",
    ),
    _nc_cells(
        P,
        "119",
        "the wall-clock time of one training run on the authors' hardware; no relation printed in "
        "the paper constrains it",
        column="Wall-clock",
    ),
    _nc_text(P, "A32.1", "with base\u00a0$10{,}000$ and block size $512$", _CONFIG),
    _nc_text(
        P,
        "A32.1",
        "from step $\\sim 500$ onward",
        "the step at which a training curve flattens, read off a figure; no relation constrains it",
    ),
    _nc_text(
        P,
        "A32.1",
        "a $\\sim 200$–$400$M-parameter",
        "a loose size description of the models of Table 114 "
        "(163M-406M), not a reported result; no relation with a stated tolerance constrains it",
    ),
    _nc_text(
        P,
        "A32.2",
        "at steps $500$–$1500$ as",
        "an expectation stated before the run (where a phase "
        "transition should appear), not a result; no relation constrains it",
    ),
    _nc_text(
        P,
        "A32",
        "efficiency at 300M parameters:",
        "a loose size description of the R-series (98M-406M "
        "models), not a reported result; no relation with a stated tolerance constrains it",
    ),
    _nc_text(
        P,
        "A32.3",
        "at $\\sim 300$M parameters,",
        "a loose size description of the R-series (98M-406M "
        "models), not a reported result; no relation with a stated tolerance constrains it",
    ),
    _nc_text(
        P,
        "A32.3",
        "mix at $300$M parameters",
        "a loose size description of the R-series (98M-406M "
        "models), not a reported result; no relation with a stated tolerance constrains it",
    ),
    _nc_text(
        P,
        "A32.3",
        "At $\\sim 300$M parameters",
        "a loose size description of the R-series (98M-406M "
        "models), not a reported result; no relation with a stated tolerance constrains it",
    ),
)

# =====================================================================================================
# A33: the Tranche 2 synthesis (certificate A33.synthesis)
# =====================================================================================================

A33 = "A33.synthesis"
_NAB, _INT = "$\\nabla$", "$\\int$"
#: Table 121: (task, class, peak gain) in the printed order; the first 18 rows are Table 90's (A23.7)
T121_ROWS: tuple[tuple[str, str, str], ...] = (
    ("Associative Recall", _NAB, "+0.368"),
    ("Variable Tracking", _NAB, "-0.046"),
    ("Global Counting", _INT, "-0.322"),
    ("Multi-Hop eased", _NAB, "+0.007"),
    ("Variable Tracking", _NAB, "+0.156"),
    ("Multi-Hop w/ neg.", _NAB, "+0.001"),
    ("Arithmetic CoT", _NAB, "+0.606"),
    ("Global Counting", _INT, "+0.005"),
    ("Arithmetic Carry", _NAB, "+0.082"),
    ("List Reversal", _NAB, "+0.000"),
    ("Parity", _NAB, "+0.029"),
    ("Sorting", _INT, "-0.013"),
    ("Natural Induction", _NAB, "+0.744"),
    ("Majority", _INT, "+0.000"),
    ("Induction", _NAB, "+0.591"),
    ("Trajectory", _NAB, "+0.040"),
    ("Dyck", _NAB, "+0.016"),
    ("Assoc. Recall sweep", _NAB, "+0.580"),
    ("ICL stress test (rep loss)", _NAB, "-0.5253"),
)
T121 = tuple(g for _, _, g in T121_ROWS)
T121_CLASSES = tuple("int" if c == _INT else "nabla" for _, c, _ in T121_ROWS)
T121_TASKS = tuple(t for t, _, _ in T121_ROWS)

A33_PLACES: tuple[tuple[str, ...], ...] = (
    ("tasks17", "A33", "synthesis: 17 reasoning", "17"),
    ("tasks17", "A33.1", "program tests $17$ distinct", "17"),
    ("arc17", "A33.3", "across $17$ distinct", "17"),
    ("counts", "A33.1", "Of the $13$ $\\nabla$-tasks", "13"),
    ("counts", "A33.1", "tested, $9$ exhibit", "9"),
    ("counts", "A33.1", "signature; $2$ (Multi-Hop", "2"),
    ("counts", "A33.1", "clean null; $2$ (List Reversal,", "2"),
    ("counts", "A33.1", "Of the $4$ $\\int$-tasks", "4"),
    ("pp", "A33.2", "return $+59.1$\u2009pp,", "+59.1"),
    ("pp", "A33.2", "$+59.1$\u2009pp, $+4.0$\u2009pp,", "+4.0"),
    ("pp", "A33.2", "$+4.0$\u2009pp, and $+1.6$\u2009pp gains", "+1.6"),
    ("pp_arc", "A33.3", "$\\int$-tasks; $+60.6$\u2009pp peak", "+60.6"),
    ("pp_arc", "A33.3", "chain-of-thought; $+74.4$\u2009pp on Natural", "+74.4"),
    ("pp_parity", "A33.4", "at best $+2.9$\u2009pp gain,", "+2.9"),
    ("pp_a35", "A35.3", "gains of $+74.4$\u2009pp (Natural", "+74.4"),
    ("pp_a35", "A35.3", "$+60.6$\u2009pp (hard arithmetic", "+60.6"),
    ("pp_a35", "A35.3", "and $+59.1$\u2009pp (induction", "+59.1"),
    ("ttest", "A33.2", "$t$-test is $t=-2.910$, $p=4.51", "-2.910"),
    ("ttest", "A33.2", "$t=-2.910$, $p=4.51\\!\\times", "4.51", "4.51e-3"),
    ("ttest", "A33.3", "dissociation at $t=-2.91,p=4.51", "-2.91"),
    ("ttest", "A33.3", "$t=-2.91,p=4.51\\!\\times", "4.51", "4.51e-3"),
    ("r_g", "A33.2", "Pearson $r=-0.679$ at $p=9.9", "-0.679"),
    ("r_g", "A33.2", "$r=-0.679$ at $p=9.9\\!\\times", "9.9", "9.9e-4"),
    ("r_g", "A33.3", "with $r=-0.679,p<10^{-3}$,", "-0.679"),
    ("r_g", "A33.3", "$r=-0.679,p<10^{-3}$, Cohen", "10^{-3}", "1e-3"),
    ("r_g", "A35.4", "association $r=-0.679$ of", "-0.679"),
    ("r_d", "A33.2", "gives $r=-0.372$ at $p=2.88", "-0.372"),
    ("r_d", "A33.2", "$r=-0.372$ at $p=2.88\\!\\times", "2.88", "2.88e-5"),
    ("anova", "A33.2", "ANOVA at $F=12.04,p=7.38", "12.04"),
    ("anova", "A33.2", "$F=12.04,p=7.38\\!\\times", "7.38", "7.38e-4"),
    ("anova", "A33.3", "sweet-spot at $F=12.04,p<10^{-3}$;", "12.04"),
    ("anova", "A33.3", "$F=12.04,p<10^{-3}$; the negative-control", "10^{-3}", "1e-3"),
    ("exps", "A33.2", "Section\u00a0A16’s $2{,}000$-experiment", "2{,}000", "2000"),
    ("exps", "A33.3", "G ($2{,}000$-experiment", "2{,}000", "2000"),
    ("exps", "A33.2", "Section\u00a0A23’s $2{,}880$-experiment", "2{,}880", "2880"),
    ("exps", "A33.3", "exhaustive $2{,}880$-run multi-difficulty", "2{,}880", "2880"),
    ("cohen", "A33.2", "Cohen’s $d=1.05$; Section", "1.05"),
    ("cohen", "A33.3", "Cohen’s $d=1.05$), H", "1.05"),
    ("spectral", "A33.3", "F1 (peak $0.95$ at $\\theta=0.05$),", "0.95"),
    ("spectral", "A33.3", "$\\theta=0.05$), F2 ($720$-run", "0.05"),
    ("spectral", "A33.3", "$\\theta=0.05$), F2 ($720$-run rigorous", "720"),
    ("spectral", "A33.3", "sweep, peak $0.599\\pm 0.037$", "0.599"),
    ("spectral", "A33.3", "$0.599\\pm 0.037$ at", "0.037"),
    ("spectral", "A33.3", "$(\\theta,\\gamma)=(0.030,0.80)$),", "0.030"),
    ("spectral", "A33.3", "$(\\theta,\\gamma)=(0.030,0.80)$), F3 (monochromatic", "0.80"),
    ("spectral", "A33.3", "caps at $0.62$, ruling", "0.62"),
    ("spectral", "A33.3", "wins at $96.2\\%$ over", "96.2"),
    ("spectral", "A33.3", "single-frequency at $86.8\\%$ via the", "86.8"),
    ("arc_runs", "A33.3", "notebooks, $4{,}578$ training", "4{,}578", "4578"),
    ("icl", "A33.3", "anchoring ($+8.7\\%$, $+29\\%$", "+8.7"),
    ("icl", "A33.3", "($+8.7\\%$, $+29\\%$ regressions);", "+29"),
    ("bins", "A33.4", "drops from $+0.243$ (hard bin)", "+0.243"),
    ("bins", "A33.4", "bin) to $+0.167$ (very-hard", "+0.167"),
    ("below5", "A33.4", "margins $<5\\%$. Consistent", "5"),
    ("tranche2", "A33", "sub-programs, 4,700 runs", "4,700", "4700"),
    ("tranche2", "A35.1", "and $\\sim$$4{,}700$ runs in", "4{,}700", "4700"),
    ("subprog", "A33", "reasoning tasks, 4 sub-programs,", "4"),
)
A33_TEXT = _values(A33_PLACES)
#: Table 90 (§A23.7) as its own module holds it (located there by A23.table90)
T90_SOURCE = _T90_PEAK

#: The same quantities as printed in their own sections (read by A33.synthesis, located there):
#: §A13 (F1's peak and its theta), §A14 (F2: 720 runs, the peak and its s.d., its (theta, gamma)),
#: §A15 (F3's cap), §A16 (G: 2,000 experiments, r, p, Cohen's d), §A17 (H: 96.2% and 86.8%),
#: §A23 (the arc's 4,578 runs, 2,880 runs, r, p, F, p, the bins' mean gains), §A22 (t, p),
#: §A26-A27 (the +8.7% and +29% regressions).
A33_SOURCES = {
    "spectral": ("0.95", "0.05", "720", "0.599", "0.037", "0.030", "0.80", "0.62", "96.2", "86.8"),
    "r_g": ("-0.679", "9.9e-4"),
    "cohen": ("1.05",),
    "r_d": ("-0.372", "2.88e-5"),
    "anova": ("12.04", "7.38e-4"),
    "ttest": ("-2.910", "4.51e-3"),
    "exps": ("2000", "2880"),
    "arc_runs": ("4578",),
    "icl": ("+8.7", "+29"),
    "bins": ("+0.243", "+0.167"),
}

LOCATORS += tuple(
    _t(P, A33, f"t121[{i}]", g, "A33.1", f"{task}\t{cls}\t${g}$") for i, (task, cls, g) in enumerate(T121_ROWS)
) + _place_locators(A33, "text", A33_PLACES)

NOT_CHECKABLE += (
    _nc_text(
        P,
        "A33.2",
        "at all $28$ tested cells across $5$ seeds",
        "the design of §A22's negative control (cells and seeds) quoted from there; no relation in A33 constrains it",
    ),
    _nc_text(
        P,
        "A33.3",
        "notebooks, $\\sim 2{,}900$ training",
        "a rounded run count of the spectral arc whose "
        "parts (F1, F3, H) the paper does not all count; no relation constrains it",
    ),
    _nc_text(
        P,
        "A33.3",
        "notebooks, $\\sim 5$ wall-clock",
        "wall-clock hours on the authors' hardware; no relation printed in the paper constrains them",
    ),
    _nc_text(
        P,
        "A33.3",
        "notebooks, $\\sim 438$ wall-clock",
        "wall-clock hours on the authors' hardware (the "
        "notebooks' parts are not all printed); no relation constrains them",
    ),
    _nc_text(
        P,
        "A33.4",
        "across $\\sim 450$ runs. The",
        "a rounded run count of two sections' multi-hop notebooks (§A19-A20), quoted; no relation in A33 constrains it",
    ),
)

# =====================================================================================================
# A34: circuit attribution (certificate A34.attribution)
# =====================================================================================================

A34 = "A34.attribution"
#: the untitled table of §A34.3 (averaged over gamma >= 0.5): row -> accuracy drop at N = 2 ... 16
A34_ABL = {
    "global": ("0.861", "0.880", "0.885", "0.888", "0.888", "0.889", "0.891", "0.895"),
    "first": ("0.856", "0.874", "0.878", "0.879", "0.878", "0.878", "0.849", "0.805"),
    # the "last block only" row (0.021 ... 0.000) is not held: no relation reads it (declared below)
    "diff": ("-0.005", "-0.006", "-0.007", "-0.009", "-0.010", "-0.011", "-0.042", "-0.090"),
}
_A34_ROW = {
    "global": "global $\\gamma\\!\\to\\!0$",
    "first": "first block only",
    "last": "last block only",
    "diff": "first $-$ global",
}
#: anchors of the cells whose value repeats in their row: (row, index) -> anchor; None: not anchorable
#: (the second and third "0.000" of the last-block row: every piece of the row that holds either holds
#: another, and an anchor cannot name the line's end)
_A34_ABL_AT = {
    ("global", 3): "$0.885$\t$0.888$",
    ("global", 4): "$0.888$\t$0.889$",
    ("first", 2): "$0.874$\t$0.878$",
    ("first", 4): "$0.879$\t$0.878$",
    ("first", 5): "$0.878$\t$0.849$",
    ("last", 5): "$0.001$\t$0.000$",
    ("last", 6): None,
    ("last", 7): None,
}


def _a34_abl_locators() -> tuple[Locator, ...]:
    out = []
    for key, row in A34_ABL.items():
        for j, v in enumerate(row):
            if (key, j) in _A34_ABL_AT:
                anchor = _A34_ABL_AT[(key, j)]
                if anchor is None:
                    continue
            else:
                anchor = f"{_A34_ROW[key]}\t" + "\t".join(f"${x}$" for x in row[: j + 1])
                if anchor.count(v) != 1:
                    anchor = "\t".join(f"${x}$" for x in row[j:]) + ("" if j < 7 else "")
            out.append(_t(P, A34, f"abl[{key!r}][{j}]", v, "A34.3", anchor))
    return tuple(out)


A34_PLACES: tuple[tuple[str, ...], ...] = (
    ("models", "A34", "Appendix_R2_Mechanism.ipynb. $192$ models:", "192"),
    ("models", "A34.3", "$153$ of $192$ cells labelled", "192"),
    ("models", "A34.4", "Pooled over $192$ cells the", "192"),
    ("models", "A35", "its $192$ models", "192"),
    ("depths", "A34", "$N\\in\\{2,", "2"),
    ("depths", "A34", "\\{2,4,5,6,7,8,12,16\\}$", "4"),
    ("depths", "A34", "\\{2,4,5,6,7,8,12,16\\}$", "5"),
    ("depths", "A34", "\\{2,4,5,6,7,8,12,", "6"),
    ("depths", "A34", "\\{2,4,5,6,7,8,12,16\\}$", "7"),
    ("depths", "A34", "\\{2,4,5,6,7,8,12,16\\}$", "8"),
    ("depths", "A34", "$N\\in\\{2,4,5,6,7,8,12,16\\}$ crossed", "12"),
    ("depths", "A34", "$N\\in\\{2,4,5,6,7,8,12,16\\}$ crossed", "16"),
    ("couplings", "A34", "$\\gamma\\in\\{0,", "0"),
    ("couplings", "A34", "$\\gamma\\in\\{0,0.25,0.5,0.75,0.9,1.25,1.75,2.5\\}$,", "0.25"),
    ("couplings", "A34", "$\\gamma\\in\\{0,0.25,0.5,0.75,0.9,1.25,1.75,2.5\\}$,", "0.5"),
    ("couplings", "A34", "$\\gamma\\in\\{0,0.25,0.5,0.75,0.9,1.25,1.75,2.5\\}$,", "0.75"),
    ("couplings", "A34", "$\\gamma\\in\\{0,0.25,0.5,0.75,0.9,1.25,1.75,2.5\\}$,", "0.9"),
    ("couplings", "A34", "$\\gamma\\in\\{0,0.25,0.5,0.75,0.9,1.25,1.75,2.5\\}$,", "1.25"),
    ("couplings", "A34", "$\\gamma\\in\\{0,0.25,0.5,0.75,0.9,1.25,1.75,2.5\\}$,", "1.75"),
    ("couplings", "A34", "$\\gamma\\in\\{0,0.25,0.5,0.75,0.9,1.25,1.75,2.5\\}$, three", "2.5"),
    ("steps", "A34", "seeds each, $3{,}000$ steps,", "3{,}000", "3000"),
    ("steps", "A34.3", "within $3{,}000$ steps.", "3{,}000", "3000"),
    ("heads", "A34.1", "$d_{\\mathrm{model}}=128$, $8$ heads,", "128"),
    ("heads", "A34.1", "$8$ heads,", "8"),
    ("heads", "A34.1", "heads, $d_{k}=16$, vocabulary", "16"),
    ("vocab", "A34.1", "vocabulary $128$, sequence", "128"),
    ("vocab", "A34.1", "accuracy is $1/128=0.0078$.", "128"),
    ("length", "A34.1", "length $128$. Each sequence", "128"),
    ("motif", "A34.1", "$p\\sim\\mathcal{U}\\{24,\\dots,48\\}$", "24"),
    ("motif", "A34.1", "$p\\sim\\mathcal{U}\\{24,\\dots,48\\}$ at a", "48"),
    ("chance", "A34.1", "accuracy is $1/128=0.0078$.", "0.0078"),
    ("chance", "A34.1", "rate of $0.0078$, but far", "0.0078"),
    ("chance", "A34.2", "rate of $0.0078$. A probe", "0.0078"),
    ("chance", "A34.3", "chance $0.0078$: at zero", "0.0078"),
    ("lag", "A34.1", "scores $0.065$ — some", "0.065"),
    ("probe0", "A34.2", "a true $0.0086$ into an", "0.0086"),
    ("probe0", "A34.3", "probe reads $0.0086$ at $\\gamma=0$,", "0.0086"),
    ("gref", "A34.2", "$\\gamma=0$ it turns", "0"),
    ("gref", "A34.3", "$\\gamma=0$, averaged", "0"),
    ("gref", "A34.3", "$\\gamma\\geq 0.5$ it reads", "0.5"),
    ("gref", "A34.3", "over $\\gamma\\geq 0.5$:", "0.5"),
    ("gref", "A34.3", "$\\gamma=0$ column", "0"),
    ("gref", "A34.3", "$\\gamma=0.25$ column,", "0.25"),
    ("gref", "A34.3", "$\\gamma\\geq 0.5$ it lies", "0.5"),
    ("gref", "A34.3", "$\\gamma^{*}=0$ at every", "0"),
    ("gref", "A34.3", "Final accuracy at $\\gamma=0$", "0"),
    ("gref", "A35", "$\\gamma\\geq 0.5$, and zeroing", "0.5"),
    ("nref", "A34.3", "$0.828$ ($N=16$) and", "16"),
    ("nref", "A34.3", "$0.854$ ($N=2$). The channel", "2"),
    ("nref", "A34.3", "at $N=5$ and", "5"),
    ("nref", "A34.3", "at $N=6$ — which", "6"),
    ("nref", "A34.5", "solves at $N=2$, so the", "2"),
    ("cols", "A34.3", "drop\t$N{=}2$\t", "2"),
    ("cols", "A34.3", "\t$4$\t$5$", "4"),
    ("cols", "A34.3", "$4$\t$5$\t$6$", "5"),
    ("cols", "A34.3", "$5$\t$6$\t$7$", "6"),
    ("cols", "A34.3", "$6$\t$7$\t$8$", "7"),
    ("cols", "A34.3", "$7$\t$8$\t$12$", "8"),
    ("cols", "A34.3", "$8$\t$12$\t$16$", "12"),
    ("cols", "A34.3", "$12$\t$16$", "16"),
    ("within", "A34.3", "Up to $N=8$ the first-block", "8"),
    ("within", "A34.3", "within $0.011$, and the", "0.011"),
    ("routes", "A34.3", "output — $153$ of", "153"),
    ("routes", "A34.3", "single-layer PSA, $38$ composition-like,", "38"),
    ("comp", "A34.3", "are. The $38$ composition-like", "38"),
    ("comp", "A34.3", "$\\gamma=0.25$ at $N\\geq", "0.25"),
    ("comp", "A34.3", "at $N\\geq 7$, where", "7"),
    ("corner", "A34.3", "At $N\\geq 12$ and", "12"),
    ("corner", "A34.3", "$\\gamma\\geq 1.75$ the two", "1.75"),
    ("corner", "A34.5", "at $N\\geq 12$, $\\gamma", "12"),
    ("corner", "A34.5", "$\\gamma\\geq 1.75$ is identified", "1.75"),
    ("corner_cells", "A34.3", "separate: $N{=}12,", "12"),
    ("corner_cells", "A34.3", "$N{=}12,\\gamma{=}2.5$ gives", "2.5"),
    ("corner_cells", "A34.3", "gives $0.725$ against", "0.725"),
    ("corner_cells", "A34.3", "against $0.921$; $N{=}16,\\gamma{=}1.75$", "0.921"),
    ("corner_cells", "A34.3", "$0.921$; $N{=}16,", "16"),
    ("corner_cells", "A34.3", "$N{=}16,\\gamma{=}1.75$ gives", "1.75"),
    ("corner_cells", "A34.3", "gives $0.673$ against", "0.673"),
    ("corner_cells", "A34.3", "against $0.924$; $N{=}16", "0.924"),
    ("corner_cells", "A34.3", "$0.924$; $N{=}16,", "16"),
    ("corner_cells", "A34.3", "$N{=}16,\\gamma{=}2.5$ gives", "2.5"),
    ("corner_cells", "A34.3", "gives $0.656$ against", "0.656"),
    ("corner_cells", "A34.3", "against $0.921$. Deep", "0.921"),
    ("half", "A34.3", "is $0.155,", "0.155"),
    ("half", "A34.3", "$0.155,\\,0.154,\\,", "0.154"),
    ("half", "A34.3", ",\\,0.230,\\,", "0.230"),
    ("half", "A34.3", ",\\,0.186,\\,", "0.186"),
    ("half", "A34.3", ",\\,0.398,\\,", "0.398"),
    ("half", "A34.3", ",\\,0.397,\\,", "0.397"),
    ("half", "A34.3", ",\\,0.399,\\,", "0.399"),
    ("half", "A34.3", ",\\,0.400$ across", "0.400"),
    ("regimes", "A34.3", "a law: $0.15$–", "0.15"),
    ("regimes", "A34.3", "–$0.23$ for $N\\leq", "0.23"),
    ("regimes", "A34.3", "for $N\\leq 6$ and", "6"),
    ("regimes", "A34.3", "$ and $0.40$ for $N\\geq", "0.40"),
    ("regimes", "A34.3", "for $N\\geq 7$. The seeds", "7"),
    ("regimes", "A34.3", "at $N\\geq 7$ and disagree", "7"),
    ("seeds5", "A34.3", "— $\\{0.40,", "0.40"),
    ("seeds6", "A34.3", "$\\{0.15,0.32,0.15\\}$", "0.32"),
    ("col25", "A34.3", "reads $0.803,", "0.803"),
    ("col25", "A34.3", "$0.803,\\,0.808,", "0.808"),
    ("col25", "A34.3", "0.808,\\,0.542,", "0.542"),
    ("col25", "A34.3", "0.542,\\,0.669,", "0.669"),
    ("col25", "A34.3", "0.669,\\,0.009,", "0.009"),
    ("col25", "A34.3", "\\,0.009,\\,0.008,", "0.009"),
    ("col25", "A34.3", "0.009,\\,0.008,\\,0.009$", "0.008"),
    ("col25", "A34.3", "0.008,\\,0.009$. Because", "0.009"),
    ("bracket", "A34.3", "at $N\\geq 7$ mean", "7"),
    ("bracket", "A34.3", "“between $0.25$ and", "0.25"),
    ("bracket", "A34.3", "$0.25$ and $0.5$”, not", "0.5"),
    ("bracket", "A34.3", "measured plateau at $0.40$.", "0.40"),
    ("reduced", "A34.3", "At $d_{k}=16$ the critical", "16"),
    ("reduced", "A34.3", "with $p=24$ and zero", "24"),
    ("reduced", "A34.3", "length $127$, so the", "127"),
    ("reduced", "A34.3", "$T_{\\mathrm{eff}}\\in[25,", "25"),
    ("reduced", "A34.3", "[25,127]$ and", "127"),
    ("reduced", "A34.3", "$\\gamma_{c}\\in[0.832,", "0.832"),
    ("reduced", "A34.3", ",0.924]$. The analysis", "0.924"),
    ("reduced", "A34.3", "uses $0.899$ as its", "0.899"),
    ("reduced", "A34.3", "bounds $[48,", "48"),
    ("reduced", "A34.3", ",128]$; the difference", "128"),
    ("reduced", "A34.3", "between $0.878$ and", "0.878"),
    ("reduced", "A34.3", "$0.878$ and $0.899$ — and", "0.899"),
    ("ratio", "A34.3", "between $0.17\\gamma", "0.17"),
    ("ratio", "A34.3", "and $0.45\\gamma_{c}$.", "0.45"),
    ("a4", "A34.3", "independently: $0.225$ and", "0.225"),
    ("a4", "A34.3", "and $0.275$ against", "0.275"),
    ("a4", "A34.3", "predicted $0.737$, ratios", "0.737"),
    ("a4", "A34.3", "ratios of $0.31$ and", "0.31"),
    ("a4", "A34.3", "and $0.37$.", "0.37"),
    ("law", "A35.1", "$\\gamma^{*}=4.17/N^{0.73}$,", "4.17"),
    ("law", "A35.1", "$\\gamma^{*}=4.17/N^{0.73}$, and three", "0.73"),
    ("registered", "A34.3", "$\\gamma^{*}(16)=0.555$", "16"),
    ("registered", "A34.3", "$\\gamma^{*}(16)=0.555$ remains", "0.555"),
    ("registered", "A34.3", "$\\max\\gamma_{1/2}=0.400$, and", "0.400"),
    ("registered", "A34.3", "not reach $0.400$ until", "0.400"),
    ("registered", "A34.3", "$N\\approx 25$. The prediction", "25"),
    ("ratios", "A34.4", "factor of $1.44$, $1.42$", "1.44"),
    ("ratios", "A34.4", "$1.44$, $1.42$ and $1.39$", "1.42"),
    ("ratios", "A34.4", "$1.42$ and $1.39$ in the", "1.39"),
    ("ratios", "A34.4", "seeds (mean $1.42$, s.d.", "1.42"),
    ("ratios", "A34.4", "s.d. $0.03$). Computed", "0.03"),
    # the gamma = 0 null of A34.3, quoted in §A31.7 (as "the same task family at nano scale")
    ("null", "A34.3", "$\\gamma=0$ is $0.991$–", "0.991"),
    ("null", "A34.3", "reached in $500$–", "500"),
    ("quoted", "A31.7", "reaches $0.99$ in", "0.99"),
    ("quoted", "A31.7", "$0.99$ in $500$ steps;", "500"),
    ("quoted", "A31.7", "has $d_{k}=16$, vocabulary", "16"),
    ("quoted", "A31.7", "vocabulary $128$ and length", "128"),
    ("quoted", "A31.7", "length $128$, against", "128"),
    ("gref", "A31.7", "$\\gamma^{*}=0$ at every depth and", "0"),
)
A34_TEXT = _values(A34_PLACES)
#: the depth and coupling grids (settings: the independent variables the relations range over)
A34_GRID = {k: A34_TEXT.pop(k) for k in ("depths", "couplings")}


def _a34_text_locators(places: tuple[tuple[str, ...], ...], last: int = 0) -> tuple[Locator, ...]:
    out = []
    for loc in _place_locators(A34, "text", places, last):
        key = loc.claim.split("'")[1]
        if key in A34_GRID:
            out.append(
                Locator(
                    P, A34, loc.claim.replace("text[", "grid[", 1), loc.printed, loc.section, loc.anchor, setting=True
                )
            )
        else:
            out.append(loc)
    return tuple(out)


LOCATORS += _a34_abl_locators() + _a34_text_locators(A34_PLACES)

NOT_CHECKABLE += (
    _nc_text(
        P,
        "A34",
        "steps, $326$ minutes",
        "wall-clock minutes on the authors' hardware; no relation printed in the paper constrains them",
    ),
    _nc_text(P, "A34.1", "period scores $1.000$. That second", _SINGLE_RUN),
    _nc_text(P, "A34.1", "established at $1.000$ by this", _SINGLE_RUN),
    _nc_text(P, "A34.1", "oracle scores $1.000$. That single", _SINGLE_RUN),
    _nc_text(P, "A34.2", "over $\\{10^{-3},\\dots,10\\}$,", _CONFIG),
    _nc_text(
        P,
        "A34.3",
        "last block only\t$0.021$",
        "the last-block ablation's drop (the text says only, qualitatively, that it 'costs nothing'); no printed "
        "relation bounds it",
    ),
    _nc_text(
        P,
        "A34.3",
        "$0.008$\t$0.003$\t$0.002$\t$0.001$\t$0.000$\t$0.000$\t$0.000$",
        "the last-block ablation's drop (the text says only, qualitatively, that it 'costs nothing'); no printed "
        "relation bounds it",
    ),
    _nc_text(
        P,
        "A34.3",
        "\\{0.40,0.15,0.15\\}$ at $N=5$ and $\\{0.15,0.32,0.15\\}$",
        "a seed's threshold equal to another seed's: the paper prints no relation combining the seeds (the pooled "
        "value is neither their mean nor their median); only the set's extremes bound the pooled value, and this "
        "copy does not set them alone",
    ),
    _nc_text(
        P,
        "A34.2",
        "averages $+0.024$, and",
        "the grid-average in-sample inflation of the probe, reported once; no "
        "relation printed in the paper constrains it",
    ),
    _nc_text(
        P,
        "A34.2",
        "apparent $0.0398$ against",
        "the in-sample probe accuracy at gamma = 0, reported once; no relation printed in the paper constrains it",
    ),
    _nc_text(
        P,
        "A34.3",
        "it reads $0.760$ on average, with a maximum per depth between $0.828$",
        "probe accuracies averaged over cells that no table lists; no relation printed in the paper constrains them",
    ),
    _nc_text(
        P,
        "A34.3",
        "and $0.854$ ($N=2$)",
        "probe accuracies averaged over cells that no table lists; no relation printed in the paper constrains them",
    ),
    _nc_text(
        P,
        "A34.3",
        "(probe above $0.5$, ablation drops above $0.10$, previous-token statistic above $0.30$)",
        "stipulated thresholds of the route classifier (settings of the notebook, not results); no relation "
        "constrains them",
    ),
    _nc_text(
        P,
        "A34.3",
        "at $N\\approx 8.3$. No",
        "the crossing depth of a prediction registered before training, quoted; no printed relation recomputes it",
    ),
    _nc_text(P, "A34.3", "is $0.991$–$0.995$ across depths, reached in $500$–$833$ steps", _SINGLE_RUN),
    _nc_text(P, "A34.3", "lies between $0.88$ and $0.94$ and the $90\\%$ threshold", _SINGLE_RUN),
    _nc_text(P, "A34.3", "evaluated every $250$ steps", _CONFIG),
    _nc_text(
        P,
        "A34.4",
        "at $r=+0.425$. Mean",
        "a correlation over the 192 cells, reported once with no p-value or n-dependent statistic to check it against",
    ),
    _nc_text(
        P,
        "A34.4",
        "runs from $1.25$ to $1.67$",
        "per-depth ratios that no table lists; no relation printed in the paper constrains them",
    ),
    _nc_text(P, "A34.5", "$\\gamma\\in[0.1,0.6]$ would", "the range of a proposed future sweep, not a result"),
    _nc_text(P, "A36", "$\\gamma\\in[0.1,0.6]$ would", "the range of a proposed future sweep, not a result"),
)

# =====================================================================================================
# A35-A36: the corpus totals, the verdict matrix's quotes, the open questions (certificate A35.closure)
# =====================================================================================================

A35 = "A35.closure"
A35_PLACES: tuple[tuple[str, ...], ...] = (
    ("total", "A35", "the $\\sim$$9{,}377$ counted", "9{,}377", "9377"),
    ("total", "A35.1", "approximately $9{,}377$ training", "9{,}377", "9377"),
    ("total", "A35.1", "roughly $9{,}377$ training", "9{,}377", "9377"),
    ("total", "A35.5", "approximately $9{,}377$ training", "9{,}377", "9377"),
    ("tranche1", "A35.1", "as: $\\sim$$4{,}600$ runs in", "4{,}600", "4600"),
    ("sweeps", "A35.1", "and the $77$ runs ($49+17+11$)", "77"),
    ("sweeps", "A35.1", "$77$ runs ($49+17+11$)", "49"),
    ("sweeps", "A35.1", "runs ($49+17+11$) of", "17"),
    ("sweeps", "A35.1", "($49+17+11$) of the", "11"),
    ("gpuh", "A35.1", "approximately $200$ GPU-hours", "200"),
    ("gpuh", "A35.1", "§A31.6, plus $261.8$ GPU-hours", "261.8"),
    ("gpuh", "A35.1", "themselves ($159.1$ for the", "159.1"),
    ("gpuh", "A35.1", "sweep, $53.7$ for the", "53.7"),
    ("gpuh", "A35.1", "sweep and $49.0$ for the", "49.0"),
    ("gpuh", "A35.1", "excess of $450$ GPU-hours", "450"),
    ("gpuh_src", "A31.6", "$49$ runs, $159.1$ GPU-hours,", "159.1"),
    ("gpuh_src", "A31.6", "runs, $53.7$ GPU-hours, all", "53.7"),
    ("gpuh_src", "A35.1", "$11$ runs, $49$ GPU-hours)", "49"),
    ("gpuh_src", "A31.11", "$11$ runs, $49.0$ GPU-hours,", "49.0"),
    ("params917", "A35.1", "sweep at $91.7$M parameters", "91.7"),
    ("fp24", "A35.2", "FP-24: $69.1\\pm 8.2\\%$", "69.1"),
    ("fp24", "A35.2", "$69.1\\pm 8.2\\%$ vs", "8.2"),
    ("fp24", "A35.2", "vs $1.6\\%$ ($43", "1.6"),
    ("fp24", "A35.2", "$1.6\\%$ ($43\\times$)", "43"),
    ("quotes", "A35.2", "directional slope $+0.307$; band-4", "+0.307"),
    ("quotes", "A35.2", "monotone $0.72\\!\\to", "0.72"),
    ("quotes", "A35.2", "\\to\\!0.96$", "0.96"),
    ("quotes", "A35.4", "reaches $0.428$ against", "0.428"),
    ("quotes", "A35.4", "$0.428$ against $0.811$.", "0.811"),
    ("quotes", "A36.5", "battery, at $0.949$ against", "0.949"),
    ("quotes", "A36.5", "against $0.811$ for the", "0.811"),
    ("r9994", "A35.2", "$r$ up to $0.9994$ (pre-softmax);", "0.9994"),
    ("r9994", "A35.3", "$r$ up to $0.9994$), the zero-drift", "0.9994"),
    ("r9994", "A36.3", "($r$ up to $0.9994$ pre-softmax", "0.9994"),
    ("p445", "A36.3", "$54$k- to $4.45$M-parameter", "4.45"),
    ("p445", "A30.1", "$4.45$M parameters", "4.45"),
    ("moderate", "A36.4", "$\\gamma$ ($\\sim 0.7$–", "0.7"),
    ("moderate", "A36.4", "–$0.9$), which", "0.9"),
)
A35_TEXT = _values(A35_PLACES)
#: the same quantities as printed where they are reported: FP-24 (§7, 69.1 +- 8.2%), §A8 S12's slope
#: (+0.307) and S10's fracAC (0.7194 -> 0.9637), §7.5's two-tap and symmetric accuracies (0.428, 0.811),
#: the key-only 0.949 of §1's battery, §A8 S9's r (0.9994)
A35_SOURCES = {
    "fp24": ("69.1", "8.2"),
    "quotes": ("+0.307", "0.7194", "0.9637", "0.428", "0.811", "0.949", "0.811"),
    "r9994": ("0.9994",),
}
LOCATORS += _place_locators(A35, "text", A35_PLACES)
# the chain length 30 and the stress test's L printed again in A35/A36 (settings of A29.stress)
LOCATORS += (
    _set(P, A29, "L", "30", "A35.3", "length\u00a0$30$, on"),
    _set(P, A29, "L", "30", "A36.3", "length-$30$ anchored-chain"),
)
# repeats of A31/A34 quantities in A36
A31E_PLACES += (
    ("closes", "A36.1", "$\\gamma\\approx 0.9$: it belongs", "0.9"),
    ("dead", "A36.1", "$\\gamma=1.20$ was never", "1.20"),
    ("dead", "A36.1", "$\\gamma=1.20$ cells.", "1.20"),
    ("wmax", "A36.1", "$\\gamma=0.40$, below", "0.40"),
    ("a36_w", "A36.1", "$d_{k}\\in\\{48,", "48"),
    ("a36_w", "A36.1", "\\{48,64\\}$ reaching", "64"),
    ("a36_thr", "A36.1", "($\\gamma_{c}^{T_{4}}=0.985$ and", "0.985"),
    ("a36_thr", "A36.1", "and $1.030$ against", "1.030"),
    ("a36_thr", "A36.1", "$\\gamma_{c}^{T_{3}T_{4}}=0.664$ and", "0.664"),
    ("a36_thr", "A36.1", "and $0.569$), so the", "0.569"),
)
A31E_TEXT = _values(A31E_PLACES)
LOCATORS += _place_locators(A31E, "text", A31E_PLACES, last=10)
A31C_PLACES += (
    ("rescued", "A36.1", "$\\gamma=1.00$. What that", "1.00"),
    ("rescued", "A36.1", "$\\gamma=1.00$ was rescued;", "1.00"),
)
A31C_TEXT = _values(A31C_PLACES)
LOCATORS += _place_locators(A31C, "text", A31C_PLACES, last=2)
A31S_TEXT["steps"] = A31S_TEXT["steps"] + ("10000",)
LOCATORS += (
    _t(P, A31S, f"text['steps'][{len(A31S_TEXT['steps']) - 1}]", "10{,}000", "A36.1", "at step\u00a0$10{,}000$. This"),
)
A34_PLACES += (
    ("corner", "A36", "at $N\\geq 12$ under strong", "12"),
    ("gref", "A36", "$\\gamma=0$ on a problem", "0"),
)
A34_TEXT = _values(A34_PLACES)
A34_TEXT.pop("depths"), A34_TEXT.pop("couplings")
LOCATORS += _a34_text_locators(A34_PLACES, last=2)

NOT_CHECKABLE += (
    _nc_text(
        P,
        "A35.1",
        "single-layer induction at $\\gamma^{*}\\!\\approx\\!4$",
        "the nano-scale optimum of Section A5, quoted; no relation in A35 constrains it",
    ),
    _nc_text(P, "A35.5", "their $\\gamma=0$ baselines disagree", _COUPLING),
    _nc_text(
        P,
        "A31.4",
        "A clean $\\det J=1$ would",
        "the determinant of a volume-preserving map (1), a constant of the explanation, not a result",
    ),
    _nc_text(
        P,
        "A35.2",
        "crossover at $\\gamma\\!\\approx\\!0.97$",
        "a crossover read off Section A8's sweep, quoted; no relation in A35 constrains it",
    ),
    _nc_text(
        P,
        "A35.2",
        "violations $<10^{-7}$",
        "a bound on machine-precision residuals of Section A8, quoted; no relation in A35 constrains it",
    ),
    _nc_text(
        P,
        "A35.2",
        "RHS to $10^{-8}$",
        "a bound on machine-precision residuals of Section A8, quoted; no relation in A35 constrains it",
    ),
    _nc_text(
        P,
        "A35.3",
        "trade-offs at $\\sim 300$M parameters?",
        "a loose size description of the R-series (98M-406M "
        "models), not a reported result; no relation with a stated tolerance constrains it",
    ),
    _nc_text(
        P,
        "A35.3",
        "and at $\\sim 300$M parameters",
        "a loose size description of the R-series (98M-406M "
        "models), not a reported result; no relation with a stated tolerance constrains it",
    ),
    _nc_text(
        P,
        "A35.4",
        "on the order of $1$–$2$\u2009nats for vocabulary $T\\!\\sim\\!1024$",
        "figures of another group's work (Olsson et al.) quoted as context; not results of this paper",
    ),
    _nc_text(
        P,
        "A35.5",
        "sizes from $54$k parameters to $400$M parameters",
        "a loose range of model sizes across the "
        "programme, not a reported result; no relation with a stated tolerance constrains it",
    ),
    _nc_text(
        P,
        "A36.1",
        "At $\\theta=0.01$\u2009rad/token, the observed Coriolis error is $41\\times$",
        "a band-4 anomaly of Sections A8/A10 quoted; no relation in A36 constrains it",
    ),
    _nc_text(P, "A36.1", "from $\\gamma=1.0$ up past $2.5$", "the range of a proposed future sweep, not a result"),
    _nc_text(P, "A36.1", "reaching $\\gamma\\approx 1.2$:", "the reach of a proposed future sweep, not a result"),
    _nc_text(
        P,
        "A36.1",
        "at step\u00a0$0$ to",
        "the training step at which the initial energy ratio is read (the start of training), not a result",
    ),
    _nc_text(
        P,
        "A36.1",
        "The $300$M-scale",
        "a loose size description of the R-series (98M-406M models), not a "
        "reported result; no relation with a stated tolerance constrains it",
    ),
    _nc_text(
        P,
        "A36.2",
        "Across $\\sim 450$ runs the",
        "a rounded run count of two sections' multi-hop notebooks (§A19-A20), quoted; no relation in A36 constrains it",
    ),
    _nc_text(
        P,
        "A36.2",
        "accuracy at $\\theta=1.0$ rather",
        "the best-accuracy frequency of Section A22's trajectory "
        "and Dyck tasks, quoted; no relation in A36 constrains it",
    ),
    _nc_text(
        P,
        "A36.3",
        "at $\\sim 300$M parameters",
        "a loose size description of the R-series (98M-406M models), "
        "not a reported result; no relation with a stated tolerance constrains it",
    ),
    _nc_text(
        P,
        "A36.3",
        "measured on $54$k- to",
        "the smallest model size of the spectral arc, quoted; no relation in A36 constrains it",
    ),
    _nc_text(P, "A36.3", "at $\\geq$1\u2009B parameters", "a framing threshold of an argument, not a result"),
    _nc_text(P, "A36.4", "to the $124$M-parameter GPT-2", "the size of a public model named for context, not a result"),
)


# --- the few numbers each certificate reads from another's data (located by that other certificate) ---
#: Table 101's baseline and momentum of L_new, L_rep and Delta_1-2 (read by A30.placement)
T101_BM = {row: T101[row][:2] for row in (_LNEW, _LREP, _D12)}
#: Table 112's couplings of the arms (0.80, 1.00), its gamma = 1.00 row's emerged fraction and the
#: optimum's mean steps (read by A31.cutoff)
T112_FOR_CUTOFF = (
    (T112["$\\mathbf{0.80}$"][0], T112["$1.00$"][0]),
    T112["$1.00$"][1],
    T112["$\\mathbf{0.80}$"][3],
)
#: §A31.6's constant rate, locked budget and chance loss ln 8192 (read by A31.cutoff)
A31_PROTOCOL = (A31E_TEXT["lr"][0], A31E_TEXT["budget"][0], A31E_TEXT["chance"][0])
#: Table 101's L_rep (baseline, momentum) and Table 120's margins (read by A33.synthesis)
T101_LREP = T101[_LREP][:2]
T120_MARGINS = tuple(v[1] for v in T120.values())
#: read by A35.closure: Tranche 2's runs (A33), the sweeps' runs (49, 17, 11), the intervention's
#: GPU-hours, 91.7M (A31.sweep), the optimum and the cutoff (A31.emergence)
A35_READS = {
    "tranche2": A33_TEXT["tranche2"][0],
    "sweeps": (A31E_TEXT["done"][0], A31E_TEXT["runs17"][0], A31C_TEXT["runs11"][0]),
    "params917": A31S_TEXT["params"][1],
    "opt_cut": (A31E_TEXT["opt"][0], A31E_TEXT["closes"][0]),
}
