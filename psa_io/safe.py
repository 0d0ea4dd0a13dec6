"""Values from code the toolkit did not write, turned into plain data defensively.

A check's ``measured``, ``expected`` and evidence may be anything: a 5,000-digit integer, a list
that contains itself, an object whose ``str`` raises or never ends, a string of a gigabyte.  The
runner's worker converts them with :func:`plain_value` before they leave the worker, so that
nothing the parent renders can fail or explode:

* plain types come out as they are (None, bool, str, int, float -- NaN and infinities kept, the
  renderers say why they are ``null``), lists (tuples, sets sorted by their text, arrays through
  ``tolist``) and dicts (keys as text);
* any other object becomes its text (``other``, default ``str``);
* a string longer than :data:`MAX_TEXT` characters is cut, and says how much was cut; a lone
  surrogate is shown as its escape (no encoding can write one);
* :class:`Unrepresentable` (with the reason and where in the value) for what cannot be shown
  faithfully: a cycle, nesting deeper than :data:`MAX_DEPTH`, more than :data:`MAX_ITEMS` items or
  :data:`MAX_CHARS` characters in all, an integer of more digits than Python converts
  (:data:`MAX_INT_DIGITS`), an object whose ``str``/``tolist`` raises or returns something else.

:func:`safe_text` is the same for one piece of text (an exception's message): it never raises.
"""

from __future__ import annotations

import math
import numbers
import sys
from typing import Any, Callable

#: One string's length in characters; longer ones are cut (and say so).
MAX_TEXT = 100_000
#: Characters in all strings of one value together.
MAX_CHARS = 4_000_000
#: Items (every element of every list and dict, recursively) of one value.
MAX_ITEMS = 1_000_000
#: Nesting of lists and dicts.
MAX_DEPTH = 64
#: Decimal digits of an integer (Python's own limit for converting an int to text).
MAX_INT_DIGITS = getattr(sys, "get_int_max_str_digits", lambda: 4300)() or 4300


class Unrepresentable(ValueError):
    """A value the toolkit cannot show faithfully; the message says what and where."""


def _text(s: str) -> str:
    """An exact ``str`` (not a subclass) with lone surrogates shown as escapes, cut at MAX_TEXT."""
    s = str.__str__(s)
    if len(s) > MAX_TEXT:
        s = s[:MAX_TEXT] + f" ... [{len(s) - MAX_TEXT} more characters not shown]"
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        s = s.encode("utf-8", "backslashreplace").decode("utf-8")
    return s


def _describe_error(exc: BaseException) -> str:
    try:
        msg = str(exc)
    except BaseException:
        msg = "(its message cannot be shown either)"
    if not isinstance(msg, str):
        msg = "(its message is not text)"
    return f"{type(exc).__name__}: {_text(msg[:500])}" if msg else type(exc).__name__


def safe_text(value: Any, limit: int = MAX_TEXT) -> str:
    """``str(value)``, cut at ``limit`` characters; never raises (a failing ``str`` is described)."""
    try:
        s = value if isinstance(value, str) else str(value)
        if not isinstance(s, str):
            raise TypeError(f"__str__ returned {type(s).__name__}")
    except BaseException as exc:  # noqa: BLE001 - a hostile __str__ may raise anything
        if isinstance(exc, KeyboardInterrupt):
            raise
        return f"<{type(value).__name__} whose text cannot be shown: {_describe_error(exc)}>"
    s = _text(s)
    return s if len(s) <= limit else s[:limit] + f" ... [{len(s) - limit} more characters not shown]"


def plain_value(value: Any, where: str = "value", other: Callable[[Any], Any] = str) -> Any:
    """``value`` as plain data (see the module docstring); :class:`Unrepresentable` otherwise."""
    state = {"items": 0, "chars": 0}
    return _plain(value, where, other, state, set(), 0)


def _w(where: Any) -> str:
    """The place in the value, as text (built only for a message): ``measured.key[2]``."""
    parts = []
    while isinstance(where, tuple):
        where, suffix = where
        parts.append(f"[{suffix}]" if isinstance(suffix, int) else f".{suffix}")
    return (str(where) + "".join(reversed(parts)))[:200]


def _count(state: dict, where: Any, items: int = 0, chars: int = 0) -> None:
    state["items"] += items
    state["chars"] += chars
    if state["items"] > MAX_ITEMS:
        raise Unrepresentable(f"{_w(where)}: more than {MAX_ITEMS:,} items in all")
    if state["chars"] > MAX_CHARS:
        raise Unrepresentable(f"{_w(where)}: more than {MAX_CHARS:,} characters in all")


def _plain(value, where, other, state, path: set, depth: int) -> Any:
    if depth > MAX_DEPTH:
        raise Unrepresentable(f"{_w(where)}: nested more than {MAX_DEPTH} levels deep")
    _count(state, where, items=1)
    if value is None or isinstance(value, bool):
        return bool(value) if value is not None else None
    if isinstance(value, str):
        s = _text(value)
        _count(state, where, chars=len(s))
        return s
    if isinstance(value, numbers.Integral):
        try:
            n = int(value)
        except Exception as exc:
            reason = _describe_error(exc)
            raise Unrepresentable(f"{_w(where)}: an integer that cannot be converted ({reason})") from None
        digits = int(abs(n).bit_length() * math.log10(2)) + 1
        if digits > MAX_INT_DIGITS:
            raise Unrepresentable(f"{_w(where)}: an integer of about {digits:,} digits (more than {MAX_INT_DIGITS:,})")
        return n
    if isinstance(value, numbers.Real):
        try:
            return float(value)
        except Exception as exc:
            raise Unrepresentable(f"{_w(where)}: a number that cannot be converted ({_describe_error(exc)})") from None
    if isinstance(value, (dict, list, tuple, set, frozenset)):
        if id(value) in path:
            raise Unrepresentable(f"{_w(where)}: contains itself (a cycle)")
        path.add(id(value))
        try:
            return _container(value, where, other, state, path, depth)
        finally:
            path.discard(id(value))
    if hasattr(value, "tolist") and callable(value.tolist) and not isinstance(value, type):
        size = getattr(value, "size", 0)
        if isinstance(size, int) and size > MAX_ITEMS:
            raise Unrepresentable(f"{_w(where)}: an array of {size:,} items (more than {MAX_ITEMS:,})")
        try:
            items = value.tolist()
        except Exception as exc:
            raise Unrepresentable(f"{_w(where)}: tolist() raised {_describe_error(exc)}") from None
        if items is value:
            raise Unrepresentable(f"{_w(where)}: tolist() returned the object itself")
        return _plain(items, where, other, state, path, depth + 1)
    try:
        shown = other(value)
    except Exception as exc:
        raise Unrepresentable(
            f"{_w(where)}: a {_text(type(value).__name__)} whose text cannot be made ({_describe_error(exc)})"
        ) from None
    if not isinstance(shown, str):
        raise Unrepresentable(f"{_w(where)}: the text of a {_text(type(value).__name__)} is not a string")
    s = _text(shown)
    _count(state, where, chars=len(s))
    return s


def _container(value, where, other, state, path, depth):
    if isinstance(value, dict):
        out = {}
        for k, x in list(value.items()):
            key = _text(k) if isinstance(k, str) else _key_text(k, where)
            _count(state, where, chars=len(key))
            out[key] = _plain(x, (where, key), other, state, path, depth + 1)
        return out
    seq = list(value)
    if isinstance(value, (set, frozenset)):
        keyed = [(safe_text(x, 200), x) for x in seq]  # noqa: C416
        keyed.sort(key=lambda kx: kx[0])
        seq = [x for _, x in keyed]
    if all(type(x) is float for x in seq) or (
        all(type(x) is int for x in seq) and max(map(abs, seq), default=0).bit_length() <= 64
    ):  # an array's values: nothing to convert
        _count(state, where, items=len(seq))
        return seq
    return [_plain(x, (where, i), other, state, path, depth + 1) for i, x in enumerate(seq)]


def _key_text(key: Any, where: str) -> str:
    """A dict key as text (``str``, as JSON writers do), or Unrepresentable."""
    try:
        text = str(key)
    except Exception as exc:
        raise Unrepresentable(f"{_w(where)}: a key whose text cannot be made ({_describe_error(exc)})") from None
    if not isinstance(text, str):
        raise Unrepresentable(f"{_w(where)}: the text of a key is not a string")
    return _text(text)
