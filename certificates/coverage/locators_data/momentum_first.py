"""Locators of the momentum paper: §2.4, §3.3, §3.5, Addendum E §1.2 (the first set, issue 27)."""

from __future__ import annotations

from ..locators import Locator
from ._common import t as _t

LOCATORS: tuple[Locator, ...] = (
    # 83.4% and 1.2% are printed twice (§2.4 and §3.5): both places are read
    _t("momentum", "momentum:sec3.5.arith", "momentum_acc", "83.4", "2.4", "achieves 83.4% accuracy"),
    _t("momentum", "momentum:sec3.5.arith", "standard_acc", "1.2", "2.4", "achieves only 1.2%"),
    _t("momentum", "momentum:sec3.5.arith", "momentum_acc", "83.4", "3.5", "achieves 83.4% accuracy"),
    _t("momentum", "momentum:sec3.5.arith", "standard_acc", "1.2", "3.5", "only 1.2% for"),
    _t("momentum", "momentum:sec3.5.arith", "improvement", "69.5", "3.5", "a $69.5\\times$ improvement"),
    # §3.3: 125M against 350M with 64% fewer parameters (text and Table 2's caption)
    _t("momentum", "momentum:sec3.3.arith", "params_small", "125", "3.3", "we trained a 125M Momentum"),
    _t("momentum", "momentum:sec3.3.arith", "params_large", "350", "3.3", "against a 350M Baseline"),
    _t("momentum", "momentum:sec3.3.arith", "params_small", "125", "3.3", "Table 2, the 125M Momentum"),
    _t("momentum", "momentum:sec3.3.arith", "params_large", "350", "3.3", "tracks the 350M Baseline within $"),
    _t("momentum", "momentum:sec3.3.arith", "fewer_pct", "64", "3.3", "while using 64% fewer"),
    _t("momentum", "momentum:sec3.3.arith", "params_small", "125", "3.3", "Scale. 125M Momentum"),
    _t("momentum", "momentum:sec3.3.arith", "params_large", "350", "3.3", "tracks 350M Baseline"),
    _t("momentum", "momentum:sec3.3.arith", "fewer_pct", "64", "3.3", "using 64% fewer parameters. Training"),
    # Addendum to Appendix E, §1.2: the observed ratio and the implied r
    _t("momentum", "momentum:appE.sec1.2.arith", "gc_rope", "0.225", "E1.2", "^{\\text{RoPE}}=0.225$"),
    _t("momentum", "momentum:appE.sec1.2.arith", "gc_sin", "0.275", "E1.2", "^{\\text{Sin}}=0.275$"),
    _t("momentum", "momentum:appE.sec1.2.arith", "ratio", "1.22", "E1.2", "Observed ratio: $1.22\\times$"),
    _t("momentum", "momentum:appE.sec1.2.arith", "implied_r", "0.818", "E1.2", "Implied $r$: $0.818$"),
    _t("momentum", "momentum:appE.sec1.2.arith", "r_range[0]", "0.01", "E1.2", "(not $0.01$"),
    _t("momentum", "momentum:appE.sec1.2.arith", "r_range[1]", "0.1", "E1.2", "$–$0.1$)"),
)
