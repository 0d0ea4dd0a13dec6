"""Claims and settings of a certificate's check, how to print them, and how to perturb them.

The convention (one place for it): a certificate's ``check`` takes keyword arguments whose
defaults are what the paper prints.

* POSITIONAL-OR-KEYWORD parameters are **claims**: numbers as printed strings, SymPy expressions,
  matrices, builder callables, tuples or dicts of those.  Feeding a wrong claim must change the
  verdict (``tests/certificates/test_claim_perturbation.py`` perturbs every claim of every
  certificate of every pack and asserts it does).
* KEYWORD-ONLY parameters (after ``*``) are **settings**: trial counts, seeds, sizes, tolerances
  derived from a standard error -- how the claim is checked, not what the paper says.

:func:`format_claim` gives the full, readable text of a claim value (``psa-cert show``, the
reports); :func:`perturbations` gives the wrong claims the tests feed.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import math
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, Any, Callable

from psa_io.safe import safe_text

if TYPE_CHECKING:
    from .registry import Certificate

__all__ = ["claim_parameters", "setting_parameters", "format_claim", "perturbations", "Untouched"]


def _params(cert: Certificate) -> list[inspect.Parameter]:
    if cert.check is None:
        return []
    return [
        p
        for p in inspect.signature(cert.check).parameters.values()
        if p.default is not inspect.Parameter.empty and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
    ]


def claim_parameters(cert: Certificate) -> dict[str, Any]:
    """name -> default of every claim of ``cert.check`` (positional-or-keyword parameters)."""
    return {p.name: p.default for p in _params(cert) if p.kind is p.POSITIONAL_OR_KEYWORD}


def setting_parameters(cert: Certificate) -> dict[str, Any]:
    """name -> default of every setting of ``cert.check`` (keyword-only parameters)."""
    return {p.name: p.default for p in _params(cert) if p.kind is p.KEYWORD_ONLY}


# --- printing ------------------------------------------------------------------------------


#: Nesting of lists, tuples and dicts that :func:`format_claim` shows; deeper ones are "...".
MAX_CLAIM_DEPTH = 64


def format_claim(value: Any) -> str:
    """The full text of a claim value: never a ``<function at 0x...>`` repr, never truncated.

    A claim comes from a pack's code and may be hostile: a list that contains itself is shown with
    ``[...]`` where it recurs (as Python's ``repr`` does), nesting beyond :data:`MAX_CLAIM_DEPTH` as
    ``...``, and a value whose ``str``/``repr`` raises as ``<a T whose text cannot be shown: ...>``
    (:func:`psa_io.safe.safe_text`): printing a claim never raises."""
    return _format(value, set(), 0)


def _format(value: Any, seen: set[int], depth: int) -> str:
    container = isinstance(value, (dict, list, tuple))
    if container:
        if id(value) in seen:
            return "{...}" if isinstance(value, dict) else "[...]"
        if depth >= MAX_CLAIM_DEPTH:
            return "..."
        seen.add(id(value))
    try:
        return _format_one(value, seen, depth)
    except Exception as exc:  # noqa: BLE001 - a hostile __str__ / __repr__ / __doc__ may raise anything
        why = f"{type(exc).__name__}: {safe_text(exc, 200)}"
        return f"<a {safe_text(type(value).__name__, 80)} whose text cannot be shown: {why}>"
    finally:
        if container:
            seen.discard(id(value))


def _format_one(value: Any, seen: set[int], depth: int) -> str:
    import numpy as np

    if isinstance(value, str):
        return repr(value) if value.strip() != value or not value else value
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else str(value)
    if isinstance(value, (int, complex)):
        return str(value)
    if isinstance(value, np.ndarray):
        with np.printoptions(threshold=max(1000, value.size + 1), linewidth=10**6, precision=8):
            return "array(" + np.array2string(value, separator=", ") + ")"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{safe_text(k, 200)}: {_format(v, seen, depth + 1)}" for k, v in value.items()) + "}"
    if isinstance(value, (tuple, list)):
        inner = ", ".join(_format(v, seen, depth + 1) for v in value)
        return (
            f"({inner},)"
            if isinstance(value, tuple) and len(value) == 1
            else (f"({inner})" if isinstance(value, tuple) else f"[{inner}]")
        )
    if isinstance(value, (functools.partial,)):
        args = ", ".join(
            [_format(a, seen, depth + 1) for a in value.args]
            + [f"{k}={_format(v, seen, depth + 1)}" for k, v in value.keywords.items()]
        )
        return f"{_format(value.func, seen, depth + 1)} with ({args})"
    if callable(value) and hasattr(value, "__name__") and not _is_sympy(value):
        doc = inspect.getdoc(value) or ""
        first = doc.strip().splitlines()[0] if doc.strip() else ""
        mod = getattr(value, "__module__", "") or ""
        name = f"{mod}.{value.__qualname__}" if mod and hasattr(value, "__qualname__") else value.__name__
        return f"{name}: {first}" if first else name
    if _is_sympy(value):
        try:
            import sympy as sp

            if isinstance(value, sp.MatrixBase):
                return "Matrix(" + str(value.tolist()) + ")"
        except Exception:  # pragma: no cover
            pass
        return str(value)
    return str(value)


def _is_sympy(value: Any) -> bool:
    return type(value).__module__.startswith("sympy")


# --- perturbing ----------------------------------------------------------------------------


class Untouched(Exception):
    """Raised for a claim that has no perturbation of its kind (reported by the tests, not hidden)."""


def _num_shift(v: float, direction: int = 1, scale: float | None = None) -> float:
    """A gross change: at least 0.5 and at least 50 % of |v| (no fixed point, sign-safe); upwards by
    default, downwards with ``direction=-1``; with ``scale``, ``v * scale`` (sign kept; 0 -> scale)."""
    if scale is not None:
        return v * scale if v != 0 else float(scale)
    return v + direction * 0.5 * max(1.0, abs(v))


def _perturb_number_string(s: str, direction: int = 1, scale: float | None = None) -> str | None:
    try:
        d = Decimal(s.strip())
    except (InvalidOperation, ValueError):
        return None
    if not d.is_finite():
        return None
    exp = d.as_tuple().exponent
    new = Decimal(repr(_num_shift(float(d), direction, scale)))
    if isinstance(exp, int) and exp < 0 and "e" not in s.lower():
        return f"{new:.{-exp}f}"
    if "e" in s.lower():
        return f"{float(new):.3e}"
    return str(int(round(float(new)))) if "." not in s else str(new)


def _sympy_perturbations(value: Any, direction: int = 1) -> list[tuple[str, Any]]:
    import sympy as sp

    one = sp.Integer(direction)
    if isinstance(value, sp.MatrixBase):
        # upwards: entry [0, 0] + 1; the opposite direction: entry [-1, -1] - 1 (an entry the claim may
        # not read, e.g. the position block of a map whose claim is about its momentum rows)
        m = value.as_mutable().copy()
        i = 0 if direction > 0 else -1
        m[i, i] = m[i, i] + one
        return [(f"entry [{i},{i}] {'+' if direction > 0 else '-'} 1", m)]
    if isinstance(value, sp.Interval):
        a, b = value.start, value.end
        a2 = a + one if a.is_finite else a
        b2 = b + one if b.is_finite else b
        if a2 == a and b2 == b:  # (-oo, oo)
            return [("minus [0, 1]", value - sp.Interval(0, 1))]
        return [("endpoints + 1", sp.Interval(a2, b2, value.left_open, value.right_open))]
    if isinstance(value, sp.Set):
        for cand in (-(sp.pi**3), sp.Rational(13, 7), sp.Integer(-7), sp.Integer(11) / 3, sp.E**5, sp.Rational(-1, 2)):
            try:
                if value.contains(cand) == sp.false:
                    return [(f"with {cand} added", sp.Union(value, sp.FiniteSet(cand)))]
            except Exception:
                continue
        return []
    sgn = "+" if direction > 0 else "-"
    if isinstance(value, sp.Equality):
        return [(f"rhs {sgn} 1", sp.Eq(value.lhs, value.rhs + one, evaluate=False))]
    if isinstance(value, sp.Rel):
        return [(f"rhs {sgn} 1", value.func(value.lhs, value.rhs + one))]
    if isinstance(value, sp.logic.boolalg.Boolean):
        return [("negated", sp.Not(value))]
    if isinstance(value, sp.MatrixExpr) and value.is_square:  # a symbolic block (Identity, ZeroMatrix, ...)
        return [(f"{sgn} identity", value + one * sp.Identity(value.shape[0]))]
    if isinstance(value, sp.Expr):
        if direction < 0 and value.free_symbols:
            # an added constant can be immaterial (a Hamiltonian, a potential, an asymptote n|g| + 1 ~ n|g|):
            # the opposite direction doubles the expression and subtracts its first symbol (a scale and
            # a sign change: 2 H - p_1 is neither H's flow nor of H's sign); just doubles it where the
            # expression IS its first symbol (2 x - x = x)
            s0 = sorted(value.free_symbols, key=str)[0]
            cand = 2 * value - s0
            if sp.expand(cand - value) == 0:
                return [("x 2", 2 * value)]
            return [(f"x 2 - {s0}", cand)]
        return [(f"{sgn} 1", value + one)]
    return []


def perturbations(
    value: Any, *, direction: int = 1, scale: float | None = None, _depth: int = 0
) -> list[tuple[str, Any]]:
    """Wrong versions of a claim value, each as ``(label, value)``.

    Numbers move by at least 0.5 (integers by at least 1) and at least 50 %; printed number strings keep their printed
    precision; SymPy expressions get ``+ 1``, matrices ``+ 1`` in entry [0, 0], sets and intervals
    are moved or enlarged; tuples, lists and dicts are perturbed one element at a time; a callable
    claim (a builder) is wrapped so that its output is perturbed (the wrapper records whether the
    check called it: see :class:`PerturbedCallable`).  ``None`` and opaque objects have none.

    ``direction=-1`` gives the same list with every shift downwards (``- 1``, ``- 50 %``), index for
    index: a claim that is an inequality (an upper bound, a threshold) is not made WRONG by moving it
    the weak way, so the tests accept a claim whose verdict changes under one of the two directions.
    Downwards, an expression with free symbols is doubled less its first symbol (an added constant
    can be immaterial: a Hamiltonian, an asymptote) and a matrix changes its last diagonal entry.

    ``scale=k`` multiplies every NUMBER (ints, floats, printed-number strings, arrays, printed-number
    records) by ``k`` instead, keeping its sign -- the gross change for data that feed an inequality
    with a wide margin (an RMS ratio against a limit); other kinds are perturbed as upwards.  The list
    is the same length and order as without it.
    """
    import numpy as np

    if value is None:
        return []
    if isinstance(value, bool):
        return [("negated", not value)]
    if isinstance(value, (int, np.integer)):
        # at least 1 and at least 50 % (T = 512 -> 768, not 513: a gross change, as for floats)
        if scale is not None:
            new: Any = int(round(int(value) * scale))
            return [(f"x {scale:g}", new if new != int(value) else int(value) + 1)]
        step = max(1, abs(int(value)) // 2)
        return [(f"{'+' if direction > 0 else '-'} {step}", int(value) + direction * step)]
    if isinstance(value, (complex, np.complexfloating)):
        v: Any = complex(value)
        return [("shifted", v * scale if scale is not None else v + direction * 0.5 * max(1.0, abs(v)))]
    if isinstance(value, (float, np.floating)):
        v = float(value)
        return [("shifted", _num_shift(v, direction, scale))] if math.isfinite(v) else [("finite 1.0", 1.0)]
    if isinstance(value, str):
        s = _perturb_number_string(value, direction, scale)
        if s is not None:
            return [(f"{value} -> {s}", s)]
        try:
            import sympy as sp

            expr = sp.sympify(value.replace("^", "**"))
            if isinstance(expr, sp.Expr) and expr.free_symbols:
                sgn = "+" if direction > 0 else "-"
                return [(f"{value} -> ({value}) {sgn} 1", f"({value}) {sgn} 1")]
        except Exception:
            pass
        return [("text changed", value + " [perturbed]")]
    if isinstance(value, np.ndarray):
        if value.dtype.kind in "fiuc" and value.size:
            v = value.astype(complex if value.dtype.kind == "c" else float)
            out = v * scale if scale is not None else v + direction * 0.5 * np.maximum(1.0, np.abs(v))
            return [("shifted", out)]
        return []
    if _is_sympy(value):
        return _sympy_perturbations(value, direction)
    if isinstance(value, (tuple, list)):
        if _depth > 3:
            return []
        if not value:
            return [("one element added", type(value)(["[perturbed]"]))]
        out = []
        for i, v in enumerate(value):
            for label, pv in perturbations(v, direction=direction, scale=scale, _depth=_depth + 1):
                new = list(value)
                new[i] = pv
                out.append((f"[{i}] {label}", type(value)(new)))
        return out
    if isinstance(value, dict):
        if _depth > 3:
            return []
        out = []
        for k, v in value.items():
            for label, pv in perturbations(v, direction=direction, scale=scale, _depth=_depth + 1):
                out.append((f"[{k!r}] {label}", {**value, k: pv}))
        return out
    if _is_printed_number(value):  # a printed-number record (value + its printed text): move the value
        v = float(value.value)
        decimals = getattr(value, "decimals", None)
        unit = 10.0**-decimals if isinstance(decimals, int) else 0.0  # at least one printed unit
        pv = (
            (v * scale if v != 0 else float(scale))
            if scale is not None
            else (v + direction * max(0.5 * max(1.0, abs(v)), unit))
        )
        return [(f"{value!r} shifted", dataclasses.replace(value, value=pv, text=f"{value!r}->{pv:g}"))]
    if callable(value):
        return [("output perturbed", PerturbedCallable(value, direction=direction))]
    return []


def _is_printed_number(value: Any) -> bool:
    """A frozen dataclass with a numeric ``value`` and a ``text`` (e.g. theory.validation.Printed)."""
    return (
        dataclasses.is_dataclass(value)
        and not isinstance(value, type)
        and isinstance(getattr(value, "value", None), (int, float))
        and not isinstance(getattr(value, "value", None), bool)
        and isinstance(getattr(value, "text", None), str)
    )


class PerturbedCallable:
    """A builder claim whose output is perturbed (first perturbation of what it returns).

    ``called`` says whether the check used it at all; ``perturbed`` whether its output had a
    perturbation (an output of an opaque type is returned unchanged).
    """

    def __init__(self, func: Callable[..., Any], direction: int = 1) -> None:
        self.func = func
        self.direction = direction
        self.called = False
        self.perturbed = False
        functools.update_wrapper(self, func)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.called = True
        out = self.func(*args, **kwargs)
        ps = perturbations(out, direction=self.direction)
        if ps:
            self.perturbed = True
            return ps[0][1]
        return out

    def __get__(self, obj: Any, objtype: Any = None) -> Any:  # usable as a method default too
        return self if obj is None else functools.partial(self, obj)
