"""psa_io.safe: values from a pack's check made plain defensively (issue 18, item 3)."""

from __future__ import annotations

import math

import pytest

from psa_io.safe import MAX_TEXT, Unrepresentable, plain_value, safe_text


class _BadStr:
    def __str__(self):
        raise RuntimeError("no")


class _BadMessage(Exception):
    def __str__(self):
        raise ValueError("not even this")


def test_plain_values_pass_through_and_non_finite_floats_are_kept():
    v = plain_value({"a": (1, 2.5), "b": {3, 1}, ("k", 1): None, 2: [True, "x"], "n": float("nan")})
    assert v["a"] == [1, 2.5] and v["b"] == [1, 3] and v["('k', 1)"] is None and v["2"] == [True, "x"]
    assert math.isnan(v["n"])


@pytest.mark.parametrize(
    "value, words",
    [
        (10**5000, "an integer of about 5,001 digits"),
        (_BadStr(), "whose text cannot be made"),
        ({_BadStr(): 1}, "a key whose text cannot be made"),
    ],
    ids=["huge-int", "failing-str", "failing-key"],
)
def test_what_cannot_be_shown_is_unrepresentable_with_the_reason(value, words):
    with pytest.raises(Unrepresentable, match=words):
        plain_value(value, "measured")


def test_cycles_depth_and_size_are_bounded(monkeypatch):
    from psa_io import safe

    monkeypatch.setattr(safe, "MAX_ITEMS", 20_000)  # the default (a million) takes seconds to reach
    a: list = []
    a.append(a)
    with pytest.raises(Unrepresentable, match=r"measured\[0\]: contains itself"):
        plain_value(a, "measured")
    d: dict = {}
    d["self"] = d
    with pytest.raises(Unrepresentable, match="contains itself"):
        plain_value(d)
    deep: list = []
    for _ in range(200):
        deep = [deep]
    with pytest.raises(Unrepresentable, match="nested more than"):
        plain_value(deep)
    shared = [0]
    for _ in range(40):  # 2**40 items when expanded: refused by the item budget, quickly
        shared = [shared, shared]
    with pytest.raises(Unrepresentable, match="items in all"):
        plain_value(shared)
    same = [1, 2]
    assert plain_value([same, same]) == [[1, 2], [1, 2]]  # shared, not a cycle
    assert plain_value([0.5] * 15_000 + [1]) and plain_value([[0.5] * 15_000]) == [[0.5] * 15_000]
    with pytest.raises(Unrepresentable, match="items in all"):
        plain_value([[0.5] * 15_000, [1] * 15_000])


def test_long_strings_are_cut_and_surrogates_escaped():
    s = plain_value("x" * (MAX_TEXT + 10))
    assert len(s) < MAX_TEXT + 100 and s.endswith("[10 more characters not shown]")
    assert plain_value("a\udc80b") == "a\\udc80b"
    assert plain_value("a\udc80b").encode("utf-8")


def test_safe_text_never_raises():
    assert "cannot be shown" in safe_text(_BadStr())
    assert "cannot be shown" in safe_text(_BadMessage())
    assert safe_text("y" * 50, limit=10).startswith("y" * 10) and "40 more" in safe_text("y" * 50, limit=10)
