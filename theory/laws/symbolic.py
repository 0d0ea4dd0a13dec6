"""SymPy forms of the transition laws (Thm 64, Cor 69, §10), for notebooks and certificates.

All symbols are real; ``dk``, ``L``, ``gamma`` and ``x`` (:math:`= \\gamma^2`) are positive.
``L`` stands for :math:`\\log(T - 1)`; substitute ``L_of_T`` to express a law in ``T``.

Examples
--------
>>> from theory.laws import symbolic as S
>>> import sympy as sp
>>> sp.simplify(S.quartic.subs(S.gamma**2, S.x_minus))
0
"""

from __future__ import annotations

import sympy as sp

#: Head width :math:`d_k` (positive).
dk = sp.Symbol("d_k", positive=True)
#: Context length T (positive).
T = sp.Symbol("T", positive=True)
#: :math:`L`, standing for :math:`\log(T - 1)` (Def 62); substitute :data:`L_of_T` to express a law in T.
L = sp.Symbol("L", positive=True)
#: The coupling :math:`\gamma` of the shear :math:`M_\gamma` (positive).
gamma = sp.Symbol("gamma", positive=True)
#: :math:`x = \gamma^2`, the variable of the quadratic form of (54) (Rem 65).
x = sp.Symbol("x", positive=True)  # x = gamma^2
#: Condensation constant :math:`c` of the lower branch of (52) (calibrated 0.741, Thm 64).
c = sp.Symbol("c", positive=True)
#: Distractor count :math:`m` (a positive integer; :math:`m = T - 2` in Def 62 and eq. 51).
m = sp.Symbol("m", positive=True, integer=True)
#: Integration variable of the argmax limit (51).
z = sp.Symbol("z", real=True)
#: Distractor scale :math:`b` of a Gaussian score model (:math:`b = 2\gamma^2` in Def 62).
b = sp.Symbol("b", positive=True)
#: A standard Gaussian variable :math:`Z \sim N(0, 1)` (Def 62).
Z = sp.Symbol("Z", real=True)

#: :math:`L = \log(T - 1)` (Def 62).
L_of_T = sp.log(T - 1)

#: Crossover :math:`d_k^* = 8L` (Thm 64 step 4, certificate C2).
crossover = 8 * L

# --- T4-only model G(dk, T; gamma), Def 62 eq. (49)-(50) -------------------
#: Target signal :math:`a = \gamma^2 \sqrt{d_k}` of the T4-only model (Def 62, eq. 49).
a_t4 = gamma**2 * sp.sqrt(dk)
#: Distractor scale :math:`b = 2\gamma^2` of the T4-only model (Def 62, eq. 49).
b_t4 = 2 * gamma**2
#: Signal-to-noise ratio :math:`a/b = \sqrt{d_k}/2` (eq. 50).
snr = sp.sqrt(dk) / 2  # eq. (50)

#: Standard normal density :math:`\varphi(z)`.
phi = sp.exp(-(z**2) / 2) / sp.sqrt(2 * sp.pi)
#: Standard normal distribution function :math:`\Phi(z)`.
Phi = (1 + sp.erf(z / sp.sqrt(2))) / 2

#: Gaussian moment generating function :math:`\mathbb{E}[e^{bZ}] = e^{b^2/2}` (Thm 64 step 2; certificate C1).
mgf = sp.exp(b**2 / 2)

#: Annealed exponent :math:`\log m + b^2/2 \to L + b^2/2` (eq. 53); at :math:`b = 2\gamma^2`: :math:`L + 2\gamma^4`.
annealed_exponent = L + b_t4**2 / 2

#: The mean-field criterion (54): :math:`2\gamma^4 - \sqrt{d_k}\,\gamma^2 + L = 0`.
quartic = 2 * gamma**4 - sp.sqrt(dk) * gamma**2 + L
#: The same as a quadratic in :math:`x = \gamma^2` (Rem 65).
quadratic_x = 2 * x**2 - sp.sqrt(dk) * x + L
#: Its lower root :math:`x_- = (\sqrt{d_k} - \sqrt{d_k - 8L})/4 \le x_+` (eq. 54, Rem 65).
x_minus = (sp.sqrt(dk) - sp.sqrt(dk - 8 * L)) / 4
#: The upper root :math:`x_+ = (\sqrt{d_k} + \sqrt{d_k - 8L})/4` of (54) (Rem 65).
x_plus = (sp.sqrt(dk) + sp.sqrt(dk - 8 * L)) / 4
#: Conjugate (rationalised) form of the lower root, the mean-field branch of (52):
#: :math:`\gamma_c^2 = 2L/(\sqrt{d_k} + \sqrt{d_k - 8L})`.
gamma_c_sq_mean_field = 2 * L / (sp.sqrt(dk) + sp.sqrt(dk - 8 * L))
#: Condensed branch of (52): :math:`\gamma_c^2 = (c^2/2)\sqrt{2L}`.
gamma_c_sq_condensed = c**2 / 2 * sp.sqrt(2 * L)
#: The two-branch law (52) for :math:`\gamma_c` (not squared), a ``Piecewise`` at :math:`d_k = 8L`.
gamma_c = sp.Piecewise(
    (sp.sqrt(gamma_c_sq_mean_field), dk >= crossover),
    (sp.sqrt(gamma_c_sq_condensed), True),
)
#: Mean-field asymptote :math:`\gamma_c \sim (L^2/d_k)^{1/4}` (Thm 64, certificate C3).
asymptote = (L**2 / dk) ** sp.Rational(1, 4)

#: Argmax limit (51): :math:`p_\infty = \int_{-\infty}^{\infty} \varphi(z)\, \Phi(z + \sqrt{d_k}/2)^m \,\mathrm{d}z`.
p_inf = sp.Integral(phi * Phi.subs(z, z + sp.sqrt(dk) / 2) ** m, (z, -sp.oo, sp.oo))

# --- Key-only half-lift, Cor 69 eqs. (55)-(60), as printed -------------------
#: Target signal :math:`a = \gamma \sqrt{d_k}` of the key-only model (Cor 69, eq. 57).
a_key = gamma * sp.sqrt(dk)  # (57)
#: Distractor variance :math:`b'^2 = 1 + 2\gamma^2` of the key-only model, as printed (Cor 69, eq. 58).
b_key_sq = 1 + 2 * gamma**2  # (58)
#: The key-only criterion, a quadratic in :math:`\gamma`: :math:`\gamma^2 - \sqrt{d_k}\,\gamma + L + 1/2`
#: (Cor 69, eq. 59).
key_only_quadratic = gamma**2 - sp.sqrt(dk) * gamma + (L + sp.Rational(1, 2))  # (59)
#: The key-only law :math:`\gamma_c = (2L + 1)/(\sqrt{d_k} + \sqrt{d_k - 4L - 2})`, as printed (Cor 69, eq. 55).
gamma_c_key_only = (2 * L + 1) / (sp.sqrt(dk) + sp.sqrt(dk - 4 * L - 2))  # (55)
#: Crossover :math:`4L + 2` of the key-only law (Cor 69, Rem 70).
key_only_crossover = 4 * L + 2

# --- T3 + T4 model, §10 eqs. (68)-(69) ---------------------------------------
#: Target signal :math:`a = \gamma(1 + \gamma)\sqrt{d_k}` of the T3+T4 model (§10, eq. 68).
a_t3t4 = gamma * (1 + gamma) * sp.sqrt(dk)  # (68)
#: Distractor variance :math:`b^2 = 2\gamma^2 + 4\gamma^3 + 4\gamma^4` of the T3+T4 model (§10, eq. 68).
b_t3t4_sq = 2 * gamma**2 + 4 * gamma**3 + 4 * gamma**4  # (68)
#: The T3+T4 criterion (§10, eq. 69), a quartic in :math:`\gamma` whose first positive root is :math:`\gamma_c`.
t3t4_quartic = 2 * gamma**4 + 2 * gamma**3 - (sp.sqrt(dk) - 1) * gamma**2 - sp.sqrt(dk) * gamma + L  # (69)

__all__ = [
    "dk",
    "T",
    "L",
    "gamma",
    "x",
    "c",
    "m",
    "z",
    "b",
    "Z",
    "L_of_T",
    "crossover",
    "a_t4",
    "b_t4",
    "snr",
    "phi",
    "Phi",
    "mgf",
    "annealed_exponent",
    "quartic",
    "quadratic_x",
    "x_minus",
    "x_plus",
    "gamma_c_sq_mean_field",
    "gamma_c_sq_condensed",
    "gamma_c",
    "asymptote",
    "p_inf",
    "a_key",
    "b_key_sq",
    "key_only_quadratic",
    "gamma_c_key_only",
    "key_only_crossover",
    "a_t3t4",
    "b_t3t4_sq",
    "t3t4_quartic",
]
