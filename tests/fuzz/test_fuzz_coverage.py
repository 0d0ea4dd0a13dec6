"""Fuzzing the coverage tokenizer and text parser (issue 27): on any text they never crash, the
numeral tokens are disjoint, lie inside their line and read as printed, and every class is one
of the six."""

from __future__ import annotations

import math
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from certificates.coverage.classify import CLASSES, classify
from certificates.coverage.numerals import tokenize
from certificates.coverage.text import parse
from tests.fuzz.text import UTF8_CHARACTERS, text
from tests.tiers import examples

# characters that matter to the tokenizer and the parser, plus anything else
_ALPHABET = st.sampled_from(
    list("0123456789.,{}$^_\\-+−%()[]|\t #ATableAppendix:eE ") + ["\\times", "\\cdot", "{,}", "10^{", "\n", "٣", "½"]
)
_TEXT = st.one_of(st.lists(_ALPHABET, max_size=200).map("".join), text(max_size=200))


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_TEXT)
def test_tokens_are_disjoint_inside_and_as_printed(text):
    paper = parse(text)
    toks = tokenize(paper.lines, in_math=paper.in_math)
    last = (0, -1)
    for t in toks:
        line = paper.lines[t.line - 1]
        assert 0 <= t.start < t.end <= len(line)
        assert line[t.start : t.end] == t.text
        assert (t.line, t.start) >= last  # in order, never overlapping
        last = (t.line, t.end)
        assert t.value is None or math.isfinite(t.value)
        assert any(c in "0123456789" for c in t.text)
    occ = classify(paper, toks)
    assert len(occ) == len(toks) and {o.klass for o in occ} <= set(CLASSES)
    assert all(o.section == paper.section_of(o.numeral.line).number for o in occ)


def test_the_text_alphabet_is_that_of_st_text():
    """:data:`tests.fuzz.text.UTF8_CHARACTERS` is ``st.text()``'s alphabet, ``characters(codec="utf-8")``:
    every code point UTF-8 encodes, i.e. all but the surrogates (so the examples are the same)."""
    try:
        from hypothesis.strategies._internal.lazy import unwrap_strategies

        intervals = unwrap_strategies(UTF8_CHARACTERS).intervals.intervals
    except (ImportError, AttributeError):  # another Hypothesis: its internals moved
        pytest.skip("this Hypothesis does not expose the intervals of a characters() strategy")
    assert tuple(intervals) == ((0, 0xD7FF), (0xE000, sys.maxunicode))
    for cp in (0, 0xD7FF, 0xE000, sys.maxunicode):
        chr(cp).encode("utf-8")
    for cp in (0xD800, 0xDBFF, 0xDC00, 0xDFFF):
        with pytest.raises(UnicodeEncodeError):
            chr(cp).encode("utf-8")
