"""The locators of the printed numbers the certificates read: one place, as data.

Each entry names a certificate, the claim it reads (parameter name, then the path inside it) and
the place in the paper's text (see :mod:`.locators` for the two forms).  ``printed`` is the number
as the text prints it.  A quantity the paper prints in two places has two entries.  This is the
first set (issue 27): §7.9, Tables 10 and 13 of the main paper; §3.1, §3.4, Tables 1, 4C and 5 of
the QHM paper; §2.4, §3.3, §3.5 and Addendum E §1.2 of the momentum paper.
``tests/certificates/test_coverage_locators.py`` resolves every entry against ``../shared/papers``
and checks that the claim exists and equals the printed number.
"""

from __future__ import annotations

from .locators import Locator, NotCheckable


def _t(pack: str, cert: str, claim: str, printed: str, section: str, anchor: str) -> Locator:
    return Locator(pack, cert, claim, printed, section=section, anchor=anchor)


def _tab(
    pack: str,
    cert: str,
    claim: str,
    printed: str,
    table: str,
    row: str,
    column: str,
    nth: "tuple[int, int] | None" = None,
) -> Locator:
    return Locator(pack, cert, claim, printed, table=table, row=row, column=column, nth=nth)


def _set(pack: str, cert: str, setting: str, printed: str, section: str, anchor: str) -> Locator:
    return Locator(pack, cert, setting, printed, section=section, anchor=anchor, setting=True)


_BILL = "PSA relative to standard attention"

PSA = (
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
    # §7.9, certificate C8 against fresh-seed Monte Carlo
    _t("psa", "C8", "points[(64, 10)][0]", "0.570", "7.9", "(64,10)$ gives MC $0.570$"),
    _t("psa", "C8", "points[(64, 10)][1]", "0.545", "7.9", "(64,10)$ gives MC $0.570$ against $0.545$"),
    _t("psa", "C8", "within_printed", "4.4", "7.9", "($4.4\\%$), $(64,25)$"),
    _t("psa", "C8", "points[(64, 25)][0]", "0.668", "7.9", "$(64,25)$ gives $0.668$"),
    _t("psa", "C8", "points[(64, 25)][1]", "0.669", "7.9", "$(64,25)$ gives $0.668$ against $0.669$"),
    _t("psa", "C8", "points[(128, 15)][0]", "0.508", "7.9", "$(128,15)$ gives $0.508$"),
    _t("psa", "C8", "points[(128, 15)][1]", "0.494", "7.9", "$(128,15)$ gives $0.508$ against $0.494$"),
    # Table 10, the outcome column
    _tab("psa", "C7", "max_delta_printed", "9{\\times}10^{-4}", "10", "C7", "Outcome", (1, 2)),
    _tab("psa", "C8", "within_printed", "4.4", "10", "C8", "Outcome"),
    # Table 13, the deployment bill (certificate table13); 0.49 is printed in the abstract too
    _tab("psa", "table13", "bits_printed[0.2]", "0.49", "13", "additional bits", _BILL, (3, 7)),
    _tab("psa", "table13", "bits_printed[0.4]", "0.85", "13", "additional bits", _BILL, (5, 7)),
    _tab("psa", "table13", "in_practice", "10^{-4}", "13", "FLOPs per token, per layer", _BILL, (4, 5)),
    _t("psa", "table13", "bits_printed[0.2]", "0.49", "front", "bits — $0.49$ at $\\gamma=0.2$"),
)

QHM: tuple[Locator, ...] = (
    # §3.1, the I_2 example (certificate qhm:sec3.1.example)
    _t("qhm", "qhm:sec3.1.example", "sqrt2", "1.414214", "3.1", "\\approx 1.414214$"),
    _t("qhm", "qhm:sec3.1.example", "s[0]", "10.0", "3.1", "$s = (10.0, 0.70888)"),
    _t("qhm", "qhm:sec3.1.example", "s[1]", "0.70888", "3.1", "$s = (10.0, 0.70888)"),
    _t("qhm", "qhm:sec3.1.example", "denominator", "2.0", "3.1", "0.5025)} = 2.0$"),
    _t("qhm", "qhm:sec3.1.example", "scaled_norm", "10.025094", "3.1", "0.5025} = 10.025094$"),
    _t("qhm", "qhm:sec3.1.example", "times", "7.09", "3.1", "($7.09\\times$"),
    _t("qhm", "qhm:sec3.1.example", "exp79", "4.283529", "3.1", "the norm is $4.283529$"),
    # §3.4, the Nyquist gains and the bounce fractions
    _t("qhm", "qhm:sec3.4.nyquist", "printed[('0.95', '0.95')][0]", "0.074359", "3.4", "0.95) = 0.074359$"),
    _t("qhm", "qhm:sec3.4.nyquist", "printed[('0.95', '0.95')][1]", "0.005529", "3.4", "($H(-1)^2 = 0.005529$),"),
    _t("qhm", "qhm:sec3.4.nyquist", "printed[('0.95', '0.985')][0]", "0.040256", "3.4", "0.985) = 0.040256$"),
    _t(
        "qhm",
        "qhm:sec3.4.nyquist",
        "printed[('0.95', '0.985')][1]",
        "0.001621",
        "3.4",
        "0.985) = 0.040256$ ($H(-1)^2 = 0.001621$,",
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

QHM += tuple(
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

QHM += tuple(
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
QHM += (
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
QHM += (
    _tab("qhm", "qhm:table5.arith", "base", "1.2535e14", "5", "Base MuonAdamW + 15/v2 Rect BiEq (exp69/65/71)", _FLOPS),
)
QHM += tuple(
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

MOMENTUM = (
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

LOCATORS: dict[str, tuple[Locator, ...]] = {"psa": PSA, "qhm": QHM, "momentum": MOMENTUM}

#: Table columns declared not checkable, with the reason.  An entry is added only after checking
#: that no relation printed in the paper (a difference, a mean, a total, the same number printed
#: elsewhere ...) constrains the column's numbers; none is declared yet.
NOT_CHECKABLE: dict[str, tuple[NotCheckable, ...]] = {"psa": (), "qhm": (), "momentum": ()}
