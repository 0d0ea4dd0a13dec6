"""NOT-CHECKABLE rows of the Momentum Attention preprint (measurements on trained models, analogies,
cited results, equations missing from the text) and the arithmetic their printed numbers allow.

Printed numbers are strings, so that their printed precision travels with them; the arithmetic is decided in
Arb ball arithmetic (:func:`certificates._companion_enclosed.derived_enclosed`) or exactly.
"""

from __future__ import annotations

from fractions import Fraction

from theory.companions import momentum as M

from .._companion import certify, not_checkable
from .._companion_enclosed import derived_enclosed as derived
from .._companion_enclosed import exact_printed
from .._subchecks import Checks
from ..enclosed import exact_value
from ..registry import Kind

PACK = "momentum"
ST = {s.id.split(":", 1)[1]: s for s in M.STATEMENTS}
MEASURED = "measurement on trained models; the notebooks and checkpoints are not available"


def _nc(sid, reason):
    return not_checkable(ST[sid], reason, pack=PACK)


def _arith(sid, check, verifies):
    st = ST[sid]
    return certify(st, check, Kind.NUMERIC, verifies, cid=st.id + ".arith", pack=PACK, title=st.title + " (arithmetic)")


def check_sec3_3(params_small="125", params_large="350", fewer_pct="64"):
    """'64% fewer parameters': 1 - 125M/350M (the model sizes are printed, rounded: attainable within their
    rounding, decided in ball arithmetic)."""
    c = Checks()
    derived(c, "1 - 125/350 (percent)", lambda a, b: 100 * (1 - a / b), (params_small, params_large), fewer_pct)
    return c.outcome("parameter saving of the 125M model against the 350M baseline")


def check_sec3_5(momentum_acc="83.4", standard_acc="1.2", improvement="69.5"):
    """'83.4% ... compared to only 1.2% ... a 69.5x improvement' (printed inputs within their rounding)."""
    c = Checks()
    derived(c, "83.4 / 1.2", lambda a, b: a / b, (momentum_acc, standard_acc), improvement)
    return c.outcome("improvement factor of Figure 5A")


def check_appE(
    gc_rope="0.225", gc_sin="0.275", ratio="1.22", implied_r="0.818", r_range=("0.01", "0.1"), predicted=("10", "100")
):
    """gamma_c^Sin / gamma_c^RoPE and the implied r = 1/ratio (the measured gamma_c within their own rounding),
    and the dilution prediction 1/r at the ends of the stated range r in [0.01, 0.1]."""
    c = Checks()
    derived(c, "gamma_c^Sin / gamma_c^RoPE", lambda a, b: b / a, (gc_rope, gc_sin), ratio)
    derived(c, "implied r = gamma_c^RoPE / gamma_c^Sin", lambda a, b: a / b, (gc_rope, gc_sin), implied_r)
    # the ends of the stated range r in [0.01, 0.1] are bounds, not measurements: exact
    one = Fraction(1)
    exact_printed(c, "1/r at r = 0.1 (lower end of the prediction)", one / exact_value(r_range[1]), predicted[0])
    exact_printed(c, "1/r at r = 0.01 (upper end)", one / exact_value(r_range[0]), predicted[1])
    return c.outcome("Addendum E §1.2, §5.1, §7: the 1.22x ratio (from the unrounded 0.275/0.225 = 1.2222)")


CERTIFICATES = (
    _nc(
        "sec1.feedback",
        "terminology; Equation 1 is not in the extracted text. For the record: the operator "
        "(1 + gamma) - gamma z^-1 is feed-forward (an FIR filter with impulse response "
        "(1 + gamma, -gamma), certified in momentum:sec2.6.transfer); no recursion, hence no "
        "feedback loop in the control-theory sense, is involved",
    ),
    _nc(
        "thm2.8",
        "'approximate Induction Head mechanism' is not stated precisely enough to check (no score "
        "model, no accuracy criterion); the score expansion it rests on is certified in "
        "momentum:thm2.8.expansion, and the main paper's Thm 64 treats the question in closed form",
    ),
    _nc("sec2.8.empirical", MEASURED + " (gamma_c ~ 0.225; ~5% -> >99% accuracy)"),
    _nc(
        "sec2.9.empirical",
        MEASURED + " (r = 0.12 vs 0.94, +52.5% vs -4.1%); the Coriolis 'isomorphism' is an "
        "analogy. The error formula itself is certified in momentum:sec2.9",
    ),
    _nc(
        "sec2.10.3",
        "interpretation (CDMA analogy); its integral bound is certified in momentum:sec2.8. Whether "
        "DC rejection is 'derived purely from the symplectic ansatz' depends on the coordinates: in "
        "(q_t, p_t) the symplectic condition on (q_t, p_t) -> (q_t + K, p_t) already contains the "
        "high-pass condition A + B = 0 (momentum:sec2.1.uniqueness), so the two are one assumption, "
        "not a derivation",
    ),
    _nc("sec3.1", MEASURED),
    _nc("sec3.2", MEASURED + " (Table 1 is not in the extracted text)"),
    _nc("sec3.3", MEASURED + "; the parameter arithmetic is checked in momentum:sec3.3.arith"),
    _arith("sec3.3", check_sec3_3, "1 - 125/350 = 64%"),
    _nc("sec3.4", MEASURED + " (Figure 4)"),
    _nc(
        "sec3.5",
        MEASURED + " (the fit gamma* = 4.17 N^-0.74 needs the per-depth data, not printed); the "
        "improvement factor is checked in momentum:sec3.5.arith",
    ),
    _arith("sec3.5", check_sec3_5, "83.4 / 1.2 = 69.5"),
    _nc("sec4", "interpretation by analogy (Kirchhoff's law, frequency-division multiplexing); no quantitative claim"),
    _nc(
        "appB.sec1.2",
        "cited result (Sanford-Hsu-Telgarsky type width/depth bound); the preprint states it without proof",
    ),
    _nc("appE.sec1.2", MEASURED + " (gamma_c values); the ratio arithmetic is checked in momentum:appE.sec1.2.arith"),
    _arith("appE.sec1.2", check_appE, "0.275/0.225 = 1.22, r = 0.818, 1/r in [10, 100]"),
    _nc(
        "appE.sec3.5",
        "Equations (31)-(32) are not in the extracted text, and which pieces count as 'mixed' and "
        "'diagonal' is defined there; the half-shift identities and the phase averages are "
        "certified in momentum:appE.halfshift and momentum:appE.thm3.1",
    ),
)
