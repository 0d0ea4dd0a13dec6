"""Strict JSON (RFC 8259): plain types only, no NaN or Infinity, and every ``null`` with a reason.

One convention, two ways of stating the reason:

* ``nulls`` -- a dict filled with ``path -> reason`` (``"measured.x[2]" -> "NaN (not a number)"``):
  ``psa-cert``'s documents put it beside the values (``"nulls": {...}``);
* ``undefined`` -- a table ``key -> reason`` (``None``: the default reason): a key whose value is,
  or whose list holds, a non-finite number gets a sibling ``<key>_undefined`` with the reason
  (``psa-mc``'s documents), unless the document already has one.

NumPy values are converted through the number ABCs and ``tolist()``: this module does not import
NumPy.
"""

from __future__ import annotations

import json
import math
import numbers
from typing import Any, Callable, Mapping, Optional


def nonfinite_reason(v: float) -> str:
    """Why a number has no JSON form: ``NaN (not a number)``, ``+Infinity`` or ``-Infinity``."""
    return "NaN (not a number)" if math.isnan(v) else ("+Infinity" if v > 0 else "-Infinity")


def plain(
    value: Any,
    nulls: Optional[dict] = None,
    path: str = "",
    *,
    undefined: Optional[Mapping] = None,
    other: Callable[[Any], Any] = str,
) -> Any:
    """``value`` in plain JSON types: None, bool, str, int, finite float, list (tuples, sets
    sorted, arrays) and dict (keys as text); a non-finite number becomes None and its reason is
    stated as the module docstring says; anything else becomes ``other(value)`` (default its text)."""
    return _plain(value, nulls, path, undefined, other)[0]


def _plain(value, nulls, path, undefined, other) -> tuple[Any, bool]:
    """``(plain value, whether it is or its list holds a non-finite number)``."""
    if value is None or isinstance(value, (bool, str)):
        return value, False
    if isinstance(value, numbers.Integral):
        try:
            return int(value), False
        except (TypeError, ValueError):
            return str(value), False
    if isinstance(value, numbers.Real):
        try:
            v = float(value)
        except (TypeError, ValueError, OverflowError):
            return str(value), False
        if math.isfinite(v):
            return v, False
        if nulls is not None:
            nulls[path or "value"] = nonfinite_reason(v)
        return None, True
    if isinstance(value, dict):
        out = {}
        for k, x in value.items():
            c, bad = _plain(x, nulls, f"{path}.{k}" if path else str(k), undefined, other)
            out[str(k)] = c
            if bad and undefined is not None and f"{k}_undefined" not in value:
                out[f"{k}_undefined"] = undefined.get(k, undefined[None])
        return out, False
    if isinstance(value, (list, tuple, set, frozenset)):
        seq = sorted(value, key=str) if isinstance(value, (set, frozenset)) else value
        items = [_plain(v, nulls, f"{path}[{i}]", undefined, other) for i, v in enumerate(seq)]
        return [c for c, _ in items], any(bad for _, bad in items)
    if hasattr(value, "tolist") and callable(value.tolist):
        try:
            return _plain(value.tolist(), nulls, path, undefined, other)
        except Exception:
            return str(value), False
    return other(value), False


#: The default reason of a ``null``.
UNDEFINED: dict[object, str] = {None: "undefined (not a finite number)"}


def dumps(doc: Any, undefined: Mapping = UNDEFINED) -> str:
    """``doc`` as strict JSON, indented by 2, with ``<key>_undefined`` beside every ``null`` that
    stood for a non-finite number; a value JSON has no type for is written as a number."""
    return json.dumps(plain(doc, undefined=undefined, other=_unchanged), indent=2, allow_nan=False, default=float)


def _unchanged(value: Any) -> Any:
    return value
