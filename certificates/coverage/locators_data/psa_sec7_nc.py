"""Numbers of the main paper's §7 declared not checkable, each with its reason (issue 27).

Declared only after checking that no relation printed in the paper constrains them: each is a
measurement printed once (no copy elsewhere in the paper, no mean, difference, ratio or ordering
printed with it), a wall-clock time, or a configuration input no certificate uses.  The
declarations cover only the numerals that no locator names (the printed relations of
:mod:`.psa_sec7_data` and the existing certificates' claims of :mod:`.psa_sec7_claims` are
located first)."""

from __future__ import annotations

from ..locators import NotCheckable
from ._common import nc_cells, nc_text

P = "psa"

_WALL = "wall-clock time of a notebook on the authors' hardware; nothing in the paper constrains it"
_SD3 = (
    "seed standard deviation over three seeds; the per-seed values are not printed, so no printed "
    "relation constrains it"
)
_CONFIG = "a training-configuration input stated once; no certificate uses it and no printed relation constrains it"
_ONCE = "a measurement on trained models printed once; no relation printed in the paper constrains it"

NOT_CHECKABLE: tuple[NotCheckable, ...] = (
    # §7.1: Table 4's wall times; Table 5's quotes of appendix numbers printed nowhere else
    nc_cells(P, "4", _WALL, column="Wall time"),
    nc_text(
        P,
        "7.1",
        "NS baseline: $r{=}0.03$ at $\\gamma{=}0.6$",
        "Appendix A10's no-shear Bode correlation, quoted in Table 5 only (A10 does not print it); no "
        "printed relation constrains it or its coupling",
    ),
    nc_text(P, "7.1", "$\\sim$2k runs", "an approximate run count of Appendix A30, printed once"),
    # §7.4 and Figure 3
    nc_text(P, "7.4", "and $1.6\\pm 0.3\\%$ for the two-layer", _SD3.replace("three", "five")),
    nc_text(
        P,
        "7.4",
        "$L\\in\\{10,14,22,30\\}$ depth sweep",
        "the depths of Appendix A6's sweep, listed once (A6 does not print this list); no certificate uses them",
    ),
    nc_text(P, "7.4", "$d_{\\mathrm{model}}{=}64$, 4 heads, $d_{k}{=}16$; Appendix", _CONFIG),
    nc_text(P, "7.4", "14 KV pairs, padded sequence length 30", _CONFIG),
    nc_text(P, "7.4", "$d_{\\mathrm{ff}}{=}512$", _CONFIG),
    nc_text(
        P, "7.4", "(keys $\\in[1,", "the first key token id of panel (b)'s alphabet, a configuration input stated once"
    ),
    nc_text(
        P,
        "7.4",
        "transition window $\\gamma\\in[0,0.5]$",
        "the coupling range a figure panel plots (a rendering choice), not a result",
    ),
    # §7.5: Table 7's seed spreads
    nc_cells(P, "7", _SD3, column="Best accuracy"),
    nc_cells(P, "7", _SD3, row="Two-layer baseline", column="Reading"),
    # §7.6-7.8
    nc_text(
        P,
        "7.6",
        "largest difference is $2.2\\times 10^{-16}$",
        "float64 round-off of the authors' run (C10 makes the exact difference zero); its size is not "
        "constrained by any printed number",
    ),
    nc_text(
        P,
        "7.7",
        "verified across $\\tau\\in\\{0.5,1.0,2.0\\}$",
        "the temperatures of an Appendix A10 ablation, listed once; no certificate uses them",
    ),
    nc_text(
        P, "7.7", "more than $96\\%$ of tokens", "an Appendix A10 token fraction quoted once; A10 does not print it"
    ),
    nc_text(
        P,
        "7.8",
        "$d=1.05$",
        "Cohen's d whose definition the paper does not state (the r-to-d conversion of r = -0.679 gives "
        "1.85, not 1.05); no stated relation constrains it",
    ),
    # §7.9-7.10: figure rendering
    nc_text(P, "7.9", "magnified $8\\times$", "a plotting magnification of error bars, not a result"),
    nc_text(P, "7.9", "and $\\pm 10\\%$ bands", "a guide band drawn in a figure panel, not a result"),
    nc_text(P, "7.10", "magnified $10\\times$", "a plotting magnification of error bars, not a result"),
    nc_text(
        P,
        "7.10",
        "mean and $\\pm 1$ s.d. shaded",
        "the width of a shaded band in a figure panel (one s.d.), a rendering choice, not a result",
    ),
    # §7.11
    nc_text(P, "7.11", "then $1.290\\pm 0.044$, $0.445\\pm 0.028$, $0.226\\pm 0.004$ and $0.120\\pm 0.006$", _SD3),
    nc_text(
        P,
        "7.11",
        "measures $1.86$, $3.05$, $3.12$, $3.03$ and",
        "operating-point ratios measured on trained models; only the d_k = 64 value (2.92) enters a "
        "printed relation (the 0.18 at the transition)",
    ),
    # §7.12
    nc_text(
        P,
        "7.12",
        "gives $0.697$, $0.793$, $0.808$, $0.833$, $0.818$ at",
        "final accuracies of two-seed runs printed once; 'stable across the coupling range' states no "
        "relation that bounds them",
    ),
    nc_text(P, "7.12", "and $0.677$, $0.766$, $0.797$, $0.822$, $0.820$ at depth 3", _ONCE),
    nc_text(P, "7.12", "against $0.035$ and $0.033$ for the", _ONCE),
    nc_text(
        P,
        "7.12",
        "\\to 2.48$ for",
        "the control's layer-3 RMS; the pre-registered check reads layers 1 and 2 only, so no printed "
        "relation constrains it",
    ),
    nc_text(
        P,
        "7.12",
        "$2.39\\to 1.64\\to 1.74$ for the control against $1.42\\to 1.42\\to 1.49$",
        "attention entropies printed once; 'follow the same pattern' states no relation that bounds them",
    ),
    nc_text(
        P,
        "7.12",
        "falling to $0.504$ at $\\gamma=1$ and $0.697$ at $\\gamma=6$",
        "accuracies of an inference-time coupling sweep whose grid and best value are not printed; "
        "the 90% plateau cannot be checked against them",
    ),
    nc_text(P, "7.12", "with $0.768$ at the training length", _ONCE),
    nc_text(
        P,
        "7.12",
        "($25.6$, $24.1$, $24.1$)",
        "maximum absolute scores printed once; 'stable' states no relation that bounds them",
    ),
    nc_text(P, "7.12", "range from $0$ to $1109$", "raw loss-spike counts the section excludes from its analysis"),
    nc_text(P, "7.12", "Protocol: $d_{k}{=}16$, 14", _CONFIG),
    # §7.16
    nc_text(
        P,
        "7.16",
        "($r=0.987$, Appendix",
        "a correlation quoted from Appendix A29, which does not print it; no relation constrains it",
    ),
)
