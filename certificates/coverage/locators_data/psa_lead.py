"""Locators and not-checkable declarations of the main paper's configuration values that several
appendix sections print (issue 27): the RoPE base and the model's parameter count printed in
several places (read by ``A1.configs``), Table 23's first sweep value at N = 2, 4, 8 (read by
``A6.grid24``), and the configuration inputs printed once that no relation constrains."""

from __future__ import annotations

from ..locators import Locator, NotCheckable
from ._common import nc_text, t

#: the RoPE base, printed in §A1, §A2.2, Table 18 (A4.2), Table 21 (A5.2) and Table 28 (A8)
ROPE_BASE = ("10000", "10000", "10000", "10000", "10000")
#: the A5-A10 model's parameter count, printed in §A1 and Table 21
PARAMETERS = ("53952", "53952")
#: the v7 suite's training steps, printed in §A8 and Table 28
V7_STEPS = ("3000", "3000")

_BASE = "10\\,000"

LOCATORS: tuple[Locator, ...] = (
    t("psa", "A1.configs", "rope_base[0]", _BASE, "A1", "head dimension 32, RoPE base $10\\,000$"),
    t("psa", "A1.configs", "rope_base[1]", _BASE, "A2.2", "$\\mathrm{base}=10\\,000$ by default"),
    Locator("psa", "A1.configs", "rope_base[2]", _BASE, table="18", row="PE types", column="Value"),
    Locator("psa", "A1.configs", "rope_base[3]", _BASE, table="21", row="RoPE base", column="Value"),
    Locator("psa", "A1.configs", "rope_base[4]", _BASE, table="28", row="RoPE base", column="Value"),
    t("psa", "A1.configs", "parameters[0]", "53\\,952", "A1", "is a $53\\,952$-parameter"),
    Locator("psa", "A1.configs", "parameters[1]", "53\\,952", table="21", row="Model parameter count", column="Value"),
    t("psa", "A1.configs", "v7_steps[0]", "3\\,000", "A8", "training is extended to $3\\,000$ steps"),
    Locator("psa", "A1.configs", "v7_steps[1]", "3\\,000", table="28", row="Training steps", column="Value"),
    # Rem 47: "below gamma = 1 the omitted term [T_3] is the larger of the two" (sec10.a decides where T_3 > T_4);
    # Cor 14: "a causal FIR filter of order exactly 1 on each stream" (the joint order (1,1) of cor14)
    t("psa", "sec10.a", "t3_below", "1", "6.2", "below $\\gamma=1$ the omitted term is the larger"),
    t("psa", "cor14", "order_claim[0]", "1", "4.2", "FIR filter of order exactly $1$ on each stream"),
    # Table 22's depth where the text introduces it, the same claim as its caption's ("16" of "Experiment 16"
    # is a name: the 1 of N=1 by position)
    Locator(
        "psa",
        "A5.config",
        "text['layers'][0]",
        "1",
        section="A5.3",
        anchor="reports the Experiment\u00a016: accuracy as a function of momentum coupling $\\gamma$ at $N{=}1$",
        nth=(0, 1),
    ),
    # §A31.11's untitled arms table: arm B's seed count, by position (its row also prints 3000)
    Locator("psa", "A31.cutoff", "arms['B'][4]", "3", section="A31.11", anchor="$3000$\t3\tdecisive", nth=(0, 1)),
    # Tables 7 and 8: a lattice member printed in a cell as a pair of equal digits, (0,0) or (1,1)
    # (eq3's lattice; the other digit of each pair is located in psa_sec7_claims)
    Locator("psa", "eq3", "lattice[0][1]", "0", section="7.5", anchor="One-layer baseline\t$(0,0)$", nth=(1, 2)),
    Locator("psa", "eq3", "lattice[3][0]", "1", section="7.5", anchor="PSA symmetric\t$(1,1)$\t$0.811", nth=(0, 2)),
    Locator("psa", "eq3", "lattice[3][0]", "1", section="7.5", anchor="PSA symmetric\t$(1,1)$\tfree", nth=(0, 2)),
    # Table 23: each sweep's first value, 0 (a cell that prints 0 as part of 0.5, 0.25 ...)
    *(
        Locator(
            "psa",
            "A6.grid24",
            f"sweep[{n!r}][0]",
            "0",
            table="23",
            row=n,
            column="$\\gamma$ sweep",
            nth=(0, 7),
        )
        for n in ("2", "4", "8")
    ),
)

_CONFIG = "a configuration input of one experiment, printed once; no relation printed in the paper constrains it"

NOT_CHECKABLE: tuple[NotCheckable, ...] = (
    NotCheckable("psa", "21", "Value", reason=_CONFIG, row="Training steps"),
    NotCheckable("psa", "18", "Value", reason=_CONFIG, row="Model parameter count"),
    nc_text("psa", "A6.2", "sequence length $30$, $2\\,000$ training steps", _CONFIG),
    NotCheckable("psa", "25", "Value", reason=_CONFIG, row="Training steps"),
    nc_text(
        "psa",
        "A8.4",
        "records the v7\u00a0S4–5: four-term gaps at $j^{*}$ versus other positions, averaged over 100 probes",
        "the number of probes of a measurement, a setting of the notebook no certificate uses; "
        "no relation printed in the paper constrains it",
    ),
    nc_text(
        "psa",
        "A8.4",
        "Table 32: v7\u00a0S4–5: four-term gaps at $j^{*}$ versus other positions, averaged over 100 probes",
        "the number of probes of a measurement, a setting of the notebook no certificate uses; "
        "no relation printed in the paper constrains it",
    ),
)
