"""Locators of the main paper's §7 numbers that existing certificates already read (sec7.4.arith,
sec7.5.arith, sec7.6.arith, sec7.8.arith, sec7.10, C7, sec7.11.arith/.ci, sec7.12.arith,
sec7.14.arith/.partition, sec7.16.arith, rem67, thm64.step5, C4, C6) (issue 27)."""

from __future__ import annotations

from ..locators import Locator
from ._common import set_ as _set
from ._common import t as _t0
from ._common import tab as _tab0

P = "psa"


def _t(cert: str, claim: str, printed: str, section: str, anchor: str) -> Locator:
    return _t0(P, cert, claim, printed, section, anchor)


def _tab(cert: str, claim: str, printed: str, table: str, row: str, column: str, nth=None) -> Locator:
    return _tab0(P, cert, claim, printed, table, row, column, nth)


_S74 = "sec7.4.arith"
_S75 = "sec7.5.arith"
_S76 = "sec7.6.arith"
_S711 = "sec7.11.arith"
_S712 = "sec7.12.arith"
_S714 = "sec7.14.arith"
_T9N = ("$N{=}2$", "$4$", "$5$", "$6$", "$7$", "$8$", "$12$", "$16$")
_T9ROWS = {
    "global": "global $\\gamma\\!\\to\\!0$",
    "first": "first block only",
    "last": "last block only",
    "first_minus_global": "first $-$ global",
}
_TABLE9 = {
    "global": ("0.861", "0.880", "0.885", "0.888", "0.888", "0.889", "0.891", "0.895"),
    "first": ("0.856", "0.874", "0.878", "0.879", "0.878", "0.878", "0.849", "0.805"),
    "last": ("0.021", "0.008", "0.003", "0.002", "0.001", "0.000"),
    "first_minus_global": ("0.005", "0.006", "0.007", "0.009", "0.010", "0.011", "0.042", "0.090"),
}

LOCATORS: tuple[Locator, ...] = (
    # --- §7.4 (sec7.4.arith) ----------------------------------------------------------------
    _t(_S74, "psa", "69.1", "7.4", "single-layer PSA reaches $69.1"),
    _t(_S74, "baseline", "1.6", "7.4", ", against $1.6"),
    _t(_S74, "jump", "67.5", "7.4", "— a $+67.5$"),
    _t(_S74, "vocab", "64", "7.4", "64=1.6\\%$ "),
    _t(_S74, "chance", "1.6", "7.4", "1.6\\%$ —"),
    _t(_S74, "rope", "0.225", "7.4", "^{\\mathrm{RoPE}}=0.225$"),
    _t(_S74, "sin", "0.275", "7.4", "^{\\mathrm{sin}}=0.275$"),
    _t(_S74, "ratio", "1.22", "7.4", "a ratio of $1.22$ against"),
    _t(_S74, "predicted_ratio", "1.000", "7.4", "$1.22$ against the parameter-free $1.000$"),
    _t(_S74, "params_nano", "54", "7.4", "$\\sim$54\u2009k parameters, $d_{\\mathrm{model}}{=}64"),
    _t(_S74, "params_multi", "842", "7.4", "$ decoder, $\\sim$842"),
    _t(_S74, "param_gap", "16", "7.4", "$\\sim$$16\\times$ parameter gap"),
    # --- Tables 5, 7 and 8 and §7.5: the order of each variant is a member of the lattice (3) (eq3's
    # lattice: standard (0,0), query-only (1,0), key-only (0,1), symmetric and asymmetric (1,1)) ---
    _t("eq3", "lattice[1][0]", "1", "7.1", "\t$(1"),
    _t("eq3", "lattice[1][1]", "0", "7.1", "\t$(1,0"),
    _t("eq3", "lattice[2][0]", "0", "7.1", " $(0"),
    _t("eq3", "lattice[2][1]", "1", "7.1", " $(0,1"),
    _t("eq3", "lattice[0][0]", "0", "7.5", "One-layer baseline\t$(0"),
    _t("eq3", "lattice[1][0]", "1", "7.5", "Query-only shift\t$(1"),
    _t("eq3", "lattice[1][1]", "0", "7.5", "Query-only shift\t$(1,0"),
    _t("eq3", "lattice[2][0]", "0", "7.5", "Key-only shift\t$(0"),
    _t("eq3", "lattice[2][1]", "1", "7.5", "Key-only shift\t$(0,1"),
    _t("eq3", "lattice[3][1]", "1", "7.5", "1)$\t$0.8"),
    _t("eq3", "lattice[3][0]", "1", "7.5", ")$\t$(1"),
    _t("eq3", "lattice[3][1]", "1", "7.5", "1)^{*}$\t$"),
    _t("eq3", "lattice[0][0]", "0", "7.5", "Two-layer baseline\t$(0"),
    _t("eq3", "lattice[0][1]", "0", "7.5", "0)$,"),
    _t("eq3", "lattice[0][0]", "0", "7.5", "the $(0"),
    _t("eq3", "lattice[0][1]", "0", "7.5", "0)$ class"),
    _t("eq3", "lattice[0][0]", "0", "7.5", "bilinear\t$(0"),
    _t("eq3", "lattice[0][1]", "0", "7.5", "0)$\tno"),
    _t("eq3", "lattice[1][0]", "1", "7.5", "1,0)$\tfirst"),
    _t("eq3", "lattice[1][1]", "0", "7.5", "0)$\tfirst"),
    _t("eq3", "lattice[2][0]", "0", "7.5", "0,1)$\texact"),
    _t("eq3", "lattice[2][1]", "1", "7.5", "1)$\texact"),
    _t("eq3", "lattice[3][0]", "1", "7.5", "}$\t$(1"),
    _t("eq3", "lattice[3][1]", "1", "7.5", "1)^{*}$\texact"),
    _t("eq3", "lattice[2][0]", "0", "7.5", "0,1)$ from"),
    _t("eq3", "lattice[2][1]", "1", "7.5", "1)$ from"),
    _t("eq3", "lattice[3][1]", "1", "7.5", "1)$\tfree"),
    # --- §7.5, Tables 7 and 8 (sec7.5.arith) -------------------------------------------------
    _t(_S75, "ceiling", "0.077", "7.5", "ceiling $1/(T-2)=0.077$"),
    _t(_S75, "chance", "0.071", "7.5", "chance $1/(T{-}1)=0.071$"),
    _t(_S75, "gap_pp", "13.8", "7.5", "a gap of $13.8$"),
    _t(_S75, "tap_ratio", "0.667", "7.5", "=-0.667$ on both streams"),
    _t(_S75, "gamma_fixed", "2", "7.5", "operator at $\\gamma{=}2$ sits"),
    _tab(_S75, "table7['baseline']", "0.033", "7", "One-layer baseline", "Best accuracy", (0, 2)),
    _tab(_S75, "table7['query_only']", "0.033", "7", "Query-only shift", "Best accuracy", (0, 2)),
    _tab(_S75, "table7['key_only']", "0.949", "7", "Key-only shift", "Best accuracy", (0, 2)),
    _tab(_S75, "table7['symmetric']", "0.811", "7", "PSA symmetric", "Best accuracy", (0, 2)),
    _tab(_S75, "table7['asymmetric']", "0.875", "7", "Asymmetric $(\\gamma_{q},\\gamma_{k})$", "Best accuracy", (0, 2)),
    _tab(_S75, "table7['low_pass']", "0.428", "7", "Low-pass two-tap", "Best accuracy", (0, 2)),
    _tab(_S75, "table7['learned']", "1.000", "7", "Learned two-tap", "Best accuracy", (0, 2)),
    _tab(_S75, "table7['two_layer_3k']", "0.036", "7", "Two-layer baseline", "Best accuracy", (0, 2)),
    _tab(_S75, "table7['two_layer_9k']", "0.024", "7", "Two-layer baseline", "Reading", (0, 3)),
    _tab(_S75, "table7_at['query_only']", "0.5", "7", "Query-only shift", "Attained at"),
    _tab(_S75, "table7_at['key_only']", "3.0", "7", "Key-only shift", "Attained at"),
    _tab(
        _S75, "table7_at['asymmetric'][0]", "1.0", "7", "Asymmetric $(\\gamma_{q},\\gamma_{k})$", "Attained at", (0, 2)
    ),
    _tab(
        _S75, "table7_at['asymmetric'][1]", "3.0", "7", "Asymmetric $(\\gamma_{q},\\gamma_{k})$", "Attained at", (1, 2)
    ),
    _tab(_S75, "symmetric_start", "0.505", "7", "PSA symmetric", "Reading"),
    _t(_S75, "sweeps['query_only'][0]", "0.033", "7.5", "tested — $0.033$,"),
    _t(_S75, "sweeps['query_only'][1]", "0.030", "7.5", "tested — $0.033$, $0.030$"),
    _t(_S75, "sweeps['query_only'][2]", "0.033", "7.5", "$0.030$, $0.033$, $0.030$ at"),
    _t(_S75, "sweeps['query_only'][3]", "0.030", "7.5", "$0.033$, $0.030$ at $\\gamma"),
    _t(_S75, "sweeps['key_only'][0]", "0.589", "7.5", "rising $0.589\\to"),
    _t(_S75, "sweeps['key_only'][1]", "0.770", "7.5", " 0.770\\to 0.905"),
    _t(_S75, "sweeps['key_only'][2]", "0.905", "7.5", "0.905\\to 0.949$"),
    _t(_S75, "sweeps['key_only'][3]", "0.949", "7.5", "\\to 0.949$ across"),
    _t(_S75, "asym[0]", "0.875", "7.5", ": $(1,3)$ reaches $0.875"),
    _t(_S75, "asym[1]", "0.630", "7.5", "0.630$, and"),
    _t(_S75, "asym[2]", "0.864", "7.5", "and $(0.5,2)$ reaches $0.864"),
    _t(_S75, "asym[3]", "0.330", "7.5", "0.330$. This"),
    _set(P, _S75, "asym_at[0][0]", "1", "7.5", ": $(1"),
    _set(P, _S75, "asym_at[0][1]", "3", "7.5", ": $(1,3"),
    _set(P, _S75, "asym_at[1][0]", "3", "7.5", "3,1)$ reaches $0.6"),
    _set(P, _S75, "asym_at[1][1]", "1", "7.5", "1)$ reaches $0.630$,"),
    _set(P, _S75, "asym_at[2][0]", "0.5", "7.5", "and $(0.5"),
    _set(P, _S75, "asym_at[2][1]", "2", "7.5", "and $(0.5,2"),
    _set(P, _S75, "asym_at[3][0]", "2", "7.5", "2,0.5)$ reaches $0.330$."),
    _set(P, _S75, "asym_at[3][1]", "0.5", "7.5", "0.5)$ reaches $0.330$."),
    _tab(_S75, "table8['baseline']", "0.033", "8", "Standard bilinear", "Measured"),
    _tab(_S75, "table8['query_only']", "0.033", "8", "Query-only shear", "Measured"),
    _tab(_S75, "table8['key_only']", "0.949", "8", "Key-only shear", "Measured"),
    _tab(_S75, "table8['asymmetric']", "0.875", "8", "Asymmetric $\\gamma_{q}\\neq\\gamma_{k}$", "Measured"),
    _tab(_S75, "table8['low_pass']", "0.428", "8", "Low-pass two-tap", "Measured"),
    _tab(_S75, "table8['learned']", "1.000", "8", "Learned two-tap", "Measured"),
    _tab(_S75, "table8['symmetric']", "0.811", "8", "PSA symmetric", "Measured"),
    # --- §7.6 and Table 5 (sec7.6.arith) ------------------------------------------------------
    _t(_S76, "r[0]", "0.8951", "7.6", "$r=0.8951$"),
    _t(_S76, "r[1]", "0.9890", "7.6", "r=0.8951$, $0.9890"),
    _t(_S76, "r[2]", "0.9915", "7.6", "0.9915$, $0.9966$, $0.9924$ "),
    _t(_S76, "r[3]", "0.9966", "7.6", "0.9966$, $0.9924$ "),
    _t(_S76, "r[4]", "0.9924", "7.6", ", $0.9924$ "),
    _set(P, _S76, "gammas[0]", "0.6", "7.6", "at $\\gamma=0.6$, $1.2$"),
    _set(P, _S76, "gammas[1]", "1.2", "7.6", "$\\gamma=0.6$, $1.2$, $1.8$"),
    _set(P, _S76, "gammas[2]", "1.8", "7.6", "1.8$, $2.0$, $3.0$, the"),
    _set(P, _S76, "gammas[3]", "2.0", "7.6", "2.0$, $3.0$, the"),
    _set(P, _S76, "gammas[4]", "3.0", "7.6", "$2.0$, $3.0$, the maximum"),
    _t(_S76, "gamma_star", "2.0", "7.6", "the maximum falling at $\\gamma^{\\star}{=}2.0$"),
    _tab(_S76, "table5_range[0]", "0.895", "5", "Prop.\xa013", "Result", (0, 3)),
    _tab(_S76, "table5_range[1]", "0.9966", "5", "Prop.\xa013", "Result", (1, 3)),
    _t(_S76, "post[0]", "0.9393", "7.6", "between $0.9393$ and"),
    _t(_S76, "post[1]", "0.9647", "7.6", "and $0.9647$ across"),
    _t(_S76, "post_rounded[0]", "0.94", "7.6", "degrades to $r\\sim 0.94$"),
    _t(_S76, "post_rounded[1]", "0.97", "7.6", "$r\\sim 0.94$–$0.97$, the spectral"),
    _t(_S76, "dc_mean", "1.4", "7.6", "mean $1.4"),
    _t(_S76, "dc_range[0]", "5.7", "7.6", "from $5.7"),
    _t(_S76, "dc_range[1]", "4.0", "7.6", "to $4.0"),
    # --- §7.8 and Table 5 (sec7.8.arith) ------------------------------------------------------
    _t("sec7.8.arith", "r", "0.679", "7.8", "is $r=-0.679$ ($p"),
    _t("sec7.8.arith", "p", "9.9", "7.8", "0.679$ ($p=9.9\\times 10^{-4}$,"),
    _t("sec7.8.arith", "n", "20", "7.8", "$d=1.05$, $n=20$;"),
    _t("sec7.8.arith", "table5_p", "9.9", "7.1", "p{=}9.9"),
    # --- §7.9: the values at the crossover are Rem 67's (rem67) ------------------------------
    _t("rem67", "T_value", "15", "7.9", "At $T=15$, for instance"),
    _t("rem67", "printed['mean_field']", "1.072", "7.9", "evaluates to $1.072$ at"),
    _t("rem67", "printed['condensed']", "0.794", "7.9", "sits at $0.794$"),
    # --- §7.10 (sec7.10; thm64.step5 for the spread and the agreement) -------------------------
    _t("sec7.10", "printed['taxis_r']", "0.9995", "7.10", "Pearson $r=0.9995$, median"),
    _t("sec7.10", "printed['taxis_median']", "3.1", "7.10", "median relative error $3.1\\%$ and"),
    _t("sec7.10", "printed['taxis_max']", "5.2", "7.10", "maximum $5.2\\%$"),
    _t("sec7.10", "printed['t6_ratio']", "0.80", "7.10", "$8L/d_{k}=0.80$"),
    _t("sec7.10", "printed['t8_ratio']", "0.97", "7.10", "and $0.97$ "),
    _t("sec7.10", "printed['t6_error']", "19.0", "7.10", "by $19.0\\%$"),
    _t("sec7.10", "printed['t8_error']", "36.0", "7.10", "and $36.0\\%$"),
    _t("sec7.10", "printed['c_grid_mean']", "0.741", "7.10", "have mean $0.741$"),
    _t("sec7.10", "printed['c_grid_sd']", "0.015", "7.10", "deviation $0.015$"),
    _t("thm64.step5", "printed['c_grid_spread']", "2", "7.10", "a spread of about $\\pm 2\\%$"),
    _t("sec7.10", "printed['c_taxis_mean']", "0.717", "7.10", "the mean is $0.717$"),
    _t("thm64.step5", "printed['c_axes_agree']", "3", "7.10", "agree to $3\\%$"),
    _t("sec7.10", "printed['c_T10'][0]", "0.752", "7.10", "($0.752\\to"),
    _t("sec7.10", "printed['c_T10'][1]", "0.740", "7.10", "\\to 0.740\\to"),
    _t("sec7.10", "printed['c_T10'][2]", "0.711", "7.10", "\\to 0.711$"),
    _t("sec7.10", "printed['c_T9_taxis']", "0.680", "7.10", "from $0.680$ at"),
    _t("sec7.10", "printed['c_T40_taxis']", "0.755", "7.10", "to $0.755$ at"),
    # --- §7.10: C7's four checkpoints --------------------------------------------------------
    _t("C7", "points[(4, 10)][0]", "0.3409", "7.10", "0.3409$ against $0.34"),
    _t("C7", "points[(4, 10)][1]", "0.3411", "7.10", "0.3411$; $(8"),
    _t("C7", "points[(8, 25)][0]", "0.3193", "7.10", "0.3193$ against $0.32"),
    _t("C7", "points[(8, 25)][1]", "0.3202", "7.10", "0.3202$; $(32"),
    _t("C7", "points[(32, 15)][0]", "0.8379", "7.10", "0.8379$ against $0.8373$; and"),
    _t("C7", "points[(32, 15)][1]", "0.8373", "7.10", "0.8373$; and"),
    _t("C7", "points[(128, 25)][0]", "0.9993", "7.10", "0.9993$ against $0.9"),
    _t("C7", "points[(128, 25)][1]", "0.9993", "7.10", "against $0.9993$. The"),
    # --- §7.10: the two conventions at C7's points (sec7.10.conventions) --------------------
    _t("sec7.10.conventions", "bound", "0.021", "7.10", "less than $0.021$"),
    # --- §7.1: the figure count (sec7.1.inventory) -------------------------------------------
    _t("sec7.1.inventory", "figures", "83", "7.1", "tranches, 83 figures"),
    # --- §7.6: C6's coupling (C6 runs at gamma = 2.0 among others) ---------------------------
    _set(P, "C6", "gammas[2]", "2.0", "7.6", "at $\\gamma{=}2.0$ the measured"),
    # --- Table 10: the widths C4 and C6 run at ----------------------------------------------
    Locator(P, "C4", "dk", "64", table="10", row="C4", column="Outcome", setting=True, nth=(1, 2)),
    Locator(P, "C6", "dk", "64", table="10", row="C6", column="Outcome", setting=True, nth=(1, 2)),
    # --- §7.11 (sec7.11.arith, sec7.11.ci) ----------------------------------------------------
    _t(_S711, "dks[0]", "4", "7.11", "We sweep $d_{k}\\in\\{4,"),
    _t(_S711, "dks[1]", "8", "7.11", ",8,16,"),
    _t(_S711, "dks[2]", "16", "7.11", ",8,16,"),
    _t(_S711, "dks[3]", "32", "7.11", ",8,16,32"),
    _t(_S711, "T", "15", "7.11", "At $T=15$ the crossover"),
    _t(_S711, "crossover", "21.1", "7.11", "sits at $d_{k}^{*}=21.1$"),
    _t(_S711, "condensed[0]", "4", "7.11", "$d_{k}\\in\\{4,8,16\\}$ are"),
    _t(_S711, "condensed[1]", "8", "7.11", "\\{4,8,16\\}$ are"),
    _t(_S711, "condensed[2]", "16", "7.11", ",16\\}$ are"),
    _t(_S711, "mean_field[0]", "32", "7.11", "{32,64\\"),
    _t(_S711, "mean_field[1]", "64", "7.11", "\\{32,64\\}$ mean-field"),
    _t(_S711, "gc[0]", "1.290", "7.11", "then $1.290\\pm"),
    _t(_S711, "gc[1]", "0.445", "7.11", "0.445\\pm 0.028"),
    _t(_S711, "gc[2]", "0.226", "7.11", "0.226\\pm 0.004"),
    _t(_S711, "gc[3]", "0.120", "7.11", "and $0.120\\"),
    _t(_S711, "plateaus[0]", "0.027", "7.11", "plateaus ($0.027"),
    _t(_S711, "plateaus[1]", "0.285", "7.11", "plateaus ($0.027$, $0.285"),
    _t(_S711, "plateaus[2]", "0.816", "7.11", "0.816$, $0.953$, $0.965$) track"),
    _t(_S711, "plateaus[3]", "0.953", "7.11", "0.953$, $0.965$) track"),
    _t(_S711, "plateaus[4]", "0.965", "7.11", "$0.965$) track"),
    _t(_S711, "p_inf[0]", "0.282", "7.11", "limit ($0.282$,"),
    _t(_S711, "p_inf[1]", "0.415", "7.11", "limit ($0.282$, $0.415"),
    _t(_S711, "p_inf[2]", "0.617", "7.11", "0.617$, $0.845$, $0.978$) with"),
    _t(_S711, "p_inf[3]", "0.845", "7.11", "0.845$, $0.978$) with"),
    _t(_S711, "p_inf[4]", "0.978", "7.11", "$0.978$) with"),
    _t(_S711, "r", "0.945", "7.11", "with $r=0.945$"),
    _t(_S711, "excess", "0.199", "7.11", "exceeds it by $0.199$"),
    _t(_S711, "slope", "1.13", "7.11", "gives slope $-1.13$"),
    _t("sec7.11.ci", "level_pct", "95", "7.11", "(95% CI"),
    _t("sec7.11.ci", "ci[0]", "1.18", "7.11", "CI $[-1.18,"),
    _t("sec7.11.ci", "ci[1]", "1.07", "7.11", ",-1.07]$"),
    _t(_S711, "two_point", "0.91", "7.11", "it is $-0.91$."),
    # --- §7.12 (sec7.12.arith) -------------------------------------------------------------
    _t(_S712, "rms_control[0]", "0.49", "7.12", "by layer is $0.49\\to"),
    _t(_S712, "rms_control[1]", "2.85", "7.12", "2.85\\to 2.48"),
    _t(_S712, "rms_g2[0]", "2.45", "7.12", "and $2.45\\to"),
    _t(_S712, "rms_g2[1]", "2.03", "7.12", "and $2.45\\to 2.03"),
    _t(_S712, "rms_g2[2]", "2.01", "7.12", "and $2.45\\to 2.03\\to 2.01"),
    _t(_S712, "rms_g3[0]", "2.62", "7.12", "with $2.62\\to"),
    _t(_S712, "rms_g3[1]", "2.02", "7.12", "with $2.62\\to 2.02"),
    _t(_S712, "rms_g3[2]", "2.12", "7.12", "with $2.62\\to 2.02\\to 2.12"),
    _t(_S712, "growth", "5.8", "7.12", "is $5.8\\times$ its"),
    _t(_S712, "limit", "3", "7.12", "for growth below $3\\times$ the layer-1 value was therefore"),
    _t(_S712, "train_pairs", "14", "7.12", "trained at 14 pairs on"),
    _t(_S712, "pairs_ext[0]", "24", "7.12", "on 24 and 31 pairs"),
    _t(_S712, "pairs_ext[1]", "31", "7.12", "and 31 pairs gives"),
    _t(_S712, "acc_ext[0]", "0.626", "7.12", "gives $0.626$ "),
    _t(_S712, "acc_ext[1]", "0.511", "7.12", "and $0.511$ against"),
    _t(_S712, "chance_ext[0]", "0.042", "7.12", "chance $0.042$ "),
    _t(_S712, "chance_ext[1]", "0.032", "7.12", "and $0.032$, that"),
    _t(_S712, "times[0]", "15", "7.12", "$15\\times$ and"),
    _t(_S712, "times[1]", "16", "7.12", "and $16\\times$ chance"),
    _t(_S712, "cap", "2.2", "7.12", "budget that caps the extension at about $2.2"),
    # --- §7.14 and Table 9 (sec7.14.arith, sec7.14.partition) --------------------------------------
    *(
        _tab(_S714, f"table9[{key!r}][{j}]", v, "9", _T9ROWS[key], _T9N[j])
        for key, vals in _TABLE9.items()
        for j, v in enumerate(vals)
    ),
    _t(_S714, "within", "0.011", "7.14", "to within $0.011$"),
    _t(_S714, "avgs[0]", "0.874", "7.14", "alone costs $0.874$ of"),
    _t(_S714, "avgs[1]", "0.882", "7.14", "every block costs $0.882$"),
    _t(_S714, "avgs[2]", "0.008", "7.14", "The difference is $0.008$"),
    _t(_S714, "avgs[3]", "0.006", "7.14", "0.006$. Through"),
    _t(_S714, "n12[0]", "0.849", "7.14", "0.849$ against $0.891$, and"),
    _t(_S714, "n12[1]", "0.891", "7.14", "$0.891$, and $"),
    _t(_S714, "n16[0]", "0.805", "7.14", "and $0.805$ against"),
    _t(_S714, "n16[1]", "0.895", "7.14", "against $0.895$, on"),
    _t(_S714, "deep_gap[0]", "0.921", "7.14", "0.921$ while"),
    _t(_S714, "deep_gap[1]", "0.656", "7.14", "$0.656$, a "),
    _t(_S714, "deep_gap[2]", "0.265", "7.14", "a gap of $0.265$"),
    _t(_S714, "models", "192", "7.14", "three seeds each: $192$ models"),
    _t(_S714, "classes[0]", "153", "7.14", "labels $153$ of"),
    _t(_S714, "classes[1]", "38", "7.14", "single-layer PSA, $38$ composition"),
    _t(_S714, "seed_ratios[0]", "1.44", "7.14", "factor of $1.44$"),
    _t(_S714, "seed_ratios[1]", "1.42", "7.14", "$1.44$, $1.42$ and"),
    _t(_S714, "seed_ratios[2]", "1.39", "7.14", "and $1.39$ in"),
    _t(_S714, "seed_mean", "1.42", "7.14", "(mean $1.42$"),
    _t(_S714, "seed_sd", "0.03", "7.14", "s.d. $0.03$)"),
    _t(_S714, "lag_best", "0.065", "7.14", "the best reaching $0.065$"),
    _t(_S714, "vocab", "128", "7.14", "128$, sequence"),
    _t(_S714, "N_cross", "8.3", "7.14", "a crossing at $N\\approx 8.3$"),
    _t(_S714, "amp", "4.2", "7.14", "=4.2N^{-0.73}$"),
    _t(_S714, "gc_mid", "0.899", "7.14", "through $\\gamma_{c}=0.899$"),
    _set(P, _S714, "dk", "16", "7.14", "at $d_{k}=16$ the scored"),
    _t(_S714, "T_eff[0]", "25", "7.14", "\\in[25,"),
    _t(_S714, "T_eff[1]", "127", "7.14", "127]$,"),
    _t(_S714, "band[0]", "0.832", "7.14", "$[0.832"),
    _t(_S714, "band[1]", "0.924", "7.14", "0.924]$."),
    _t("sec7.14.partition", "gap[0]", "0.878", "7.14", "0.878$ and $0.899$,"),
    _t("sec7.14.partition", "gap[1]", "0.899", "7.14", "and $0.899$, so"),
    _t(_S714, "g_040", "0.40", "7.14", "saturates near $0.40$"),
    _t(_S714, "N_040", "25", "7.14", "until $N\\approx 25$, well"),
    _t(_S714, "ratios[0]", "0.17", "7.14", "between $0.17\\gamma_{c}$"),
    _t(_S714, "ratios[1]", "0.45", "7.14", "and $0.45\\gamma_{c}$"),
    _t(_S714, "g_half_printed[0]", "0.15", "7.14", "\\approx 0.15$–"),
    _t(_S714, "g_half_printed[1]", "0.40", "7.14", "and $\\approx 0.40$ for"),
    _t(_S714, "a4[0]", "0.225", "7.14", "couplings of $0.225$"),
    _t(_S714, "a4[1]", "0.275", "7.14", "and $0.275$ sit"),
    _t(_S714, "a4_law", "0.737", "7.14", "c}=0.737$,"),
    _t(_S714, "a4_ratios[0]", "0.31", "7.14", "ratio of $0.31$"),
    _t(_S714, "a4_ratios[1]", "0.37", "7.14", "0.37$. Two"),
    *(
        _t("sec7.14.partition", f"grid[{i}]", v, "7.14", a)
        for i, (v, a) in enumerate(
            (
                ("0", "\\gamma\\in\\{0,"),
                ("0.25", "gamma\\in\\{0,0.25"),
                ("0.5", "gamma\\in\\{0,0.25,0.5"),
                ("0.75", "gamma\\in\\{0,0.25,0.5,0.75"),
                ("0.9", "0.9,1.25,1.75,2.5\\}$,"),
                ("1.25", "1.25,1.75,2.5\\}$,"),
                ("1.75", "1.75,2.5\\}$,"),
                ("2.5", "2.5\\}$,"),
            )
        )
    ),
    # --- §7.16 (sec7.16.arith): the totals against §7.1 --------------------------------------
    _t("sec7.16.arith", "runs[0]", "9,377", "7.16", "$\\sim$9,377 training runs"),
    _t("sec7.16.arith", "runs[1]", "9{,}377", "7.1", "approximately $9{,}377$"),
    _t("sec7.16.arith", "appendix_sections[0]", "36", "7.16", "notebooks and 36 appendix"),
    _t("sec7.16.arith", "appendix_sections[1]", "36", "7.1", "and 36"),
)
