"""Locators of the main paper's §7.9, Tables 10 and 13 and the abstract (the first set, issue 27)."""

from __future__ import annotations

from ..locators import Locator
from ._common import set_ as _set
from ._common import t as _t
from ._common import tab as _tab

_BILL = "PSA relative to standard attention"

LOCATORS: tuple[Locator, ...] = (
    # §7.9, the held-out mean-field test and the behaviour near the crossover (certificate sec7.9)
    _t("psa", "sec7.9", "printed['mean_field_r']", "0.9876", "7.9", "$\\gamma_{c}$ with Pearson $r=0.9876$"),
    _t("psa", "sec7.9", "printed['mean_field_median']", "2.6", "7.9", "0.9876$ and median relative error $2.6\\%$"),
    _t(
        "psa", "sec7.9", "printed['worst'][0]", "32", "7.9", "The worst point is $(d_{k},T)=(32,25)$ at $8L/d_{k}=0.79$"
    ),
    _t(
        "psa", "sec7.9", "printed['worst'][1]", "25", "7.9", "The worst point is $(d_{k},T)=(32,25)$ at $8L/d_{k}=0.79$"
    ),
    _t(
        "psa",
        "sec7.9",
        "printed['worst_ratio']",
        "0.79",
        "7.9",
        "The worst point is $(d_{k},T)=(32,25)$ at $8L/d_{k}=0.79$",
    ),
    _t("psa", "sec7.9", "printed['worst_error']", "13.6", "7.9", "overpredicts by $13.6\\%$"),
    _t(
        "psa",
        "sec7.9",
        "printed['next_worst'][0]",
        "32",
        "7.9",
        "the next worst is $(d_{k},T)=(32,15)$ at $8L/d_{k}=0.66$",
    ),
    _t(
        "psa",
        "sec7.9",
        "printed['next_worst'][1]",
        "15",
        "7.9",
        "the next worst is $(d_{k},T)=(32,15)$ at $8L/d_{k}=0.66$",
    ),
    _t(
        "psa",
        "sec7.9",
        "printed['next_worst_ratio']",
        "0.66",
        "7.9",
        "the next worst is $(d_{k},T)=(32,15)$ at $8L/d_{k}=0.66$",
    ),
    _t("psa", "sec7.9", "printed['next_worst_error']", "7.5", "7.9", "overpredicted by $7.5\\%$"),
    _t("psa", "sec7.9", "printed['trend_r']", "0.688", "7.9", "with Pearson $r=0.688$ ($p=0.041$),"),
    _t("psa", "sec7.9", "printed['trend_p']", "0.041", "7.9", "$r=0.688$ ($p=0.041$)"),
    _t("psa", "sec7.9", "printed['trend_rho']", "0.27", "7.9", "$\\rho_{s}=0.27$"),
    _t("psa", "sec7.9", "printed['trend_rho_p']", "0.49", "7.9", "$\\rho_{s}=0.27$ ($p=0.49$)"),
    _t("psa", "sec7.9", "printed['seed_sd_max']", "0.003", "7.9", "at most $\\pm 0.003$"),
    _t("psa", "sec7.9", "printed['seed_sd_typical']", "0.001", "7.9", "typically $\\pm 0.001$"),
    _t("psa", "sec7.9", "printed['smoke_point'][0]", "16", "7.9", "$(d_{k},T)=(16,15)$ against an"),
    _t("psa", "sec7.9", "printed['smoke_point'][1]", "15", "7.9", "(16,15)$ against an"),
    _t("psa", "sec7.9", "printed['smoke_value']", "0.773", "7.9", "($0.773$ against"),
    _t("psa", "sec7.9", "printed['smoke_reference']", "0.776", "7.9", "against $0.776$)"),
    # §7.9, the protocol of the grid: the per-seed trial count the independence check scales by
    _set("psa", "sec7.9.independence", "paper_trials", "60{,}000", "7.9", "five seeds and $60{,}000$ trials per seed"),
    # §7.9, the independence test (certificate sec7.9.independence; its claims in per cent, as printed)
    _t("psa", "sec7.9.independence", "median_claim", "0.6", "7.9", "by a median of $-0.6\\%$"),
    _t("psa", "sec7.9.independence", "max_claim", "2.9", "7.9", "with a maximum of $2.9\\%$"),
    # §7.9, certificate C8 against fresh-seed Monte Carlo
    _t("psa", "C8", "points[(64, 10)][0]", "0.570", "7.9", "MC $0.570"),
    _t("psa", "C8", "points[(64, 10)][1]", "0.545", "7.9", "0.545$ ($4.4\\%$), $"),
    _t("psa", "C8", "within_printed", "4.4", "7.9", "4.4\\%$), $"),
    _t("psa", "C8", "points[(64, 25)][0]", "0.668", "7.9", "0.668$ against $0.6"),
    _t("psa", "C8", "points[(64, 25)][1]", "0.669", "7.9", "$(64,25)$ gives $0.668$ against $0.669$"),
    _t("psa", "C8", "points[(128, 15)][0]", "0.508", "7.9", "0.508$ against $0.4"),
    _t("psa", "C8", "points[(128, 15)][1]", "0.494", "7.9", "$(128,15)$ gives $0.508$ against $0.494$"),
    # Table 10, the outcome column
    _tab("psa", "C7", "max_delta_printed", "9{\\times}10^{-4}", "10", "C7", "Outcome", (1, 2)),
    _tab("psa", "C8", "within_printed", "4.4", "10", "C8", "Outcome"),
    # Table 13, the deployment bill (certificate table13); 0.49 is printed in the abstract too
    _tab("psa", "table13", "bits_printed[0.2]", "0.49", "13", "additional bits", _BILL, (3, 7)),
    _tab("psa", "table13", "bits_printed[0.4]", "0.85", "13", "additional bits", _BILL, (5, 7)),
    _tab("psa", "table13", "in_practice", "10^{-4}", "13", "FLOPs per token, per layer", _BILL, (4, 5)),
    _t("psa", "table13", "bits_printed[0.2]", "0.49", "front", "— $0.49$"),
)
