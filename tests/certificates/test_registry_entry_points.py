"""certificates.registry: the installed entry points are parsed again only when what they are read
from has changed (a process that loads the registry many times, e.g. a test session or a notebook)."""

from __future__ import annotations

from importlib import metadata

from certificates import registry


def _register(root, target: str) -> None:
    info = root / "entrytest_pack-1.0.dist-info"
    info.mkdir(exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: entrytest-pack\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[{registry.ENTRY_POINT_GROUP}]\nentrytest = {target}\n")


def _target() -> str | None:
    found = registry.pack_entries().get("entrytest", [])
    return found[0][1].value if found else None


def test_unchanged_metadata_is_not_parsed_again():
    first = registry._installed_entry_points()
    assert registry._installed_entry_points() is first


def test_a_pack_added_or_edited_at_once_is_seen(tmp_path, monkeypatch):
    assert _target() is None
    monkeypatch.syspath_prepend(str(tmp_path))
    _register(tmp_path, "mod_a:load")
    assert _target() == "mod_a:load"
    _register(tmp_path, "mod_b:load")  # the same size, written at once: the bytes differ
    assert _target() == "mod_b:load"
    (tmp_path / "entrytest_pack-1.0.dist-info" / "entry_points.txt").unlink()
    assert _target() is None


def test_a_replaced_entry_points_function_is_asked(monkeypatch):
    registry._installed_entry_points()  # something read before
    fake = metadata.EntryPoint(name="entrytest", value="mod_c:load", group=registry.ENTRY_POINT_GROUP)
    monkeypatch.setattr(metadata, "entry_points", lambda group=None: [fake] if group else [])
    assert registry._installed_entry_points() == (fake,)
