"""The reduced score models the engine simulates (``--model t4|t3t4|key``).

Each model is a target score ``a(gamma) + b(gamma) Z_0`` against ``m``
distractors ``b(gamma) Z_j`` with i.i.d. standard Gaussian ``Z``; they differ
only in ``a`` and ``b``:

* ``t4``   -- the T4-only model G(dk, T; gamma) of Def 62: a = gamma^2 sqrt(dk),
  b = 2 gamma^2 (eq. 49).  Its law is the two-branch eq. (52).
* ``t3t4`` -- the T3+T4 model of §10: a = gamma (1 + gamma) sqrt(dk),
  b^2 = 2 gamma^2 + 4 gamma^3 + 4 gamma^4 (eq. 68).  Law: first root of eq. (69).
* ``key``  -- the key-only half-lift of Cor 69, moments as printed: a = gamma sqrt(dk)
  (eq. 57), b^2 = 1 + 2 gamma^2 (eq. 58).  Law: eq. (55).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from theory import laws
from theory._types import ArrayLike, FloatOrArray

# The score moments (a, b) of each model, written once.  ``sqrt`` is np.sqrt for the float
# engines and an Arb square root for the rigorous enclosures (montecarlo.exact_rigorous), so
# both evaluate the same expression.  Each a and b is nondecreasing in gamma >= 0 (d_k > 0).
# ``g`` and ``dk`` are arrays, floats or Arb balls (whatever ``sqrt`` takes), hence ``Any``.

_Sqrt = Callable[[Any], Any]


def _pow(g: Any, k: int) -> Any:
    """``g ** k`` with the C library's ``pow`` for a float array (as for a Python float), else ``g ** k``.

    NumPy's ``power`` on float64 arrays runs SIMD code on an AVX-512 CPU whose last bit differs from
    ``pow``'s (everywhere else NumPy calls ``pow``): the engine's parameters, and so its bits, would
    then depend on the machine (tests/montecarlo/test_digests.py).  Squares are exact products either
    way and are left to NumPy."""
    if isinstance(g, np.ndarray) and g.dtype.kind == "f":
        return np.array([_c_pow(x, k) for x in g.flat], dtype=np.float64).reshape(g.shape)
    return g**k


def _c_pow(x: float, k: int) -> float:
    """C's ``pow(x, k)``: +-inf where the power overflows (``math.pow`` raises there, NumPy does not)."""
    try:
        return math.pow(x, k)
    except OverflowError:
        return math.copysign(math.inf, x) if k % 2 else math.inf


def _t4_ab(g: Any, dk: Any, sqrt: _Sqrt = np.sqrt) -> tuple[Any, Any]:
    return g**2 * sqrt(dk), 2.0 * g**2


def _t3t4_ab(g: Any, dk: Any, sqrt: _Sqrt = np.sqrt) -> tuple[Any, Any]:
    return g * (1.0 + g) * sqrt(dk), sqrt(2.0 * g**2 + 4.0 * _pow(g, 3) + 4.0 * _pow(g, 4))


def _key_ab(g: Any, dk: Any, sqrt: _Sqrt = np.sqrt) -> tuple[Any, Any]:
    return g * sqrt(dk), sqrt(1.0 + 2.0 * g**2)


@dataclass(frozen=True)
class Model:
    """A reduced score model: target offset ``a(gamma, dk)``, scale ``b(gamma, dk)``, and its law."""

    name: str
    title: str
    equations: str
    #: a(gamma, dk), b(gamma, dk): vectorised over both (montecarlo.exact.error_map passes an array of dk)
    a: Callable[[ArrayLike, ArrayLike], FloatOrArray]
    b: Callable[[ArrayLike, ArrayLike], FloatOrArray]
    #: the model's closed form gamma_c(dk, T), vectorised like theory.laws
    law: Callable[[ArrayLike, ArrayLike], FloatOrArray]
    law_name: str
    #: limiting signal-to-noise ratio a/b as gamma -> infinity (sets the argmax plateau)
    snr_limit: Callable[[float], float]
    #: (a, b) = ab(gamma, dk, sqrt): the formula behind ``a`` and ``b``, for other number types
    ab: Callable[..., tuple[Any, Any]]


#: The score models by name: ``"t4"`` (Def 62), ``"t3t4"`` (§10, eq. 68) and ``"key"`` (Cor 69).
MODELS: dict[str, Model] = {
    "t4": Model(
        name="t4",
        title="T4-only Gaussian score model G(dk, T; gamma)",
        equations="Def 62, eq. (49); law eq. (52)",
        a=lambda g, dk: _t4_ab(g, dk)[0],
        b=lambda g, dk: _t4_ab(g, dk)[1],
        law=lambda dk, T: laws.gamma_c(dk, T),
        law_name="two-branch law, eq. (52), c = 0.741",
        snr_limit=lambda dk: np.sqrt(dk) / 2.0,
        ab=_t4_ab,
    ),
    "t3t4": Model(
        name="t3t4",
        title="T3+T4 Gaussian score model (§10)",
        equations="§10, eq. (68); law eq. (69)",
        a=lambda g, dk: _t3t4_ab(g, dk)[0],
        b=lambda g, dk: _t3t4_ab(g, dk)[1],
        law=lambda dk, T: laws.gamma_c_t3t4(dk, T),
        law_name="first positive root of eq. (69)",
        snr_limit=lambda dk: np.sqrt(dk) / 2.0,
        ab=_t3t4_ab,
    ),
    "key": Model(
        name="key",
        title="key-only half-lift model (Cor 69, moments as printed)",
        equations="Cor 69, eqs. (57)-(58); law eq. (55)",
        a=lambda g, dk: _key_ab(g, dk)[0],
        b=lambda g, dk: _key_ab(g, dk)[1],
        law=lambda dk, T: laws.gamma_c_key_only(dk, T),
        law_name="key-only law, eq. (55)",
        snr_limit=lambda dk: np.sqrt(dk / 2.0),
        ab=_key_ab,
    ),
}


def get_model(name: str) -> Model:
    r"""The score model called ``name``: ``"t4"`` (Def 62, eq. 49), ``"t3t4"`` (§10, eq. 68) or
    ``"key"`` (Cor 69, moments as printed).

    A :class:`Model` bundles the target offset :math:`a(\gamma, d_k)`, the distractor scale
    :math:`b(\gamma, d_k)` and the model's closed-form law (eq. 52 for ``t4``, the first positive
    root of eq. 69 for ``t3t4``, eq. 55 as printed for ``key``).

    Parameters
    ----------
    name : {"t4", "t3t4", "key"}
        The model's name (the keys of :data:`MODELS`).

    Returns
    -------
    Model

    Raises
    ------
    ValueError
        An unknown name.

    Examples
    --------
    >>> from montecarlo import get_model
    >>> t3t4 = get_model("t3t4")
    >>> t3t4.equations
    '§10, eq. (68); law eq. (69)'
    >>> round(float(t3t4.law(64, 512)), 4)     # = theory.laws.gamma_c_t3t4(64, 512)
    0.5687
    """
    try:
        return MODELS[name]
    except KeyError:
        raise ValueError(f"unknown model {name!r}; choose one of {', '.join(MODELS)}") from None
