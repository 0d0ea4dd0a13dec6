"""Configuration values the main paper's appendix prints in several places (issue 27, item 4).

* ``A1.configs`` -- the RoPE base (§A1, §A2.2, Tables 18, 21 and 28), the A5–A10 model's parameter
  count (§A1 and Table 21) and the v7 suite's training steps (§A8 and Table 28): the same quantity
  must be printed as the same number everywhere.  Exact integer comparisons (``proved``).

The printed data live once, in :mod:`certificates.coverage.locators_data.psa_lead`.
"""

from __future__ import annotations

from theory import appendix as APP

from .._companion import certify
from .._subchecks import Checks
from ..coverage.locators_data.psa_lead import PARAMETERS, ROPE_BASE, V7_STEPS
from ..registry import Kind

ST = {s.id: s for s in APP.STATEMENTS}

_WHERE = {
    "rope_base": ("§A1", "§A2.2", "Table 18", "Table 21", "Table 28"),
    "parameters": ("§A1", "Table 21"),
    "v7_steps": ("§A8", "Table 28"),
}


def check_configs(rope_base=ROPE_BASE, parameters=PARAMETERS, v7_steps=V7_STEPS):
    """The same configuration value printed in several places is the same number (appendix A1, A2,
    A4, A5, A8): each printing against the first."""
    c = Checks()
    for name, printed in (("rope_base", rope_base), ("parameters", parameters), ("v7_steps", v7_steps)):
        where = _WHERE[name]
        first = int(str(printed[0]).replace(",", ""))
        for k, p in enumerate(printed[1:], start=1):
            v = int(str(p).replace(",", ""))
            c.exact(
                f"{name}: {where[k]} against {where[0]}",
                v == first,
                p,
                printed[0],
                "the same quantity printed twice: exact",
                severity="minor",
            )
    return c.outcome("configuration values printed in several places")


CERTIFICATES = [
    certify(
        ST["A1"],
        check_configs,
        Kind.NUMERIC,
        "RoPE base 10,000 (five printings), 53,952 parameters (two), v7's 3,000 steps (two) agree",
        cid="A1.configs",
        title="Configuration values printed in several places",
    ),
]
