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


def _dist_of(name: str) -> str | None:
    found = registry.pack_entries().get(name, [])
    return found[0][0] if found else None


def test_a_distribution_name_is_parsed_once_and_again_when_its_metadata_changes(tmp_path, monkeypatch):
    """The name a pack's row gives for its distribution is its METADATA's, read again when the bytes
    of that file change (a distribution renamed in place), not parsed on every load of the registry."""
    monkeypatch.syspath_prepend(str(tmp_path))
    _register(tmp_path, "mod_a:load")
    parsed = []
    # the class whose metadata is parsed: the standard library's PathDistribution, or the
    # importlib_metadata backport's where an import (dask.distributed's) put its finder on sys.meta_path
    (ep,) = [e for e in registry._installed_entry_points() if e.name == "entrytest"]
    cls = type(ep.dist)
    real = cls.metadata

    def counted(self):
        parsed.append(self._path)
        return real.fget(self)

    monkeypatch.setattr(cls, "metadata", property(counted))
    assert _dist_of("entrytest") == "entrytest-pack"
    mine = [p for p in parsed if "entrytest" in str(p)]
    assert mine  # parsed the first time
    assert _dist_of("entrytest") == "entrytest-pack"
    assert [p for p in parsed if "entrytest" in str(p)] == mine  # not parsed again
    (tmp_path / "entrytest_pack-1.0.dist-info" / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: entrytest-renamed\nVersion: 1.0\n"
    )
    assert _dist_of("entrytest") == "entrytest-renamed"


def test_the_kept_names_are_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(
        registry, "_NAMES_READ", {(f"/nowhere/{i}", "METADATA", b"x" * 32): "x" for i in range(registry._NAMES_KEPT)}
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    _register(tmp_path, "mod_a:load")
    registry.pack_entries()
    assert len(registry._NAMES_READ) <= registry._NAMES_KEPT
    assert any("entrytest" in folder for folder, _, _ in registry._NAMES_READ)  # the newest is kept
    assert all(len(digest) == 32 for _, _, digest in registry._NAMES_READ)  # a digest, not the file
