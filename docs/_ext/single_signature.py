"""One signature per function in the API pages: autodoc shows the implementation, not its overloads.

The laws are typed with ``@typing.overload`` pairs (a ``float`` for scalar input, an array
otherwise) so that a type checker knows what a call returns.  Autodoc renders every overload as
a signature of its own, which puts each function on the page two or three times; Sphinx has no
option to turn that off for functions.  This extension empties the overloads that Sphinx's
source analyser (:class:`sphinx.pycode.ModuleAnalyzer`) records, so autodoc falls back to the
implementation's signature (``gamma_c(dk: ArrayLike, T: ArrayLike, c: ArrayLike = C_CONDENSATION)
-> FloatOrArray``).  What a scalar call returns is said in each docstring's *Returns* section.
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx
from sphinx.pycode import ModuleAnalyzer

_original_analyze = ModuleAnalyzer.analyze


def _analyze_without_overloads(self: ModuleAnalyzer) -> None:
    _original_analyze(self)
    self.overloads = {}


def setup(app: Sphinx) -> dict[str, Any]:
    ModuleAnalyzer.analyze = _analyze_without_overloads  # type: ignore[method-assign]
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
