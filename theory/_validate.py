"""Input validation shared by the closed forms (one place for the domain rules)."""
from __future__ import annotations

import numpy as np


def as_float_array(name: str, value) -> np.ndarray:
    """Return ``value`` as a float64 array, or raise ValueError naming ``name``."""
    try:
        arr = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a number or an array of numbers, got {value!r}") from None
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must be finite, got {value!r}")
    return arr


def check_dk(dk) -> np.ndarray:
    """Head width d_k: finite and > 0."""
    arr = as_float_array("dk", dk)
    if np.any(arr <= 0):
        raise ValueError(f"dk must be > 0 (head width), got {dk!r}")
    return arr


def check_T(T) -> np.ndarray:
    """Context length T: finite and >= 3 (at least one target and one distractor)."""
    arr = as_float_array("T", T)
    if np.any(arr < 3):
        raise ValueError(f"T must be >= 3 (context length), got {T!r}")
    return arr


def check_m(m) -> np.ndarray:
    """Distractor count m: a finite integer >= 1."""
    arr = as_float_array("m", m)
    if np.any(arr < 1) or np.any(arr != np.round(arr)):
        raise ValueError(f"m must be an integer >= 1 (distractor count), got {m!r}")
    return arr


def scalar_or_array(arr: np.ndarray):
    """Return a Python float for 0-d results and the array otherwise."""
    return float(arr) if np.ndim(arr) == 0 else arr
