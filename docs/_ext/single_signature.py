"""One signature per function in the API pages: autodoc shows the implementation, not its overloads.

The laws are typed with ``@typing.overload`` pairs (a ``float`` for scalar input, an array
otherwise) so that a type checker knows what a call returns.  Autodoc renders every overload as
a signature of its own, which puts each function on the page two or three times; Sphinx has no
option to turn that off for functions.  This extension empties the overloads that Sphinx's
source analyser (:class:`sphinx.pycode.ModuleAnalyzer`) records, so autodoc falls back to the
implementation's signature (``gamma_c(dk: ArrayLike, T: ArrayLike, c: ArrayLike = C_CONDENSATION)
-> FloatOrArray``).  What a scalar call returns is said in each docstring's *Returns* section.

It also spells a type alias of ``autodoc_type_aliases`` by its name where it stands inside another
type (``tuple[FloatOrArray, FloatOrArray]``, ``ArrayLike | None``): Sphinx writes those as
``TypeAliasForwardRef('theory._types.FloatOrArray')``.
"""

from __future__ import annotations

import re
from typing import Any, Optional

from sphinx.application import Sphinx
from sphinx.pycode import ModuleAnalyzer

_original_analyze = ModuleAnalyzer.analyze


def _analyze_without_overloads(self: ModuleAnalyzer) -> None:
    _original_analyze(self)
    self.overloads = {}


_FORWARD_REF = re.compile(r"TypeAliasForwardRef\('~?(?:[\w.]*\.)?(\w+)'\)")


def unwrap_aliases(text: Optional[str]) -> Optional[str]:
    """``tuple[TypeAliasForwardRef('~a.B'), ...]`` -> ``tuple[B, ...]``.

    >>> unwrap_aliases("(m: TypeAliasForwardRef('~numpy.typing.ArrayLike') | None = None)")
    '(m: ArrayLike | None = None)'
    """
    return None if text is None else _FORWARD_REF.sub(r"\1", text)


def _process_signature(
    app: Sphinx,
    what: str,
    name: str,
    obj: Any,
    options: Any,
    signature: Optional[str],
    return_annotation: Optional[str],
) -> Optional[tuple[Optional[str], Optional[str]]]:
    if not (signature and "TypeAliasForwardRef" in signature) and not (
        return_annotation and "TypeAliasForwardRef" in return_annotation
    ):
        return None
    return unwrap_aliases(signature), unwrap_aliases(return_annotation)


def setup(app: Sphinx) -> dict[str, Any]:
    ModuleAnalyzer.analyze = _analyze_without_overloads  # type: ignore[method-assign]
    app.connect("autodoc-process-signature", _process_signature)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
