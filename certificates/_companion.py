"""Helpers shared by the certificate packs (``psa``, ``momentum``, ``qhm``).

* :func:`collect` -- a pack's ``load()``: every ``CERTIFICATES`` of its modules, in the order of the
  paper's ``STATEMENTS`` (a derived id such as ``<id>.corrected`` right after its base).
* :func:`derived` -- a printed number recomputed from other printed numbers, with the tolerance that
  the printed precision of the inputs allows (half a unit of the output's last place plus the
  first-order propagation of half a unit of each input's last place).
* :func:`is_zero` -- ring normal form first (``sp.expand``), then simplification.
"""
from __future__ import annotations

import importlib
import pkgutil
from typing import Callable, Sequence

import sympy as sp

from .psa._subchecks import Checks, half_unit


def is_zero(expr) -> bool:
    e = sp.expand(expr)
    if e == 0 or sp.cancel(sp.together(e)) == 0:  # cheap for rational functions
        return True
    return sp.simplify(e) == 0 or sp.simplify(sp.expand_trig(e)) == 0 or sp.trigsimp(e) == 0


def collect(package: str, path, statements) -> list:
    """Every ``CERTIFICATES`` entry of the modules of ``package`` (non-underscore), in statement order."""
    order = {st.id.lower(): i for i, st in enumerate(statements)}

    def position(cid: str):
        parts = cid.lower().split(".")
        for n in range(len(parts), 0, -1):
            base = ".".join(parts[:n])
            if base in order:
                return order[base], cid.lower()
        return len(order), cid.lower()

    certs = []
    for info in pkgutil.iter_modules(path):
        if info.name.startswith("_"):
            continue
        mod = importlib.import_module(f"{package}.{info.name}")
        certs.extend(getattr(mod, "CERTIFICATES", ()))
    return sorted(certs, key=lambda c: position(c.id))


def _fmt(v: float) -> float:
    return float(f"{v:.7g}")


def derived(c: Checks, name: str, f: Callable[..., float], inputs: Sequence[str], printed: str,
            note: str = "") -> bool:
    """``f(*inputs)`` (inputs are printed numbers, as strings) must agree with ``printed`` within the
    rounding the printed precisions allow."""
    xs = [float(x) for x in inputs]
    value = float(f(*xs))
    tol = half_unit(printed)
    for i, x in enumerate(xs):
        h = 1e-7 * max(1.0, abs(x))
        up, dn = list(xs), list(xs)
        up[i], dn[i] = x + h, x - h
        tol += abs((float(f(*up)) - float(f(*dn))) / (2 * h)) * half_unit(inputs[i])
    ok = abs(value - float(printed)) <= tol * (1 + 1e-9) + 1e-12
    return c.add(name, ok, _fmt(value), printed, (note + "; " if note else "") + f"tolerance {tol:.2g}")
