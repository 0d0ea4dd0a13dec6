"""Input validation shared by the closed forms and the Monte Carlo (one place for the domain rules).

:mod:`theory.laws`, :mod:`theory.transition` and :mod:`montecarlo` (through
:func:`montecarlo.conventions.check_int` / ``check_dk``) all validate with these
functions, so a value is accepted or rejected the same way everywhere.

The rules
---------
* **Numbers** are Python ``int``/``float``, NumPy integer/floating scalars, or (where a
  function broadcasts) lists, tuples and arrays of them.  ``bool`` (and boolean
  arrays), strings, bytes, ``None``, complex values (even with zero imaginary part)
  and ragged lists are rejected with ``ValueError``; so are integers too large for a
  float (``10**400``) and non-finite values (NaN, +-inf).
* **Integers** (``m``, trials, seeds, and ``T`` wherever it counts positions) are
  ``int``/``np.integer`` values, or floats with an integral value (``15.0`` is 15; ``15.5``
  is rejected).  ``T`` counts positions -- and must be an integer -- in every Monte-Carlo
  function and in :func:`theory.laws.p_inf` (``m = T - 2`` distractors).  The closed forms
  that depend on ``T`` only through ``L = log(T - 1)`` (``L``, ``crossover``, the
  ``gamma_c`` laws) are analytic in ``L`` and accept a real ``T >= 3``, as the paper's
  figures draw them (e.g. the jump at ``8L = dk``, ``T = 1 + e^{dk/8}``).
* **Domains**: ``dk > 0`` (head width, real), ``T >= 3`` (one target and at least one
  distractor), ``m >= 1`` (integer distractor count), ``c > 0`` (real condensation
  constant).
* Array-valued arguments broadcast against each other; a scalar-only argument
  (the Monte Carlo's ``dk`` and ``T``) given a list or array fails with a
  ``ValueError`` saying so.

Every message names the argument and shows the offending value.  The checks take ``Any``
(they exist to reject what is not a number) and return float64 arrays.  Pure; no I/O.
"""

from __future__ import annotations

import numbers
from typing import Any

import numpy as np

from ._types import FloatArray, FloatOrArray

__all__ = ["as_real_array", "check_dk", "check_T", "check_m", "check_c", "check_int", "check_real", "scalar_or_array"]


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _scalar_kind_error(name: str, value: object) -> str | None:
    """Why a scalar is not a real number, or None when it is one."""
    if value is None:
        return f"{name} must be a number, got None"
    if isinstance(value, (bool, np.bool_)):
        return f"{name} must be a number, not a bool ({value!r})"
    if isinstance(value, (str, bytes)):
        return f"{name} must be a number, not a string ({_show(value)})"
    if isinstance(value, (complex, np.complexfloating)):
        return f"{name} must be real, got the complex value {value!r}"
    if isinstance(value, (numbers.Real, np.integer, np.floating)):
        return None
    return f"{name} must be a number, got {type(value).__name__} {_show(value)}"


def as_real_array(name: str, value: Any) -> FloatArray:
    """``value`` as a finite float64 array (scalars give 0-d arrays), or ValueError naming ``name``."""
    if np.ndim(value) == 0 and not isinstance(value, np.ndarray):
        why = _scalar_kind_error(name, value)
        if why:
            raise ValueError(why)
        try:
            arr = np.asarray(float(value))
        except OverflowError:
            raise ValueError(f"{name} is too large to represent as a float: {_show(value)}") from None
    else:
        try:
            raw = np.asarray(value)
        except (TypeError, ValueError):  # ragged nested lists and the like
            raise ValueError(f"{name} must be a number or a rectangular array of numbers, got {_show(value)}") from None
        kind = raw.dtype.kind
        if kind == "b":
            raise ValueError(f"{name} must hold numbers, not bools ({_show(value)})")
        if kind == "c":
            raise ValueError(f"{name} must be real, got complex values ({_show(value)})")
        if kind in "USVMm":
            raise ValueError(f"{name} must hold numbers, got dtype {raw.dtype} ({_show(value)})")
        if kind == "O":
            for item in raw.flat:
                why = _scalar_kind_error(name, item)
                if why:
                    raise ValueError(why.replace(" must be ", " must hold only numbers; an element must be ", 1))
        try:
            arr = raw.astype(float)
        except OverflowError:
            raise ValueError(f"{name} holds a value too large to represent as a float") from None
        except (TypeError, ValueError):
            raise ValueError(f"{name} must hold numbers, got {_show(value)}") from None
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must be finite, got {_show(value)}")
    return arr


def check_real(name: str, value: Any, *, low: float | None = None, strict: bool = True) -> FloatArray:
    """A finite real array, ``> low`` (``>= low`` when ``strict`` is False) if ``low`` is given."""
    arr = as_real_array(name, value)
    if low is not None and np.any(arr <= low if strict else arr < low):
        op = ">" if strict else ">="
        raise ValueError(f"{name} must be {op} {low:g}, got {_show(value)}")
    return arr


def check_dk(dk: Any) -> FloatArray:
    """Head width d_k: real, finite and > 0 (scalar or array)."""
    arr = as_real_array("dk", dk)
    if np.any(arr <= 0):
        raise ValueError(f"dk must be > 0 (head width), got {_show(dk)}")
    return arr


def _integral(name: str, arr: FloatArray, value: object, low: int, what: str) -> FloatArray:
    if np.any(arr != np.floor(arr)) or np.any(arr < low):
        raise ValueError(f"{name} must be an integer >= {low} ({what}), got {_show(value)}")
    return arr


def check_T(T: Any, *, integer: bool = False) -> FloatArray:
    """Context length T >= 3 (one target, at least one distractor), scalar or array.

    ``integer=True`` where T counts positions (distractor count ``m = T - 2``, Monte Carlo);
    otherwise a real T, for the laws that depend on T only through ``L = log(T - 1)``.
    """
    arr = as_real_array("T", T)
    if integer:
        return _integral("T", arr, T, 3, "context length")
    if np.any(arr < 3):
        raise ValueError(f"T must be >= 3 (context length), got {_show(T)}")
    return arr


def check_m(m: Any) -> FloatArray:
    """Distractor count m: an integer >= 1, scalar or array."""
    return _integral("m", as_real_array("m", m), m, 1, "distractor count")


def check_c(c: Any) -> FloatArray:
    """Condensation constant c of eq. (52): real, finite and > 0, scalar or array."""
    arr = as_real_array("c", c)
    if np.any(arr <= 0):
        raise ValueError(f"c must be > 0 (condensation constant), got {_show(c)}")
    return arr


def check_int(name: str, value: Any, low: int) -> int:
    """One integer ``>= low`` as a Python int: ``int``/``np.integer`` or an integral float.

    Bools, strings, lists/arrays, non-integral numbers (``15.5``) and integers beyond
    int64 are rejected.
    """
    if isinstance(value, np.ndarray) and value.ndim == 0:
        value = value[()]
    if np.ndim(value) != 0:
        raise ValueError(f"{name} must be a single integer, got {_show(value)}")
    why = _scalar_kind_error(name, value)
    if why:
        raise ValueError(why)
    if isinstance(value, (numbers.Integral, np.integer)):
        out = int(value)
    else:
        f = float(value)
        if not np.isfinite(f) or f != np.floor(f):
            raise ValueError(f"{name} must be an integer >= {low}, got {_show(value)}")
        out = int(f)
    if out < low:
        raise ValueError(f"{name} must be an integer >= {low}, got {_show(value)}")
    if out >= 2**63:
        raise ValueError(f"{name} is too large (at most 2**63 - 1), got {_show(value)}")
    return out


def scalar_or_array(arr: FloatArray) -> FloatOrArray:
    """Return a Python float for 0-d results and the array otherwise."""
    return float(arr) if np.ndim(arr) == 0 else arr
