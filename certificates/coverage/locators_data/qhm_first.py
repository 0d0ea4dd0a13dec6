"""Locators of the QHM paper: §3.1, §3.4, Tables 1, 4C and 5 (the first set, issue 27)."""

from __future__ import annotations

from ..locators import Locator
from ._common import t as _t
from ._common import tab as _tab

LOCATORS: tuple[Locator, ...] = (
    # §3.1, the I_2 example (certificate qhm:sec3.1.example)
    _t("qhm", "qhm:sec3.1.example", "sqrt2", "1.414214", "3.1", "\\approx 1.414214$"),
    _t("qhm", "qhm:sec3.1.example", "s[0]", "10.0", "3.1", "$s = (10.0, 0.70888)"),
    _t("qhm", "qhm:sec3.1.example", "s[1]", "0.70888", "3.1", "$s = (10.0, 0.70888)"),
    _t("qhm", "qhm:sec3.1.example", "denominator", "2.0", "3.1", "0.5025)} = 2.0$"),
    _t("qhm", "qhm:sec3.1.example", "scaled_norm", "10.025094", "3.1", "0.5025} = 10.025094$"),
    _t("qhm", "qhm:sec3.1.example", "times", "7.09", "3.1", "($7.09\\times$"),
    _t("qhm", "qhm:sec3.1.example", "exp79", "4.283529", "3.1", "the norm is $4.283529$"),
    # §3.4, the Nyquist gains and the bounce fractions
    _t(
        "qhm",
        "qhm:sec3.4.nyquist",
        "printed[('0.95', '0.95')][0]",
        "0.074359",
        "3.4",
        "0.074359$ ($H(-1)^2 = 0.005529$)",
    ),
    _t("qhm", "qhm:sec3.4.nyquist", "printed[('0.95', '0.95')][1]", "0.005529", "3.4", "($H(-1)^2 = 0.005529$),"),
    _t(
        "qhm",
        "qhm:sec3.4.nyquist",
        "printed[('0.95', '0.985')][0]",
        "0.040256",
        "3.4",
        "0.040256$ ($H(-1)^2 = 0.001621$, a ",
    ),
    _t(
        "qhm",
        "qhm:sec3.4.nyquist",
        "printed[('0.95', '0.985')][1]",
        "0.001621",
        "3.4",
        "2 = 0.001621$, a $",
    ),
    _t("qhm", "qhm:sec3.4.nyquist", "attenuation[('0.95', '0.985')]", "3.4119", "3.4", "a $3.4119\\times$"),
    _t("qhm", "qhm:sec3.4.bounce", "printed[('0.95', '0.95')]", "0.2061", "3.4", "**`0.2061`** for coupled"),
    _t("qhm", "qhm:sec3.4.bounce", "printed[('0.95', '0.985')]", "0.1318", "3.4", "**`0.1318`** for QHM"),
    _t("qhm", "qhm:sec3.4.bounce", "printed[('0.95', '1.0')]", "0.1011", "3.4", "**`0.1011`** for pure"),
)

#: Table 1 of the QHM paper (§4.2): run -> (Dev 1 BPB, Δ vs exp65, Dev 2 BPB or None), as printed
_QHM_TABLE1 = (
    ("exp17", "exp17_natural_grad_geodesic_seed47", "0.993561", "+0.000791", None),
    ("exp75", "exp75_vegate_only_bieq_bf16_seed47", "0.993832", "+0.001062", None),
    ("exp74", "exp74_mlp_only_no_vegate_bieq_bf16_seed47", "0.993206", "+0.000436", None),
    ("exp65", "exp65_rect_mlp_only_bieq_bf16_seed47", "0.992770", "0.000000", "0.991997"),
    ("exp72", "exp72_vo_plus_rect_bieq_bf16_seed47", "0.993038", "+0.000268", "0.992373"),
    ("exp73", "exp73_qk_plus_rect_bieq_bf16_seed47", "0.992700", "-0.000070", None),
    ("exp76", "exp76_qk_plus_rect_bieq_bf16_seed42", "0.992379", "+0.000350", None),
    ("exp77", "exp77_restored_square_normuon_seed47", "0.992581", "-0.000189", None),
    ("exp79", "exp79_tikhonov_damped_square_normuon_seed47", "0.992980", "+0.000210", None),
    ("exp103", "exp103_true_norm_preserving_square_normuon_seed47", "0.992604", "-0.000166", "0.991839"),
)
_DEV1, _DELTA, _DEV2 = "Dev 1 BPB $\\downarrow$", "$\\Delta$ vs `exp65`", "Dev 2 BPB $\\downarrow$"

LOCATORS += tuple(
    loc
    for key, row, dev1, delta, dev2 in _QHM_TABLE1
    for loc in (
        _tab("qhm", "qhm:table1.arith", f"table[{key!r}][0]", dev1, "1", row, _DEV1),
        _tab("qhm", "qhm:table1.arith", f"table[{key!r}][1]", delta, "1", row, _DELTA),
    )
    + ((_tab("qhm", "qhm:table1.arith", f"dev2[{key!r}]", dev2, "1", row, _DEV2),) if dev2 else ())
)

#: Table 4C of the QHM paper: (μ, β) row -> (H(-1)^2 ratio, bounce ratio), as printed
_QHM_TABLE4C = (
    ("Coupled Cooldown", "8.668", "1.520"),
    ("Standard Coupled Nesterov", "1.000", "1.000"),
    ("Tuned Coupled Momentum", "0.362", "0.800"),
    ("Decoupled QHM", "0.293", "0.639"),
    ("Pure-Momentum Endpoint", "0.119", "0.490"),
)
_NYQ, _BOUNCE = "Pre-Polar $H(-1)^2$ Ratio", "Sheppard Gaussian Polar Bounce Ratio"

LOCATORS += tuple(
    loc
    for k, (row, nyq, bounce) in enumerate(_QHM_TABLE4C)
    for loc in (
        _tab("qhm", "qhm:table4c", f"nyquist_ratio[{k}]", nyq, "4C", row, _NYQ),
        _tab(
            "qhm", "qhm:table4c", f"bounce_ratio[{k}]", bounce, "4C", row, _BOUNCE, (0, 2) if k in (1, 3, 4) else None
        ),
    )
)
# the bounce fractions of §3.4 are printed again in Table 4C: both places are read
LOCATORS += (
    _tab(
        "qhm",
        "qhm:sec3.4.bounce",
        "printed[('0.95', '0.95')]",
        "0.2061",
        "4C",
        "Standard Coupled Nesterov",
        _BOUNCE,
        (1, 2),
    ),
    _tab("qhm", "qhm:sec3.4.bounce", "printed[('0.95', '0.985')]", "0.1318", "4C", "Decoupled QHM", _BOUNCE, (1, 2)),
    _tab(
        "qhm",
        "qhm:sec3.4.bounce",
        "printed[('0.95', '1.0')]",
        "0.1011",
        "4C",
        "Pure-Momentum Endpoint",
        _BOUNCE,
        (1, 2),
    ),
)

#: Table 5 of the QHM paper (§4.6): the base step's FLOPs and three mechanisms' extra FLOPs and share
_FLOPS, _SHARE = "Extra FLOPs / Step", "% of Base Step FLOPs"
LOCATORS += (
    _tab("qhm", "qhm:table5.arith", "base", "1.2535e14", "5", "Base MuonAdamW + 15/v2 Rect BiEq (exp69/65/71)", _FLOPS),
)
LOCATORS += tuple(
    loc
    for k, (row, flops, share) in enumerate(
        (
            ("17-Site Column-Gain Reparameterization (exp81/80/82)", "1.68e7", "0.00001"),
            ("Weight-Fused Causal 3-Gram wte (exp108/106/109)", "1.07e9", "0.00086"),
            ("Matched 2-Tap Identity-Channel Filter (exp111)", "5.37e8", "0.00043"),
        )
    )
    for loc in (
        _tab("qhm", "qhm:table5.arith", f"flops[{k}][0]", flops, "5", row, _FLOPS),
        _tab("qhm", "qhm:table5.arith", f"flops[{k}][1]", share, "5", row, _SHARE),
    )
)
