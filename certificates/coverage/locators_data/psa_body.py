"""Locators of the main paper's abstract and §1–§6, §8–§10 (not §7, not the appendix): the numbers
that existing certificates already check, most of them restatements of a number of §6.7, §7, §8 or
§10 located a second time on the same claim (issue 27)."""

from __future__ import annotations

from ..locators import Locator, NotCheckable
from ._common import nc_text as _nc
from ._common import set_ as _set
from ._common import t as _t
from ._common import tab as _tab

LOCATORS: tuple[Locator, ...] = (
    # front: restatements of §6.7, §7 and §10 numbers
    _t("psa", "sec7.9", "printed['mean_field_r']", "0.9876", "front", "mean-field branch at $r=0.9876$ with"),
    _set("psa", "sec10.d", "abstract_at", "64", "front", "at $d_{k}{=}64$ from"),
    _t("psa", "sec10.d", "abstract[0]", "1.030", "front", "$d_{k}{=}64$ from $1.030$ to"),
    _t("psa", "sec10.d", "abstract[1]", "0.569", "front", "from $1.030$ to $0.569$ and"),
    _t("psa", "sec7.4.arith", "psa", "69.1", "front", "scale we report $69.1"),
    _t("psa", "sec7.6.arith", "r[3]", "0.9966", "front", "seeds); Pearson $r=0.9966$ at"),
    _t("psa", "sec7.6.arith", "gamma_star", "2", "front", "$r=0.9966$ at $\\gamma{=}2$ for"),
    _t("psa", "sec7.8.arith", "r", "-0.679", "front", "transfer function; $r=-0.679$ for"),
    _t("psa", "sec7.5.arith", "table7['key_only']", "0.949", "front", "shear reaches $0.949$ against"),
    _t("psa", "sec7.5.arith", "table7['symmetric']", "0.811", "front", "$0.949$ against $0.811$ for"),
    # §1
    _t("psa", "sec7.6.arith", "r[3]", "0.9966", "1", "Bode $r$ up to $0.9966$, embedding-axis"),
    _t("psa", "sec7.8.arith", "r", "-0.679", "1", "induction filter $r=-0.679$, $\\nabla/\\!\\int$"),
    _t("psa", "sec7.5.arith", "table7['key_only']", "0.949", "1", "the class at $0.949$ against"),
    _t("psa", "sec7.5.arith", "table7['symmetric']", "0.811", "1", "$0.949$ against $0.811$ for"),
    _t("psa", "sec7.6.arith", "r[3]", "0.9966", "1", "(Pearson $r$ up to $0.9966$), first-order"),
    _t("psa", "sec7.8.arith", "r", "-0.679", "1", "induction filter ($r=-0.679$; cascade"),
    _t("psa", "sec7.5.arith", "table7['key_only']", "0.949", "1", "alone reaches $0.949$ induction"),
    _t("psa", "sec7.5.arith", "table7['symmetric']", "0.811", "1", "streams reaches $0.811$; a"),
    _t("psa", "sec7.5.arith", "chance", "0.071", "1", "seeds, chance $0.071$; Fig.\xa04"),
    # Table 1: the battery restated from Table 7
    _tab("psa", "sec7.5.arith", "table7['query_only']", "0.033", "1", "Query-only $(\\gamma,0)$", "Accuracy"),
    _tab("psa", "sec7.5.arith", "ceiling", "0.077", "1", "Query-only $(\\gamma,0)$", "What it carries", (2, 5)),
    _tab("psa", "sec7.5.arith", "table7['key_only']", "0.949", "1", "Key-only $(0,\\gamma)$", "Accuracy"),
    _tab(
        "psa",
        "sec7.5.arith",
        "table7['asymmetric']",
        "0.875",
        "1",
        "Asymmetric $(\\gamma_{q},\\gamma_{k})$",
        "Accuracy",
    ),
    _tab("psa", "sec7.5.arith", "table7['symmetric']", "0.811", "1", "Symmetric $(\\gamma,\\gamma)$", "Accuracy"),
    # §4
    _t("psa", "rem17", "printed_threshold", "0.207", "4.3", "$\\gamma\\geq(\\sqrt{2}-1)/2\\approx 0.207$, since"),
    _t("psa", "rem25", "alpha_num", "0.8", "4.4", "$\\alpha\\notin\\pi\\mathbb{Z}$: at $\\alpha=0.8$, for"),
    _t("psa", "rem25", "printed[0]", "0.697", "4.4", "$|H_{q}(e^{j0})|=0.697$ against"),
    _t("psa", "rem25", "printed[1]", "2.131", "4.4", "$|H_{q}(e^{j\\pi})|=2.131$. The"),
    _t("psa", "rem31", "dk_printed", "64", "4.6", "point: at $d_{k}=64$, codimension"),
    _t("psa", "rem31", "printed", "2016", "4.6", "$d_{k}=64$, codimension $2016$, imposed"),
    _t("psa", "sec7.5.arith", "table7['asymmetric']", "0.875", "4.8", "variant trains to $0.875$, the"),
    _t("psa", "sec7.5.arith", "table7['low_pass']", "0.428", "4.8", "collapses to $0.428$, the"),
    _t("psa", "sec7.5.arith", "table7['query_only']", "0.033", "4.8", "half-lift stays at $0.033$ against"),
    _t("psa", "sec7.5.arith", "ceiling", "0.077", "4.8", "a ceiling of $0.077$, and"),
    _t("psa", "sec7.5.arith", "table7['key_only']", "0.949", "4.8", "half-lift reaches $0.949$. Symplecticity"),
    # §6
    _t("psa", "fig2", "printed['b_c']", "3.53", "6", "$b_{c}=\\sqrt{2L}=3.53$: to"),
    _t("psa", "fig2", "printed['crossover']", "49.9", "6", "$d_{k}^{*}=8L=49.9$, where"),
    _t("psa", "sec7.14.arith", "ratios[0]", "0.17", "6", "route between $0.17\\gamma_{c}$"),
    _t("psa", "sec7.14.arith", "ratios[1]", "0.45", "6", "$0.17\\gamma_{c}$ and $0.45\\gamma_{c}$"),
    _t("psa", "thm64.step5", "printed['c_grid_mean']", "0.741", "6.7", "calibrated to $0.741\\pm 0.015$"),
    _t("psa", "thm64.step5", "printed['c_grid_sd']", "0.015", "6.7", "calibrated to $0.741\\pm 0.015$ — the"),
    _t("psa", "thm64.validation", "printed['grid_points']", "18", "6.7", "Validation. On an $18$-point"),
    _t("psa", "thm64.validation", "printed['mean_field_r']", "0.9876", "6.7", "predicted at $r=0.9876$ over"),
    _t("psa", "thm64.validation", "printed['mean_field_median']", "2.6", "6.7", "(median error $2.6\\%$), and"),
    _t("psa", "thm64.validation", "printed['c_axes_agree']", "3", "6.7", "constant agrees to $3\\%$ across"),
    _t("psa", "thm64.validation", "printed['c_grid_mean']", "0.741", "6.7", "orthogonal axes ($0.741\\pm 0.015$"),
    _t("psa", "thm64.validation", "printed['c_grid_sd']", "0.015", "6.7", "axes ($0.741\\pm 0.015$ on"),
    _t("psa", "thm64.validation", "printed['c_taxis_mean']", "0.717", "6.7", "grid points; $0.717$ on"),
    _t("psa", "thm64.validation", "printed['taxis_r']", "0.9995", "6.7", "at on-branch $r=0.9995$). Certificate"),
    _t("psa", "rem65", "point[0]", "128", "6.7", "half-line. At $d_{k}=128$, $T=512$"),
    _t("psa", "rem65", "point[1]", "512", "6.7", "$d_{k}=128$, $T=512$ the"),
    _t("psa", "rem65", "printed_band[0]", "0.787", "6.7", "the band is $[0.787,\\,2.245]$,"),
    _t("psa", "rem65", "printed_band[1]", "2.245", "6.7", "band is $[0.787,\\,2.245]$, and"),
    _t("psa", "rem65", "point[0]", "128", "6.7", "cutoff at $d_{k}=128$ near"),
    _t("psa", "rem65", "cutoff", "0.9", "6.7", "$d_{k}=128$ near $0.9$, a"),
    _t("psa", "rem65", "printed_factor", "2.5", "6.7", "$0.9$, a factor of $2.5$ below"),
    _t("psa", "rem67", "T_value", "15", "6.7", "do they. At $T=15$, for"),
    _t("psa", "rem67", "printed['mean_field']", "1.072", "6.7", "evaluates to $1.072$ at"),
    _t("psa", "rem67", "printed['crossover']", "21.1", "6.7", "$d_{k}=d_{k}^{*}=21.1$ while"),
    _t("psa", "rem67", "printed['condensed']", "0.794", "6.7", "branch sits at $0.794$. The"),
    _t("psa", "rem70", "point[0]", "64", "6.8", "$(d_{k},T)=(64,15)$ from"),
    _t("psa", "rem70", "point[1]", "15", "6.8", "$(d_{k},T)=(64,15)$ from"),
    _t("psa", "rem70", "printed['law']", "0.602", "6.8", "from $\\gamma_{c}=0.602$ to"),
    _t("psa", "rem70", "printed['shifted']", "0.664", "6.8", "$\\gamma_{c}=0.602$ to $0.664$ against"),
    _t("psa", "rem70.mc", "printed", "0.613", "6.8", "against a measured $0.613$ — which"),
    _t("psa", "rem71.arith", "measured_query_only", "0.033", "6.8", "higher. §7 measures $0.033$ against"),
    _t("psa", "rem71.arith", "chance", "0.071", "6.8", "against chance $0.071$ for"),
    _t("psa", "sec7.5.arith", "table7['key_only']", "0.949", "6.8", "query-only and $0.949$ for"),
    # §8
    _t("psa", "rem74", "T_pct", "4096", "8.3", "At $T=4096$ that is"),
    _t("psa", "rem74", "pct", "0.024", "8.3", "$T=4096$ that is $0.024\\%$; concretely,"),
    _t("psa", "rem74", "d", "4096", "8.3", "concretely, $d=4096$,"),
    _t("psa", "rem74", "layers", "32", "8.3", "$L=32$, $T=4096$ in fp16"),
    _t("psa", "rem74", "T", "4096", "8.3", "$T=4096$ in fp16"),
    _t("psa", "rem74", "cache_GB", "2.1", "8.3", "fp16 gives a $2.1$\u2009GB"),
    _t("psa", "rem74", "reg_kB", "524", "8.3", "cache against $524$\u2009kB"),
    # Table 11: the configurations (table13 reads them for '< 1e-4 in practice') and the overheads (eq64)
    _tab("psa", "table13", "configs[0][0]", "1024", "11", "small on-device", "$d$"),
    _tab("psa", "table13", "configs[0][1]", "2048", "11", "small on-device", "$T$"),
    _tab("psa", "table13", "configs[1][0]", "2048", "11", "mid on-device", "$d$"),
    _tab("psa", "table13", "configs[1][1]", "4096", "11", "mid on-device", "$T$"),
    _tab("psa", "table13", "configs[2][0]", "4096", "11", "server class", "$d$"),
    _tab("psa", "table13", "configs[2][1]", "4096", "11", "server class", "$T$"),
    _tab("psa", "table13", "configs[3][0]", "4096", "11", "long context", "$d$"),
    _tab("psa", "table13", "configs[3][1]", "32768", "11", "long context", "$T$"),
    _tab("psa", "eq64", "table[(1024, 2048)]", "1.8\\times 10^{-4}", "11", "small on-device", "overhead"),
    _tab("psa", "eq64", "table[(2048, 4096)]", "9.2\\times 10^{-5}", "11", "mid on-device", "overhead"),
    _tab("psa", "eq64", "table[(4096, 4096)]", "5.2\\times 10^{-5}", "11", "server class", "overhead"),
    _tab("psa", "eq64", "table[(4096, 32768)]", "2.6\\times 10^{-5}", "11", "long context", "overhead"),
    # Table 12 (prop77)
    _tab("psa", "prop77", "table[0.05][0]", "1.10", "12", "0.05", "range factor $1+2\\gamma$"),
    _tab("psa", "prop77", "table[0.05][1]", "0.14", "12", "0.05", "$\\Delta b$ (bits)"),
    _tab("psa", "prop77", "table[0.05][2]", "233", "12", "0.05", "INT8 levels retained", (0, 2)),
    _tab("psa", "prop77", "table[0.1][0]", "1.20", "12", "0.10", "range factor $1+2\\gamma$"),
    _tab("psa", "prop77", "table[0.1][1]", "0.26", "12", "0.10", "$\\Delta b$ (bits)"),
    _tab("psa", "prop77", "table[0.1][2]", "213", "12", "0.10", "INT8 levels retained", (0, 2)),
    _tab("psa", "prop77", "table[0.2][0]", "1.40", "12", "0.20", "range factor $1+2\\gamma$"),
    _tab("psa", "prop77", "table[0.2][1]", "0.49", "12", "0.20", "$\\Delta b$ (bits)"),
    _tab("psa", "prop77", "table[0.2][2]", "183", "12", "0.20", "INT8 levels retained", (0, 2)),
    _tab("psa", "prop77", "table[0.4][0]", "1.80", "12", "0.40", "range factor $1+2\\gamma$"),
    _tab("psa", "prop77", "table[0.4][1]", "0.85", "12", "0.40", "$\\Delta b$ (bits)"),
    _tab("psa", "prop77", "table[0.4][2]", "142", "12", "0.40", "INT8 levels retained", (0, 2)),
    # §9
    _t("psa", "sec7.5.arith", "rem80[0]", "0.428", "9.2", "property, reaches $0.428$ against"),
    _t("psa", "sec7.5.arith", "rem80[1]", "0.811", "9.2", "$0.428$ against $0.811$ (§7.5)."),
    _t("psa", "sec9.3.arith", "restated['gap_pp']", "13.8", "9.3", "are large — the $13.8$\u2009pp"),
    _t("psa", "sec9.3.arith", "restated['jump_pp']", "+67.5", "9.3", "symmetric gap, the $+67.5$\u2009pp"),
    _t("psa", "sec9.3.arith", "restated['slope']", "-1.13", "9.3", "log–log exponent of $-1.13$"),
    _t("psa", "sec9.3.arith", "restated['ci'][0]", "-1.18", "9.3", "CI $[-1.18,"),
    _t("psa", "sec9.3.arith", "restated['ci'][1]", "-1.07", "9.3", ",-1.07]$) against"),
    _t("psa", "sec9.3.arith", "restated['key_vs_sym'][0]", "0.949", "9.3", "engineering choice ($0.949$ against"),
    _t("psa", "sec9.3.arith", "restated['key_vs_sym'][1]", "0.811", "9.3", "($0.949$ against $0.811$); the"),
    # §10
    _t("psa", "sec10.a", "cross", "67.8", "10", "$d_{k}=(L+2)^{2}\\approx 67.8$. On"),
    _t("psa", "sec10.a", "eight_L", "49.9", "10", "interval $8L\\approx 49.9\\leq"),
    _t("psa", "sec10.a", "cross", "67.8", "10", "49.9\\leq d_{k}<67.8$ the"),
    _t("psa", "sec10.a", "condensed", "0.9849", "10", "one, $\\gamma_{c}=0.9849<1$,"),
    _t("psa", "sec10.d", "dks[0]", "32", "10", "$d_{k}$\t$32$"),
    _t("psa", "sec10.d", "dks[1]", "48", "10", "$d_{k}$\t$32$\t$48$"),
    _t("psa", "sec10.d", "dks[2]", "64", "10", "$d_{k}$\t$32$\t$48$\t$64$"),
    _t("psa", "sec10.d", "dks[3]", "96", "10", "$d_{k}$\t$32$\t$48$\t$64$\t$96$"),
    _t("psa", "sec10.d", "dks[4]", "128", "10", "$d_{k}$\t$32$\t$48$\t$64$\t$96$\t$128$"),
    _t("psa", "sec10.d", "t4[0]", "0.9849", "10", "(52)\t$0.9849$"),
    _t("psa", "sec10.d", "t4[1]", "0.9849", "10", "$0.9849$\t$1.0300$"),
    _t("psa", "sec10.d", "t4[2]", "1.0300", "10", "(52)\t$0.9849$\t$0.9849$\t$1.0300$"),
    _t("psa", "sec10.d", "t4[3]", "0.8671", "10", "(52)\t$0.9849$\t$0.9849$\t$1.0300$\t$0.8671$"),
    _t("psa", "sec10.d", "t4[4]", "0.7867", "10", "(52)\t$0.9849$\t$0.9849$\t$1.0300$\t$0.8671$\t$0.7867$"),
    _t("psa", "sec10.d", "t3t4[0]", "0.9515", "10", "(69)\t$0.9515$"),
    _t("psa", "sec10.d", "t3t4[1]", "0.6637", "10", "(69)\t$0.9515$\t$0.6637$"),
    _t("psa", "sec10.d", "t3t4[2]", "0.5687", "10", "(69)\t$0.9515$\t$0.6637$\t$0.5687$"),
    _t("psa", "sec10.d", "t3t4[3]", "0.4696", "10", "(69)\t$0.9515$\t$0.6637$\t$0.5687$\t$0.4696$"),
    _t("psa", "sec10.d", "t3t4[4]", "0.4132", "10", "(69)\t$0.9515$\t$0.6637$\t$0.5687$\t$0.4696$\t$0.4132$"),
    _set("psa", "sec10.d", "agree_at", "32", "10", "At $d_{k}=32$ the"),
    _t("psa", "sec10.d", "agree32", "3.4", "10", "agree to within $3.4\\%$; by"),
    _set("psa", "sec10.d", "half_at", "128", "10", "$3.4\\%$; by $d_{k}=128$ the"),
    _t("psa", "sec7.14.arith", "ratios[0]", "0.17", "10", "half-maxima sit between $0.17\\gamma_{c}$"),
    _t("psa", "sec7.14.arith", "ratios[1]", "0.45", "10", "$0.17\\gamma_{c}$ and $0.45\\gamma_{c}$,"),
    _t("psa", "sec7.14.arith", "a4[0]", "0.225", "10", "Appendix\xa0A4 measure $0.225$ and"),
    _t("psa", "sec7.14.arith", "a4[1]", "0.275", "10", "measure $0.225$ and $0.275$ against"),
    _t("psa", "sec7.14.arith", "a4_law", "0.737", "10", "against a predicted $0.737$. Retaining"),
    _set("psa", "sec10.e", "dks[0]", "256", "10", "over $d_{k}\\in[256,\\,65536]$"),
    _set("psa", "sec10.e", "dks[8]", "65536", "10", "$d_{k}\\in[256,\\,65536]$ the"),
    _t("psa", "sec10.e", "t4", "-0.254", "10", "the exponent is $-0.254$ for"),
    _t("psa", "sec10.e", "t3t4", "-0.461", "10", "$T_{4}$-only law and $-0.461$ for"),
    _t("psa", "sec10.e", "trained", "-1.13", "10", "Trained models give $-1.13$. So"),
    _t("psa", "sec10.f", "saddle", "31.5", "10", "$d_{k}\\approx 31.5$, against"),
    _t("psa", "sec10.f", "eight_L", "49.9", "10", "$d_{k}^{*}=8L\\approx 49.9$. Any"),
    _t("psa", "sec10.f", "sweep_from", "32", "10", "beginning at $d_{k}=32$ therefore"),
    _t("psa", "sec10.f.jump", "jump", "+4.6", "10", "segment and the $+4.6\\%$ jump"),
    _set("psa", "sec10.f.jump", "widths[0]", "48", "10", "run: $d_{k}\\in\\{48,64\\}$"),
    _set("psa", "sec10.f.jump", "widths[1]", "64", "10", "$d_{k}\\in\\{48,64\\}$ carried"),
    _t("psa", "sec10.g", "rise", "4.6", "10", "predicting a rise of $4.6\\%$ and"),
    _t("psa", "sec10.g", "fall", "14.3", "10", "other a fall of $14.3\\%$."),
)


# --- the relation certificates of certificates/psa/relations_body.py: their printed data, once ----------

#: The abstract's emergence result at 91.3 M parameters (front matter), as printed: the claim of
#: ``A31.abstract``.  Each entry: key -> (printed string, the anchor that locates it in the abstract).
ABSTRACT_EMERGENCE: dict[str, tuple[str, str]] = {
    "params": ("91.3", "At $91.3$\u2009M and twelve layers"),
    "params_again": ("91.3", "that null and the $91.3$M emergence"),
    "gamma_opt": ("0.80", "seeds at $\\gamma{=}0.80$ in a mean"),
    "seeds_opt": ("3", "induction forms in $3/"),
    "runs_opt": ("3", "/3$ seeds at $\\gamma{=}0.80$"),
    "steps_opt": ("717", "in a mean of $717$ optimiser steps"),
    "seeds_base": ("2", "against $2/"),
    "runs_base": ("3", "/3$ seeds and $2700$ steps"),
    "steps_base": ("2700", "seeds and $2700$ steps at"),
    "gamma_base": ("0", "steps at $\\gamma{=}0$ — $3.8"),
    "speedup": ("3.8", "— $3.8\\times$ faster at identical"),
    "within": ("18", "the optimum within $18\\%$ of the"),
    "edge": ("0.9", "emergence absent above $\\gamma\\!\\approx\\!0.9$"),
    "rescued": ("1.00", "rescues $\\gamma{=}1.00$ in"),
    "rescued_seeds": ("2", "in $2/3$ seeds on identical data"),
    "rescued_runs": ("3", "/3$ seeds on identical data"),
}
#: The same quantities where the appendix prints them: §A31 (91.3 M, its opening), Table 112 of
#: §A31.7 (the rows gamma = 0.80 and 0.00: emerged/seeds, mean steps), §A31.9 (within 18%),
#: §A31.11 (gamma = 1.00 rescued in 2/3 seeds).  Not located here: they belong to the appendix.
A31_SOURCE: dict[str, str] = {
    "params": "91.3",
    "params_again": "91.3",
    "gamma_opt": "0.80",
    "seeds_opt": "3",
    "runs_opt": "3",
    "steps_opt": "717",
    "seeds_base": "2",
    "runs_base": "3",
    "steps_base": "2700",
    "gamma_base": "0.00",
    "within": "18",
    "rescued": "1.00",
    "rescued_seeds": "2",
    "rescued_runs": "3",
}

#: The abstract's arithmetic overhead: 6/(24d+4T) "about 5 x 10^-5 at d = T = 4096" (``eq64.abstract``).
ABSTRACT_OVERHEAD: dict[str, tuple[str, str, str]] = {
    # key -> (claim as a number string, printed form, anchor)
    "overhead": ("5e-5", "5\\times 10^{-5}", "about $5\\times 10^{-5}$ at"),
    "d_T": ("4096", "4096", "at $d=T=4096$, and it falls"),
}

#: Table 12 (§8.6): the coupling column and the INT8 level count of the last column, read by
#: ``prop77.gammas`` (the other cells are prop77's claims).
TABLE12_GAMMAS: tuple[str, ...] = ("0.05", "0.10", "0.20", "0.40")
TABLE12_LEVELS_TOTAL: tuple[str, ...] = ("256", "256", "256", "256")
#: "0.49 at gamma = 0.2, 0.85 at 0.4" where Table 13 (§8.7) and the abstract print the bits of
#: log2(1 + 2 gamma): place -> ((gamma, bits), ...).  Only the gammas are located here (the bits are
#: table13's claims).
BITS_AT: dict[str, tuple[tuple[str, str], ...]] = {
    "table13": (("0.2", "0.49"), ("0.4", "0.85")),
    "front": (("0.2", "0.49"),),
}

#: L = log 511 where Fig. 2's caption (§6) and §10 state it, with the numbers that follow from it
#: there (``fig2.L``): place -> (511, printed results); the results are located on fig2 / sec10.a.
L_ARG: dict[str, str] = {"6": "511", "10": "511"}
L_RESULTS: dict[str, tuple[str, ...]] = {"6": ("3.53", "49.9"), "10": ("49.9", "67.8")}

#: §10's width sweep: "stopped at gamma <= 0.40 because that range is sub-critical at every width it
#: covers" and the sweep still to run, d_k in {48, 64} "carried to gamma ~ 1.2" (``sec10.f.sweep``):
#: key -> (printed, anchor in §10); the cap as §A31.6 prints it; the widths §A31.6 covers.
SWEEP_10: dict[str, tuple[str, str]] = {
    "cap": ("0.40", "stopped at $\\gamma\\leq 0.40$ because"),
    "proposed": ("1.2", "carried to $\\gamma\\approx 1.2$ at"),
}
SWEEP_CAP_A31 = "0.40"
SWEEP_WIDTHS_A31: tuple[int, ...] = (32, 48, 64, 128)

#: Numbers the abstract, §1, §6, §9 and §10 restate from elsewhere in the paper, by certificate:
#: cid -> key -> (printed here, section, anchor, printed there, where, rule).  ``rule``: "equal" (the
#: same value), "rounds" (the source rounds to the number printed here).
RESTATED: dict[str, dict[str, tuple[str, str, str, str, str, str]]] = {
    "thm64.step5.abstract": {
        "c": ("0.74", "front", "where $c\\approx 0.74$ is a single", "0.741", "§6.7 and §7.10 (mean c)", "rounds"),
    },
    "sec7.14.abstract": {
        "gamma_star": ("0", "front", "optimum is $\\gamma^{*}{=}0$ at every", "0", "§7.14 (gamma = 0)", "equal"),
        "accuracy": ("0.99", "front", "baseline reaching $0.99$ in", "0.99", "§7.14", "equal"),
        "steps": ("500", "front", "in $500$ steps (§7.14)", "500", "§7.14", "equal"),
    },
    "sec7.4.abstract": {
        "sd": ("8.2", "front", "\\pm 8.2\\%$ single-layer", "8.2", "§7.4, Fig. 3", "equal"),
        "gamma": ("2.0", "front", "single-layer induction at $\\gamma{=}2.0$", "2.0", "§7.4, Fig. 3", "equal"),
    },
    "sec7.5.taps": {
        "key": ("-1.040", "9.1", "($b/a=-1.040$ on the key stream", "-1.040", "Table 7, learned two-tap", "equal"),
        "query": ("-0.010", "9.1", "$-0.010$ on the query stream", "-0.010", "Table 7, learned two-tap", "equal"),
    },
    "sec9.3.restated": {
        "level": ("95", "9.3", "(95% CI $[", "95", "§7.11 (95% CI)", "equal"),
        "nano": ("54", "9.3", "result (54\u2009k, Fig.", "54", "§7.4, Fig. 3 (~54 k)", "equal"),
        "multi": ("842", "9.3", "validation (842\u2009k, multi-layer", "842", "§7.4, Fig. 3 (~842 k)", "equal"),
        "largest": ("300", "9.3", "A $\\sim$300\u2009M parameter", "300", "§A1 (up to ~300 M)", "equal"),
        "delta": ("-0.4", "9.3", "($\\Delta=-0.4", "-0.4", "§7.1, Table 4 (multi-hop null)", "equal"),
        "delta_sd": ("1.2", "9.3", "\\pm 1.2$\u2009pp, Appendix", "1.2", "§7.1, Table 4 (multi-hop null)", "equal"),
        "depth_fails": ("30", "9.3", "fails at $L=30$ (Appendix", "30", "§A7.3 (fit breaks down at L = 30)", "equal"),
        "gamma_max": ("8", "9.3", "divergence to $\\gamma=8$ at", "8", "§7.12 (largest coupling, gamma = 8)", "equal"),
        "depth_1": ("1", "9.3", "at depths 1 and", "1", "§7.12 (depths {1, 3})", "equal"),
        "depth_3": ("3", "9.3", "depths 1 and 3, depth-flat", "3", "§7.12 (depths {1, 3})", "equal"),
    },
    "sec9.3.scale": {
        "front_lo": ("4", "front", "We work at 4–92", "4.45", "§A1 (4.45 M, the ICL arc)", "rounds"),
        "front_hi": ("92", "front", "at 4–92\u2009M by design. At", "91.7", "§A1 (91.7 M)", "rounds"),
        "intro_lo": ("4", "1", "study $4$–$92$\u2009M models", "4.45", "§A1 (4.45 M, the ICL arc)", "rounds"),
        "intro_hi": ("92", "1", "$4$–$92$\u2009M models as", "91.7", "§A1 (91.7 M)", "rounds"),
        "regime_lo": ("4", "1", "We work at 4–92\u2009M by design, and", "4.45", "§A1 (4.45 M)", "rounds"),
        "regime_hi": ("92", "1", "at 4–92\u2009M by design, and we", "91.7", "§A1 (91.7 M)", "rounds"),
        "scale_lo": ("4", "1", "checks at the 4–92", "4.45", "§A1 (4.45 M)", "rounds"),
        "scale_hi": ("92", "1", "the 4–92\u2009M scale where", "91.7", "§A1 (91.7 M)", "rounds"),
        "limits_lo": ("4", "9.3", "trained on it, at 4–92", "4.45", "§A1 (4.45 M)", "rounds"),
        "limits_hi": ("92", "9.3", "at 4–92\u2009M parameters.", "91.7", "§A1 (91.7 M)", "rounds"),
    },
    "rem65.restated": {
        "scaled_lr": ("1.00", "6.7", "no coupling above $1.00$ has", "1.00", "§A31.11 (LR-scaled arm C)", "equal"),
    },
}

_BILL = "PSA relative to standard attention"

LOCATORS += tuple(
    _t("psa", "A31.abstract", f"printed[{k!r}]", printed, "front", anchor)
    for k, (printed, anchor) in ABSTRACT_EMERGENCE.items()
)
LOCATORS += tuple(
    _t("psa", "eq64.abstract", k, shown, "front", anchor) for k, (_claim, shown, anchor) in ABSTRACT_OVERHEAD.items()
)
LOCATORS += tuple(
    loc
    for i, (g, total, factor, kept) in enumerate(
        zip(TABLE12_GAMMAS, TABLE12_LEVELS_TOTAL, ("1.10", "1.20", "1.40", "1.80"), ("233", "213", "183", "142"))
    )
    for loc in (
        # by the text of the row, not its label: a changed coupling is read, not a lost row
        _t("psa", "prop77.gammas", f"gammas[{i}]", g, "8.6", f"{g}\t{factor}"),
        _t("psa", "prop77.gammas", f"levels_total[{i}]", total, "8.6", f"{kept}/{total}"),
    )
)
LOCATORS += (
    _tab("psa", "prop77.gammas", "bits_at['table13'][0][0]", "0.2", "13", "additional bits", _BILL, (4, 7)),
    _t("psa", "prop77.gammas", "bits_at['table13'][1][0]", "0.4", "8.7", "at $0.4$"),
    _t("psa", "prop77.gammas", "bits_at['front'][0][0]", "0.2", "front", "at $\\gamma=0.2$ — and"),
    _t("psa", "fig2.L", "L_args['6']", "511", "6", "at $L=\\log 511$. It vanishes"),
    _t("psa", "fig2.L", "L_args['10']", "511", "10", "At $L=\\log 511$:"),
)
LOCATORS += tuple(_t("psa", "sec10.f.sweep", k, printed, "10", anchor) for k, (printed, anchor) in SWEEP_10.items())
LOCATORS += (
    # the float64 residual the proofs print as "exactly 0.0" (prop36: the C4 residual; rem39: a
    # unit-triangular block), and the width of the residual diagnostic §5.3 refers to (C6)
    _t("psa", "prop36", "residual", "0.0", "4.8", "the C4 residual evaluating to exactly $0.0$"),
    _t("psa", "rem39", "residual", "0.0", "5.1", "it evaluates to exactly $0.0$ because"),
    _set("psa", "C6", "dk", "64", "5.3", "residual diagnostic at $d_{k}=64$"),
)
LOCATORS += tuple(
    _t("psa", cid, f"printed[{k!r}]", here, section, anchor)
    for cid, data in RESTATED.items()
    for k, (here, section, anchor, _there, _where, _rule) in data.items()
)

# the joint filter orders (0,0), (1,0), (0,1), (1,1) where the text names them: eq3's lattice (the four
# members' orders, §2.3), cor14 (Cor 14: (1,1), up from (0,0)), eq3.swap.corrected ((1,1) the one
# swap-invariant member); the stencil orders 1 and 2 (eq4: forward Euler, eq8: Störmer–Verlet)
LOCATORS += (
    _t("psa", "cor14", "baseline_claim[0]", "0", "1", "produces $(0"),
    _t("psa", "cor14", "baseline_claim[1]", "0", "1", "0)$ on both"),
    _t("psa", "cor14", "baseline_claim[0]", "0", "1", "$z$-transform from $(0"),
    _t("psa", "cor14", "baseline_claim[1]", "0", "1", "0)$ to $(1"),
    _t("psa", "cor14", "order_claim[0]", "1", "1", "$(0,0)$ to $(1"),
    _t("psa", "cor14", "order_claim[1]", "1", "1", "1)$ — key-side"),
    _tab("psa", "eq3", "lattice[1][0]", "1", "1", "Query-only $(\\gamma,0)$", "Order", (0, 2)),
    _tab("psa", "eq3", "lattice[1][1]", "0", "1", "Query-only $(\\gamma,0)$", "Order", (1, 2)),
    _tab("psa", "eq3", "lattice[2][0]", "0", "1", "Key-only $(0,\\gamma)$", "Order", (0, 2)),
    _tab("psa", "eq3", "lattice[2][1]", "1", "1", "Key-only $(0,\\gamma)$", "Order", (1, 2)),
    _t("psa", "eq3", "lattice[3][0]", "1", "1", "$(\\gamma_{q},\\gamma_{k})$\t$(1"),
    _t("psa", "eq3", "lattice[3][1]", "1", "1", "1)^{*}$"),
    _t("psa", "eq3", "lattice[3][0]", "1", "1", "$(\\gamma,\\gamma)$\t$(1"),
    _t("psa", "eq3", "lattice[3][1]", "1", "1", "1)$\t$0."),
    _t("psa", "eq3", "lattice[2][0]", "0", "1", "induction task the $(0"),
    _t("psa", "eq3", "lattice[2][1]", "1", "1", "task the $(0,1)$ half-lift"),
    _t("psa", "eq3", "lattice[0][0]", "0", "2.1", "position. Order $(0"),
    _t("psa", "eq3", "lattice[0][1]", "0", "2.1", "0)$ is a property"),
    _t("psa", "eq3", "lattice[0][1]", "0", "2.3", "0)$ is standard"),
    _t("psa", "eq3", "lattice[1][0]", "1", "2.3", "$(1,0)$, the query-only"),
    _t("psa", "eq3", "lattice[1][1]", "0", "2.3", "$(1,0)$, the query-only"),
    _t("psa", "eq3", "lattice[0][0]", "0", "2.3", "leaving the $(0"),
    _t("psa", "eq3", "lattice[0][1]", "0", "2.3", ",0)$ class"),
    _t("psa", "eq3", "lattice[2][0]", "0", "2.3", "$(0,1)$, the key-only"),
    _t("psa", "eq3", "lattice[2][1]", "1", "2.3", "$(0,1)$, the key-only"),
    _t("psa", "eq3", "lattice[3][1]", "1", "2.3", "1)$ is the swap-symmetric"),
    _t("psa", "eq3.swap.corrected", "claimed_invariant[0][0]", "1", "2.3", "$, and $(1"),
    _t("psa", "eq3.swap.corrected", "claimed_invariant[0][1]", "1", "2.3", "1)$ is the unique"),
    _t("psa", "cor14", "baseline_claim[0]", "0", "4.2", "$(t,j)$, up from $(0"),
    _t("psa", "cor14", "baseline_claim[1]", "0", "4.2", "0)$ for standard"),
    _t("psa", "eq3", "lattice[1][0]", "1", "6.8", "$(1,0)$ cannot"),
    _t("psa", "eq3", "lattice[1][1]", "0", "6.8", "$(1,0)$ cannot"),
    _t("psa", "eq3", "lattice[1][0]", "1", "6.8", "$(\\rho,\\rho^{\\prime})=(1"),
    _t("psa", "eq3", "lattice[1][1]", "0", "6.8", "$(\\rho,\\rho^{\\prime})=(1,0)$"),
    _t("psa", "eq3", "lattice[2][0]", "0", "6.8", "(Key-only $(0"),
    _t("psa", "eq3", "lattice[2][1]", "1", "6.8", "(Key-only $(0,1)$"),
    _t("psa", "eq8", "order", "2", "1", "Verlet attains order\xa02."),
    _t("psa", "eq4", "global_order", "1", "5.2", "raised from $1$ to"),
    _t("psa", "eq8", "order", "2", "5.2", "to $2$ by passing"),
)

# unit DC gain and the stability bound where the text states them as results (Prop 13 (i), Thm 16 (2),
# (62)-(63), §8.6, Table 13; (16))
LOCATORS += (
    _t("psa", "eq16", "bound", "4", "3.3", "$h^{2}\\lambda_{\\max}(K)<4$"),
    _t("psa", "prop13", "dc_claim", "1", "4.2", "(i) $|H^{u}(e^{j0})|=1$, unit DC gain"),
    _t("psa", "thm16", "dc_claim", "1", "4.3", "is exactly $1$ for every $\\gamma$"),
    _t("psa", "prop13", "dc_claim", "1", "6.4", "unit DC gain, $H^{u}(e^{j0})=1$ exactly"),
    _t("psa", "eq62", "dc_claim", "1", "8.2", "=1$ exactly and"),
    _t("psa", "prop77.dc", "dc_factor", "1", "8.6", "the gain at DC is exactly $1$, so"),
    _t("psa", "table13", "dc_factor", "1", "8.7", "$\\times 1$ at DC"),
)

_FRONTIER = (
    "the parameter scale the paper calls frontier (at least a billion parameters): a framing threshold "
    "for where the two-layer overhead is negligible, not a measurement; no relation printed in the paper "
    "constrains it"
)
NOT_CHECKABLE: tuple[NotCheckable, ...] = (
    _nc("psa", "front", "frontier scale ($\\geq$1\u2009B)", _FRONTIER),
    _nc("psa", "1", "budget: at $\\geq$1\u2009B parameters", _FRONTIER),
    _nc(
        "psa",
        "9.1",
        "their reported crossover, at $350$\u2009M,",
        "a number another paper reports (Gahtan and Bronstein's crossover at 350 M parameters), quoted and "
        "not measured here; nothing printed in this paper constrains it",
    ),
)

# §8.4: "an MLP at expansion 4 costing 16d^2" (eq64 checks 4 e d^2 against its MLP term)
LOCATORS += (_t("psa", "eq64", "mlp_expansion", "4", "8.4", "an MLP at expansion $4$ costing"),)

# Cor 21 (§4.4): the lower shear's transfer function H^l = 1 (statement and proof)
LOCATORS += (
    _t("psa", "cor21", "H_claim", "1", "4.4", "H^{l}(z)\\equiv 1$, of unit magnitude"),
    _t("psa", "cor21", "H_claim", "1", "4.4", "ratio of transforms is the constant $1$"),
)
