"""The per-stream FIR filter of the shear and its spectral consequences (§4.2-§4.3).

Prop 13 (transfer function H^u), Cor 14 (filter order), Prop 15 (Fourier form of the
score), Thm 16 (band-averaged gain), Rem 17 (3 dB thresholds), Prop 18 (the momentum
block is invariant) and Rem 19 (the shear is not an isometry).

A causal FIR filter is given by its taps ``(c_0, c_1, ...)``: ``y_t = sum_k c_k x_{t-k}``,
transfer function ``H(z) = sum_k c_k z^{-k}``.  Streams are arrays of shape (T, d), row
``r`` carrying index ``t = r + 1`` (the paper counts from 1); the transforms below use that
index.  The interior of a stream (t >= 2) does not depend on the momentum boundary
convention; :func:`filter_full` uses zero history AND zero tail (full linear convolution),
the only convention under which "convolution is multiplication" is exact for a finite
stream.  Pure NumPy/SymPy, no I/O.
"""

from __future__ import annotations

import numpy as np
import sympy as sp

from .statement import Statement

gamma = sp.Symbol("gamma", real=True)
omega = sp.Symbol("omega", real=True)
omega0 = sp.Symbol("omega_0", real=True)
zinv = sp.Symbol("zinv")  # z^{-1}, the unit delay


# --- taps and transfer functions ------------------------------------------------------


def psa_taps(g=gamma) -> tuple:
    """Taps of ``k_j -> (1 + gamma) k_j - gamma k_{j-1}`` (Def 12 eq. 20; Prop 13)."""
    return (1 + g, -g)


def lower_shear_taps() -> tuple:
    """Taps of the lower shear on the position stream: the identity, for every gamma (Cor 21)."""
    return (sp.Integer(1),)


def taps_from_map(stream_map, order: int = 4) -> tuple:
    """Taps of a linear time-invariant scalar stream map, read off its impulse response.

    ``stream_map(x)`` takes a sequence ``x[0..N-1]`` (x[t] = value at index t, zero history)
    and returns the output sequence.  Used to *derive* H(z) from a time-domain definition.
    """
    N = order + 2
    impulse = [sp.Integer(1)] + [sp.Integer(0)] * (N - 1)
    out = stream_map(impulse)
    taps = [sp.expand(c) for c in out[: order + 1]]
    while len(taps) > 1 and taps[-1] == 0:
        taps.pop()
    return tuple(taps)


def transfer(taps, z):
    """``H(z) = sum_k c_k z^{-k}`` (Prop 13 eq. 21 for ``psa_taps``)."""
    return sum(c * z ** (-k) for k, c in enumerate(taps))


def transfer_poly(taps) -> sp.Expr:
    """H as a polynomial in the delay ``zinv = z^{-1}`` (its degree is the filter order)."""
    return sp.expand(sum(c * zinv**k for k, c in enumerate(taps)))


def fir_order(taps) -> int:
    """Order of a causal FIR filter: degree of H in z^{-1} (Cor 14)."""
    poly = sp.Poly(transfer_poly(taps), zinv)
    return 0 if poly.is_zero else poly.degree()


def H_u(z, g=gamma):
    """``H^u(z) = (1 + gamma) - gamma z^{-1}`` (Prop 13, eq. 21)."""
    return (1 + g) - g / z


def mag_sq_sym(taps, w=omega) -> sp.Expr:
    """``|H(e^{i w})|^2`` of real taps, as the expanded product H * conj(H) (Prop 13 proof)."""
    z = sp.exp(sp.I * w)
    H = transfer(taps, z)
    return sp.expand(H * sp.conjugate(H))


def mag_sq_cos(taps, w=omega) -> sp.Expr:
    """``|H(e^{i w})|^2 = sum_{k,l} c_k c_l cos((k - l) w)`` for real taps (trigonometric form)."""
    return sp.expand(sum(a * b * sp.cos((k - l) * w) for k, a in enumerate(taps) for l, b in enumerate(taps)))


def mag_sq_u(w=omega, g=gamma) -> sp.Expr:
    """``|H^u(e^{i w})|^2 = 1 + 4 gamma (1 + gamma) sin^2(w/2)`` (Prop 13, eq. 21)."""
    return 1 + 4 * g * (1 + g) * sp.sin(w / 2) ** 2


def mag_sq_u_num(w, g):
    """NumPy form of :func:`mag_sq_u`."""
    return 1.0 + 4.0 * g * (1.0 + g) * np.sin(np.asarray(w) / 2.0) ** 2


# --- transforms of finite streams (Prop 15) -------------------------------------------


def dtft(X: np.ndarray, w: float, sign: int = -1) -> np.ndarray:
    """``sum_t x_t e^{sign i w t}``, t = 1..T (row r is t = r + 1); ``sign=-1`` is Prop 15's."""
    X = np.asarray(X)
    t = np.arange(1, X.shape[0] + 1)
    return np.exp(sign * 1j * w * t) @ X


def dtft2(S: np.ndarray, w1: float, w2: float, sign1: int = -1, sign2: int = -1) -> complex:
    """``sum_{t,j} s_{t,j} e^{i(sign1 w1 t + sign2 w2 j)}`` (Prop 15: sign1 = sign2 = -1)."""
    S = np.asarray(S)
    t = np.arange(1, S.shape[0] + 1)
    j = np.arange(1, S.shape[1] + 1)
    return complex(np.exp(sign1 * 1j * w1 * t) @ S @ np.exp(sign2 * 1j * w2 * j))


def filter_full(X: np.ndarray, taps) -> np.ndarray:
    """Full linear convolution of a stream with real taps: x_0 = 0 and x_{T+1..} = 0.

    Returns T + len(taps) - 1 rows; its transform is exactly ``H(e^{iw})`` times the
    stream's (convolution theorem), which is the reading of Prop 15's proof.
    """
    X = np.asarray(X)
    taps = [complex(c) if np.iscomplexobj(X) else float(c) for c in taps]
    out = np.zeros((X.shape[0] + len(taps) - 1,) + X.shape[1:], dtype=np.result_type(X, float))
    for k, c in enumerate(taps):
        out[k : k + X.shape[0]] += c * X
    return out


def H_num(taps, w: float) -> complex:
    """``H(e^{i w})`` for numeric taps."""
    return complex(sum(float(c) * np.exp(-1j * w * k) for k, c in enumerate(taps)))


# --- band averages (Thm 16, Rem 17) ----------------------------------------------------


def band_average_gain(g=gamma) -> sp.Expr:
    """``(1/pi) int_0^pi |H^u|^2 dw = 1 + 2 gamma (1 + gamma)`` (Thm 16, eq. 23)."""
    return 1 + 2 * g * (1 + g)


def excess_density(w=omega, g=gamma) -> sp.Expr:
    """The excess ``|H^u|^2 - 1 = 4 gamma (1 + gamma) sin^2(w/2)`` (Thm 16 (ii)-(iii))."""
    return sp.expand(mag_sq_u(w, g) - 1)


def excess_fraction_above(w0=omega0) -> sp.Expr:
    """Fraction of the excess on [w0, pi]: ``(pi - w0 + sin w0)/pi`` (Thm 16 (iii), closed form)."""
    return (sp.pi - w0 + sp.sin(w0)) / sp.pi


#: Rem 17: the 3 dB-above-DC cutoff exists only for gamma >= (sqrt 2 - 1)/2 (printed 0.207).
THRESHOLD_3DB = (sp.sqrt(2) - 1) / 2


def cutoff_above_dc(g=gamma) -> sp.Expr:
    """``sin^2(w_c/2)`` of the 3 dB-above-DC cutoff, |H|^2 = 2 |H(1)|^2 = 2 (Rem 17)."""
    return 1 / (4 * g * (1 + g))


def cutoff_below_max(g=gamma) -> sp.Expr:
    """``sin^2(w_c/2)`` of the 3 dB-below-maximum cutoff, |H|^2 = (1 + 2 gamma)^2 / 2 (Rem 17)."""
    return ((1 + 2 * g) ** 2 / 2 - 1) / (4 * g * (1 + g))


def band_energy_ratio(wc, g=gamma) -> sp.Expr:
    """``int_{wc}^pi |H^u|^2 / int_0^{wc} |H^u|^2`` at a fixed split ``wc`` (Rem 17)."""
    c = 4 * g * (1 + g)
    high = (sp.pi - wc) + c * (sp.pi - wc + sp.sin(wc)) / 2
    low = wc + c * (wc - sp.sin(wc)) / 2
    return high / low


STATEMENTS = (
    Statement(
        "prop13",
        "Prop 13 and Eq (21)",
        "§4.2",
        "per-stream transfer function",
        "operator",
        "k_j -> (1+gamma) k_j - gamma k_{j-1} is causal FIR with H^u(z) = (1+gamma) - gamma z^-1, "
        "|H^u(e^{jw})|^2 = 1 + 4 gamma(1+gamma) sin^2(w/2); (i) |H^u(1)| = 1; (ii) |H^u(-1)| = 1 + 2 gamma; "
        "(iii) |H^u| strictly increasing on (0, pi] for every gamma > 0 (high-pass).",
        ("def12",),
        lambda: sp.Eq(mag_sq_sym(psa_taps()), mag_sq_u()),
    ),
    Statement(
        "cor14",
        "Cor 14",
        "§4.2",
        "the gap is closed",
        "operator",
        "For every gamma > 0 each stream is a causal FIR filter of order exactly 1; the bilinear score "
        "has joint filter order (1,1), up from (0,0).",
        ("prop13",),
        lambda: transfer_poly(psa_taps()),
    ),
    Statement(
        "prop15",
        "Prop 15 and Eq (22)",
        "§4.3",
        "Fourier form of the score",
        "operator",
        "With s~(w1,w2) = sum_{t,j} s_{t,j} e^{-j(w1 t + w2 j)}, q~(w) = sum_t q_t e^{-jwt}, k~ likewise: under "
        "the Hermitian pairing s = q^H k, s~(w1,w2) = q~(w1)^H k~(w2); filtering each stream by H^u gives "
        "s^~(w1,w2) = conj(H^u(e^{jw1})) H^u(e^{jw2}) q~(w1)^H k~(w2) (22).",
        ("prop13",),
    ),
    Statement(
        "prop15.corrected",
        "Prop 15 and Eq (22), corrected",
        "§4.3",
        "Fourier form of the score (consistent conventions)",
        "operator",
        "With the printed transforms (e^{-jwt} on both indices): s~(w1,w2) = q~(-w1)^H k~(w2) (= q~(w1)^T k~(w2) "
        "for real streams) and the filtered score is H^u(e^{jw1}) H^u(e^{jw2}) q~(-w1)^H k~(w2); equivalently, "
        "(22) as printed holds when the score transform takes e^{+j w1 t} on the query index.",
        ("prop13",),
    ),
    Statement(
        "thm16",
        "Thm 16 and Eq (23)",
        "§4.3",
        "band-averaged power gain",
        "operator",
        "(i) (1/pi) int_0^pi |H^u|^2 dw = 1 + 2 gamma(1+gamma) for every gamma; (ii) the DC gain is 1, so the "
        "excess 2 gamma(1+gamma) is at non-zero frequency; (iii) for every w0 in (0, pi) the fraction of the "
        "excess on [w0, pi] exceeds (pi - w0)/pi, independently of gamma.",
        ("prop13",),
        lambda: sp.Eq(sp.integrate(mag_sq_u(), (omega, 0, sp.pi)) / sp.pi, band_average_gain()),
    ),
    Statement(
        "rem17",
        "Rem 17",
        "§4.3",
        "why averages and not a 3 dB cutoff",
        "operator",
        "A 3 dB cutoff measured above DC exists only for gamma >= (sqrt2 - 1)/2 ~ 0.207; measured 3 dB below "
        "the passband maximum it exists for all gamma but moves with the coupling; at a fixed split the "
        "AC-to-DC ratio saturates as gamma -> oo (both bands scale with 4 gamma(1+gamma)).",
        ("thm16",),
        lambda: sp.Eq(gamma, THRESHOLD_3DB),
    ),
    Statement(
        "rem17.corrected",
        "Rem 17, corrected",
        "§4.3",
        "3 dB cutoffs: one threshold for both",
        "operator",
        "Both 3 dB cutoffs (above DC and below the maximum) exist exactly when gamma >= (sqrt2 - 1)/2: the "
        "response ranges over [1, (1+2 gamma)^2], and (1+2 gamma)^2/2 >= 1 is the same condition as "
        "(1+2 gamma)^2 >= 2. Where they exist both move with gamma; the fixed-split ratio saturates.",
        ("thm16",),
    ),
    Statement(
        "prop18",
        "Prop 18 and Eq (24)",
        "§4.3",
        "momentum block is invariant",
        "operator",
        "Under iteration of M_gamma, p_n = p_0 pointwise for every n, hence p~_n = p~_0 and "
        "int_{-pi}^{pi} |p~_n|^2 dw = int |p~_0|^2 dw for all n >= 0, band by band.",
        (),
    ),
    Statement(
        "rem19",
        "Rem 19",
        "§4.3",
        "not an isometry",
        "operator",
        "||M_gamma(q,p)||^2 = ||q||^2 + 2 gamma q^T p + (1+gamma^2)||p||^2, exceeding ||q||^2 + ||p||^2 by "
        "2 gamma q^T p + gamma^2 ||p||^2, generically non-zero.",
        ("prop18",),
    ),
)
