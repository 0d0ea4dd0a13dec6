"""Text strategies of the fuzz tests: Hypothesis's ``st.text()``, without its first-use cost.

``st.text()`` draws from ``st.characters(codec="utf-8")``: every code point that UTF-8 can encode,
which is every code point but the surrogates (U+D800-U+DFFF, category ``Cs``).  Hypothesis finds that
set by encoding each of the 1,114,112 code points once per storage directory (its
``.hypothesis/unicode_data/<version>/codec-utf-8.json.gz``, absent from a clean clone): 1.3-2.3 s
of CPU in the first test that draws text, about 2.3 s of a clean clone's fast tier.
``st.characters(exclude_categories=("Cs",))`` is the same set read from the Unicode category table
that Hypothesis builds anyway (0.1 s): the same intervals, so the same examples for the same seed
(``tests/fuzz/test_fuzz_coverage.py`` checks the set; 300 seeded examples of ``text(max_size=200)``
and of ``text(max_size=4)`` were equal, string for string, when this was written).
"""

from __future__ import annotations

from hypothesis import strategies as st

#: The characters of ``st.text()``: every code point but the surrogates.
UTF8_CHARACTERS = st.characters(exclude_categories=("Cs",))


def text(max_size: int) -> st.SearchStrategy[str]:
    """``st.text(max_size=max_size)``: the same strings (see the module docstring)."""
    return st.text(UTF8_CHARACTERS, max_size=max_size)
