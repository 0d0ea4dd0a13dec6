"""The psa pack accounts for every one of the catalogue's 149 items."""

from certificates import Kind, load_registry
from theory.appendix import STATEMENTS as APPENDIX
from theory.catalogue import ITEMS
from theory.statement import all_statements


def test_every_catalogue_item_has_a_certificate():
    reg = load_registry("psa")
    ids = {c.id.lower() for c in reg}
    missing = [it.id for it in ITEMS if it.id.lower() not in ids]
    assert len(ITEMS) == 149
    assert missing == []


def test_every_certificate_belongs_to_a_catalogue_item():
    """A catalogue item, or an appendix section (``theory.appendix``: the appendix has no numbered
    statements; its tables are checked through the relations the paper prints, issue 27)."""
    bases = {it.id.lower() for it in ITEMS} | {st.id.lower() for st in APPENDIX}
    for c in load_registry("psa"):
        parts = c.id.lower().split(".")
        assert any(".".join(parts[:n]) in bases for n in range(len(parts), 0, -1)), c.id


def test_not_checkable_rows_give_a_reason_and_checkable_rows_a_check():
    for c in load_registry("psa"):
        if c.kind is Kind.NOT_CHECKABLE:
            assert c.check is None and len(c.reason) > 20, c.id
        else:
            assert c.check is not None, c.id


def test_dependencies_name_statements_of_the_paper():
    known = {it.id.lower() for it in ITEMS} | set(all_statements())
    for c in load_registry("psa"):
        for d in c.depends:
            assert d.lower() in known, (c.id, d)
