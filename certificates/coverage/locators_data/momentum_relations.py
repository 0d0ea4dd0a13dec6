"""The Momentum Attention preprint's printed numbers read by :mod:`certificates.momentum.relations`
(the data, once: the check takes them as its claims), the locators of the claims of the existing
certificates printed again (gamma_c = 0.225, the 1.22x ratio, r = 0.818, 10-100x, det J = 1, the
DC and Nyquist gains), and the numbers declared not checkable, with the reasons (issue 27).
Checked by ``tests/certificates/test_coverage_locators.py``."""

from __future__ import annotations

from ..locators import Locator, NotCheckable
from ._common import nc_text, t

#: the same quantity printed in several places: name -> its printings, in the text's order
SAME: dict[str, tuple[str, ...]] = {
    "correlation r, Post-RoPE placement": ("0.94", "0.94", "0.94", "0.94"),
    "correlation r, Pre-RoPE placement": ("0.12", "0.12", "0.12"),
    "performance gain of Post-RoPE placement (%)": ("+52.5", "+52.5", "+52.5"),
    "regression of Pre-RoPE placement (%)": ("-4.1", "-4.1"),
    "scaling-law coefficient": ("4.17", "4.17"),
    "scaling-law exponent": ("-0.74", "-0.74"),
    "proxy model size (M parameters)": ("4", "4", "4", "4"),
    "controlled runs (at least)": ("5,100", "5,100"),
    "shortest chain length L": ("10", "10"),
    "coupling of the phase transition (Figure 5A)": ("1.0", "1.0", "1"),
    "upper end of the sub-critical regime (Figure 5A)": ("0.3", "0.3"),
}
#: 'the sub-linear exponent (alpha = 0.74 < 1)'
ALPHA = "0.74"
#: 'pre-embedded outputs from 5,169+ total experiments'
TOTAL_RUNS = "5,169"

LOCATORS: tuple[Locator, ...] = (
    t(
        "momentum",
        "momentum:sec3.1.same",
        "values['correlation r, Post-RoPE placement'][0]",
        "0.94",
        "2.7.2",
        "0.94$. If the ",
    ),
    t(
        "momentum",
        "momentum:sec3.1.same",
        "values['correlation r, Post-RoPE placement'][1]",
        "0.94",
        "2.9",
        "0.94$ for corr",
    ),
    t(
        "momentum",
        "momentum:sec3.1.same",
        "values['correlation r, Post-RoPE placement'][2]",
        "0.94",
        "2.9.1",
        "0.94$) and the",
    ),
    t(
        "momentum",
        "momentum:sec3.1.same",
        "values['correlation r, Post-RoPE placement'][3]",
        "0.94",
        "3.1",
        "0.94$), valida",
    ),
    t(
        "momentum",
        "momentum:sec3.1.same",
        "values['correlation r, Pre-RoPE placement'][0]",
        "0.12",
        "2.9",
        "0.12$ correlat",
    ),
    t(
        "momentum",
        "momentum:sec3.1.same",
        "values['correlation r, Pre-RoPE placement'][1]",
        "0.12",
        "2.9.1",
        "0.12$), and th",
    ),
    t(
        "momentum",
        "momentum:sec3.1.same",
        "values['correlation r, Pre-RoPE placement'][2]",
        "0.12",
        "3.1",
        "0.12$), confir",
    ),
    t(
        "momentum",
        "momentum:sec3.1.same",
        "values['performance gain of Post-RoPE placement (%)'][0]",
        "+52.5",
        "2.9.1",
        "+52.5\\%$ performa",
    ),
    t(
        "momentum",
        "momentum:sec3.1.same",
        "values['performance gain of Post-RoPE placement (%)'][1]",
        "+52.5",
        "3.1",
        "+52.5\\%$ performa",
    ),
    t(
        "momentum",
        "momentum:sec3.1.same",
        "values['performance gain of Post-RoPE placement (%)'][2]",
        "+52.5",
        "3.1",
        "+52.5\\%$ gain ver",
    ),
    t(
        "momentum",
        "momentum:sec3.1.same",
        "values['regression of Pre-RoPE placement (%)'][0]",
        "-4.1",
        "2.9.1",
        "-4.1\\%$ regressi",
    ),
    t(
        "momentum",
        "momentum:sec3.1.same",
        "values['regression of Pre-RoPE placement (%)'][1]",
        "-4.1",
        "3.1",
        "-4.1\\%$ regressi",
    ),
    t("momentum", "momentum:sec3.1.same", "values['scaling-law coefficient'][0]", "4.17", "3.5", "4.17\\times N^{"),
    t("momentum", "momentum:sec3.1.same", "values['scaling-law coefficient'][1]", "4.17", "6", "4.17\\times N^{"),
    t("momentum", "momentum:sec3.1.same", "values['scaling-law exponent'][0]", "-0.74", "3.5", "-0.74}$, discov"),
    t("momentum", "momentum:sec3.1.same", "values['scaling-law exponent'][1]", "-0.74", "6", "-0.74}$ discove"),
    t("momentum", "momentum:sec3.1.same", "values['proxy model size (M parameters)'][0]", "4", "3.2", "4M paramete"),
    t("momentum", "momentum:sec3.1.same", "values['proxy model size (M parameters)'][1]", "4", "3.2", "4M Momentum"),
    t("momentum", "momentum:sec3.1.same", "values['proxy model size (M parameters)'][2]", "4", "3.2", "4M proxy mo"),
    t("momentum", "momentum:sec3.1.same", "values['proxy model size (M parameters)'][3]", "4", "6", "models (4M–"),
    t("momentum", "momentum:sec3.1.same", "values['controlled runs (at least)'][0]", "5,100", "3", "5,100 controlle"),
    t("momentum", "momentum:sec3.1.same", "values['controlled runs (at least)'][1]", "5,100", "6", "5,100+ controll"),
    t("momentum", "momentum:sec3.1.same", "values['shortest chain length L'][0]", "10", "3.4", "L=10$ to $L="),
    t("momentum", "momentum:sec3.1.same", "values['shortest chain length L'][1]", "10", "3.4", "10$, both ar"),
    t(
        "momentum",
        "momentum:sec3.1.same",
        "values['coupling of the phase transition (Figure 5A)'][0]",
        "1.0",
        "3.5",
        "1.0$ is clear",
    ),
    t(
        "momentum",
        "momentum:sec3.1.same",
        "values['coupling of the phase transition (Figure 5A)'][1]",
        "1.0",
        "3.5",
        "1.0$) where i",
    ),
    t(
        "momentum",
        "momentum:sec3.1.same",
        "values['coupling of the phase transition (Figure 5A)'][2]",
        "1",
        "3.5",
        "1$) unlocks",
    ),
    t(
        "momentum",
        "momentum:sec3.1.same",
        "values['upper end of the sub-critical regime (Figure 5A)'][0]",
        "0.3",
        "3.5",
        "0.3$) where t",
    ),
    t(
        "momentum",
        "momentum:sec3.1.same",
        "values['upper end of the sub-critical regime (Figure 5A)'][1]",
        "0.3",
        "3.5",
        "$0.3<\\gamma <",
    ),
    t("momentum", "momentum:sec3.1.same", "total_runs", "5,169", "6", "5,169+ total ex"),
    t("momentum", "momentum:appE.sec1.2.arith", "gc_rope", "0.225", "2.8", "0.225$ marks th"),
    t("momentum", "momentum:appE.sec1.2.arith", "ratio", "1.22", "6", "1.22×\\gamma_{c"),
    t("momentum", "momentum:appE.sec1.2.arith", "ratio", "1.22", "6", "1.22\\times Rat"),
    t("momentum", "momentum:appE.sec1.2.arith", "ratio", "1.22", "E5.1", "1.22\\times$ ra"),
    t("momentum", "momentum:appE.sec1.2.arith", "ratio", "1.22", "E7", "1.22\\times$ is"),
    t("momentum", "momentum:appE.sec1.2.arith", "implied_r", "0.818", "E5.1", "0.818$ (implied"),
    t("momentum", "momentum:appE.sec1.2.arith", "implied_r", "0.818", "E7.1", " 0.818$ under s"),
    t("momentum", "momentum:appE.sec1.2.arith", "predicted[0]", "10", "E7", "n the $10$–$"),
    t("momentum", "momentum:appE.sec1.2.arith", "predicted[1]", "100", "E7", "100\\times$ pr"),
    t("momentum", "momentum:appE.sec1.2.arith", "r_range[0]", "0.01", "E1.1", "g $r\\in [0.01,"),
    t("momentum", "momentum:appE.sec1.2.arith", "r_range[1]", "0.1", "E1.1", "0.1]$ based o"),
    t("momentum", "momentum:sec3.3.arith", "params_large", "350", "6", "350M paramete"),
    t("momentum", "momentum:sec2.6.velocity", "dc", "0", "2.6", "0$ (complet"),
    t("momentum", "momentum:sec2.6.velocity", "nyquist", "2", "2.6", "2$ (maximum"),
    t("momentum", "momentum:sec2.6.transfer", "dc", "1", "2.6", "1$. At Nyqu"),
    t("momentum", "momentum:sec3.1.same", "alpha", "0.74", "3.5", "$\\alpha =0.74<"),
    t("momentum", "momentum:sec2.1.volume", "det_claim", "1", "2.1", "1$ confirms"),
    t("momentum", "momentum:sec2.1.volume", "det_claim", "1", "2.2", "1$), and"),
    t("momentum", "momentum:sec2.1.volume", "det_claim", "1", "2.10.1", "1$) $\\to$ c"),
    t("momentum", "momentum:sec2.1.volume", "det_claim", "1", "2.10.2", "1$), we for"),
    t("momentum", "momentum:sec2.1.volume", "det_claim", "1", "2.10.3", "1$) provide"),
    t("momentum", "momentum:sec2.1.volume", "det_claim", "1", "4.1", "1$ is a glo"),
)

R_MEAS = (
    "measured on trained models (the notebooks and checkpoints are not available); no relation printed in"
    " the paper constrains it"
)
R_CONF = (
    "a configuration of an experiment (model size, depth, chain length, run count, GPU-hours); no "
    "relation printed in the paper constrains it"
)
R_CITED = (
    "the cited depth bound (L >= 2 layers for induction, Olsson et al.; Sanford-Hsu-Telgarsky type), "
    "stated without proof (momentum:appB.sec1.2)"
)
R_FIG = (
    "a reading of Figure 5 (regime boundaries of the phase transition, the depths of the fit and its "
    "R^2); the per-depth data are not printed"
)

NOT_CHECKABLE: tuple[NotCheckable, ...] = (
    nc_text("momentum", "1", "the $L\\ge 2$ constraint", R_CITED),
    nc_text("momentum", "1", "two-layer composition ($L\\ge 2$)", R_CITED),
    nc_text("momentum", "3.5", "saturation regime ($\\gamma >4.0$)", R_FIG),
    nc_text("momentum", "2.4", "require $L\\ge 2$ layers", R_CITED),
    nc_text("momentum", "2.4", "the $L\\ge 2$ barrier", R_CITED),
    nc_text("momentum", "2.4", "($N=1$) achieves", R_CONF),
    nc_text("momentum", "2.4", "($\\gamma =0$) achieves", R_CONF),
    nc_text("momentum", "2.8", "from random ($\\sim$5%) to near-perfect ($>$99%)", R_MEAS),
    nc_text("momentum", "3.1", "across 480 attention head", R_CONF),
    nc_text("momentum", "3.2", "(98.7%)", R_MEAS),
    nc_text("momentum", "3.2", "(12.4%)", R_MEAS),
    nc_text("momentum", "3.2", "the $L\\ge 2$ depth", R_CITED),
    nc_text("momentum", "3.3", "$\\sim$2.9% validation", R_MEAS),
    nc_text("momentum", "3.3", "127 GPU-hours", R_CONF),
    nc_text("momentum", "3.4", "to $L=50$", R_CONF),
    nc_text("momentum", "3.4", "comprising 2,880 configurations", R_CONF),
    nc_text("momentum", "3.4", "by $L=30$, Momentum Attention achieves $+52.5\\%$", R_MEAS),
    nc_text("momentum", "3.5", "the $N\\ge 2$ barrier", R_CITED),
    nc_text("momentum", "3.5", "($N=1$) momentum", R_CONF),
    nc_text("momentum", "3.5", "at $\\gamma =4.0$", R_MEAS),
    nc_text("momentum", "3.5", "($\\gamma =0$)—a", R_CONF),
    nc_text("momentum", "3.5", "$N\\in \\{1,2,3,4,5,8\\}$ with fit quality $R^2=0.947$", R_FIG),
    nc_text("momentum", "3.5", "The standard transformer ($\\gamma =0$) fails", R_CONF),
    nc_text("momentum", "4.3", "The $L\\ge 2$ depth", R_CITED),
    nc_text("momentum", "B1.2", "requires depth $L\\ge 2$", R_CITED),
    nc_text("momentum", "6", "the 27 Jupyter notebooks", R_CONF),
)
