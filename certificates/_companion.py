"""Helpers shared by the certificate packs (``psa``, ``momentum``, ``qhm``).

* :func:`certify` / :func:`not_checkable` -- the certificate of a :class:`theory.statement.Statement`
  (checked, or accounted for with the reason it is not checkable); :func:`certifier` -- a module's
  ``_cert(sid, check, kind, verifies, suffix="")`` over its statements;
* :func:`collect` -- a pack's ``load()``: every ``CERTIFICATES`` of its modules, in the order of the
  paper's ``STATEMENTS`` (a derived id such as ``<id>.corrected`` right after its base).
* :func:`derived` -- a printed number recomputed from other printed numbers: attainable for some
  inputs within their own rounding (:func:`certificates.printed.attainable`).
* :func:`is_zero` -- ring normal form first (``sp.expand``), then simplification;
* :func:`simplify` / :func:`limit` -- ``sp.simplify`` / ``sp.limit``, kept per process for an argument already
  seen (a check, its corrected variant and a test's wrong input repeat many of the same derivations).
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from dataclasses import replace
from typing import Callable, Mapping, Optional, Sequence

import sympy as sp
from sympy.polys.polyerrors import BasePolynomialError

from theory.statement import Statement

from ._subchecks import Checks
from .algebra import rational_zero
from .printed import agrees
from .registry import DEFAULT_PACK, Certificate, Kind, SizeDomain


def certify(
    statement: Statement,
    check: Optional[Callable],
    kind: Kind,
    verifies: str,
    *,
    cid: Optional[str] = None,
    title: Optional[str] = None,
    pack: str = DEFAULT_PACK,
    size_domain: tuple[SizeDomain, ...] = (),
) -> Certificate:
    """A certificate for ``statement`` (id defaults to the statement's; use e.g.
    ``cid=statement.id + ".corrected"`` for a corrected version).  ``pack`` names the pack the
    certificate belongs to (default ``psa``; the companion packs pass their own).  ``size_domain``:
    the sizes the statement ranges over (:class:`certificates.registry.SizeDomain`)."""
    return Certificate(
        id=cid or statement.id,
        title=title or statement.title,
        supports=statement.label,
        verifies=verifies,
        kind=kind,
        check=check,
        pack=pack,
        section=statement.section,
        level=statement.level,
        depends=statement.depends,
        statement=statement.content,
        sympy_form=statement.sympy,
        size_domain=tuple(size_domain),
    )


def not_checkable(statement: Statement, reason: str, *, pack: str = DEFAULT_PACK) -> Certificate:
    """A NOT-CHECKABLE row: the statement is accounted for, with the reason."""
    return replace(certify(statement, None, Kind.NOT_CHECKABLE, "(not checkable)", pack=pack), reason=reason)


def certifier(statements: Mapping[str, Statement], pack: str) -> Callable[..., Certificate]:
    """``cert(sid, check, kind, verifies, suffix="")``: :func:`certify` of ``statements[sid]`` in
    ``pack``, with id ``<statement id><suffix>`` and the title of a ``.corrected`` variant saying so."""

    def cert(
        sid: str,
        check: Callable,
        kind: Kind,
        verifies: str,
        suffix: str = "",
        size_domain: tuple[SizeDomain, ...] = (),
    ) -> Certificate:
        st = statements[sid]
        title = st.title + (" (corrected)" if suffix == ".corrected" else "")
        return certify(st, check, kind, verifies, cid=st.id + suffix, pack=pack, title=title, size_domain=size_domain)

    return cert


#: Most distinct calls of :func:`is_zero`, :func:`simplify` and :func:`limit` whose answers a process keeps.
MEMO_SIZE = 4096


def _hashable(*args) -> bool:
    try:
        hash(args)
    except TypeError:  # a mutable Matrix, a list: not kept
        return False
    return True


@functools.lru_cache(maxsize=MEMO_SIZE, typed=True)
def _simplify_kept(expr, kwargs):
    return sp.simplify(expr, **dict(kwargs))


def simplify(expr, **kwargs):
    """``sp.simplify(expr, **kwargs)``; for a hashable (immutable) ``expr``, the result of the first call with the
    same argument in this process.  SymPy expressions are immutable and compare structurally (the same tree, the
    same symbols with the same assumptions), and ``simplify`` is a function of its argument: the kept result is
    the one a fresh call returns."""
    kw = tuple(sorted(kwargs.items()))
    return _simplify_kept(expr, kw) if _hashable(expr, kw) else sp.simplify(expr, **kwargs)


def simplify_or_zero(expr):
    """0 when ``expr`` (sines, cosines, exponentials of its symbols), written in exponentials and expanded, is 0 --
    an exact proof that it vanishes identically, in milliseconds -- else :func:`simplify` of it.  For a residual
    that ``simplify`` takes to 0 (an identity of the paper as printed) the answer is that same 0, without
    simplify's search; a residual that does not vanish is simplified as before."""
    e = sp.sympify(expr)
    if isinstance(e, sp.Expr) and sp.expand(e.rewrite(sp.exp)) == 0:
        return sp.Integer(0)
    return simplify(e)


@functools.lru_cache(maxsize=MEMO_SIZE, typed=True)
def _limit_kept(args):
    return sp.limit(*args)


def limit(*args):
    """``sp.limit(*args)``, kept per process like :func:`simplify`."""
    return _limit_kept(args) if _hashable(*args) else sp.limit(*args)


def is_zero(expr) -> bool:
    """:func:`_is_zero` of ``expr``, kept per process for a hashable expression (a bool of an immutable argument)."""
    return _is_zero_kept(expr) if _hashable(expr) else _is_zero(expr)


@functools.lru_cache(maxsize=MEMO_SIZE, typed=True)
def _is_zero_kept(expr) -> bool:
    return _is_zero(expr)


def _field_zero(expr) -> Optional[bool]:
    """Whether ``expr`` is identically zero, when it is a rational function over Q of plain symbols (built from
    them and rationals by +, * and integer powers): its element of the field Q(symbols), built operation by
    operation with numerator and denominator kept coprime, is zero or not -- an exact decision, the same one
    :func:`certificates.algebra.rational_zero` makes from the numerator of its expansion (such an expression
    expands to one of the same kind, and ``expand`` keeps its value).  None for anything else (numbers, floats,
    functions, irrational constants, fractional powers, indexed objects): the caller's steps decide those."""
    if not isinstance(expr, sp.Expr) or expr.has(sp.Float):
        return None
    gens = sorted(expr.free_symbols, key=sp.default_sort_key)
    if not gens or not all(isinstance(g, sp.Symbol) for g in gens):
        return None
    try:
        K, *_ = sp.field(gens, sp.QQ)
        return not K(expr)
    except (ValueError, TypeError, ArithmeticError, BasePolynomialError):  # not a rational function over Q
        return None


def _is_zero(expr) -> bool:
    """:func:`certificates.algebra.is_zero`, with trigonometric rewrites as further fallbacks.

    Before the simplifications (which only ever prove a zero, and try every rewrite before giving up on a
    non-zero residual), :func:`theory.companions.rigorous.shown_nonzero`: an expression whose ball enclosure
    at an exact point of its symbols' domain excludes 0 is not identically zero, so no simplification could
    show it zero -- False, the answer the simplifications reach, without them.

    First, a rational function of its symbols over Q is decided in the field Q(symbols) (:func:`_field_zero`),
    without expanding it: the answer the expansion and :func:`certificates.algebra.rational_zero` give."""
    decided = _field_zero(expr)
    if decided is not None:
        return decided
    e = sp.expand(expr)
    if e == 0:
        return True
    decided = rational_zero(e)
    if decided is not None:
        return decided
    from theory.companions.rigorous import shown_nonzero

    if shown_nonzero(e):
        return False
    if sp.cancel(sp.together(e)) == 0:
        return True
    return simplify(e) == 0 or simplify(sp.expand_trig(e)) == 0 or sp.trigsimp(e) == 0


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

    certs: list[Certificate] = []
    for info in pkgutil.iter_modules(path):
        if info.name.startswith("_"):
            continue
        mod = importlib.import_module(f"{package}.{info.name}")
        certs.extend(getattr(mod, "CERTIFICATES", ()))
    return sorted(certs, key=lambda c: position(c.id))


def derived(
    c: Checks, name: str, f: Callable[..., float], inputs: Sequence[str], printed: str, note: str = "", **grade
) -> bool:
    """``f(*inputs)`` (inputs are printed numbers, as strings) must reach ``printed`` for some inputs
    within their own rounding (interval propagation: :func:`certificates.printed.attainable`).

    Fast path (same verdict, no search): when ``f`` at the printed inputs taken as exact already rounds to
    ``printed``, the printed output is attained at a point of the input box (its centre), so the range
    search is skipped and the row says so."""
    x0 = [float(x) for x in inputs]
    try:
        v0 = float(f(*x0))
    except (ArithmeticError, ValueError):
        v0 = float("nan")
    if agrees(v0, printed):
        return c.add(
            name,
            True,
            float(f"{v0:.6g}"),
            printed,
            (note + "; " if note else "") + "attained at the printed inputs taken as exact",
            **grade,
        )
    return c.attainable(name, f, inputs, printed, note, **grade)
