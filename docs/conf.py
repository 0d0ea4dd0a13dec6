"""Sphinx configuration of the psa-toolkit documentation.

Build (warnings are errors)::

    python -m sphinx -W --keep-going -b html docs docs/_build/html
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
# The toolkit's own sources first (so that a checkout documents itself, installed or not), then the
# local extension(s) in docs/_ext.
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE / "_ext"))

project = "psa-toolkit"
author = "psa-toolkit contributors"
copyright = "psa-toolkit contributors"

try:
    from importlib.metadata import version as _version

    release = _version("psa-toolkit")
except Exception:  # pragma: no cover - not installed
    release = "unknown"
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "numpydoc",
    "cli_reference",  # docs/_ext/cli_reference.py: the CLI reference generated from the parsers
    "mathml_math",  # docs/_ext/mathml_math.py: LaTeX -> MathML at build time (formulas work offline)
    "single_signature",  # docs/_ext/single_signature.py: one signature per function, not its overloads
]

# Mathematics: written as LaTeX (``:math:``, ``.. math::``), converted to MathML when the pages are
# built, drawn by the browser itself -- no MathJax, no network.
html_math_renderer = "mathml"

templates_path: list[str] = []
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
root_doc = "index"
default_role = "literal"
highlight_language = "none"

# autodoc: members in source order; the packages' __all__ decides what is public.
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
# Short names in signatures (``ArrayLike``, ``FloatOrArray``, not ``numpy.typing.ArrayLike``).
autodoc_typehints_format = "short"
autodoc_preserve_defaults = True
# The public API's type aliases (theory/_types.py) are shown by name, not expanded into their unions.
autodoc_type_aliases = {
    "ArrayLike": "~numpy.typing.ArrayLike",
    "FloatArray": "~theory._types.FloatArray",
    "FloatOrArray": "~theory._types.FloatOrArray",
}
autodoc_default_options = {"members": True}

# numpydoc: do not generate member tables (autodoc already lists the members).
numpydoc_show_class_members = False
numpydoc_show_inherited_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False

html_theme = "alabaster"
html_title = f"psa-toolkit {release}"
html_theme_options = {"page_width": "1100px", "sidebar_width": "240px"}
html_static_path = ["_static"]  # mathml.css

# ``certificates`` re-exports its registry's classes (``certificates.Certificate`` is
# ``certificates.registry.Certificate``) and the API reference documents both pages, so a type hint
# naming ``Certificate`` has two targets that are the same object: either link is right.
suppress_warnings = ["ref.python"]
