"""The store key: where it lives, how it is made, which key files are refused."""

from __future__ import annotations

import os
import stat
import threading

import pytest

from montecarlo import storekey


@pytest.fixture
def cfg(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.delenv(storekey.ENV_KEY, raising=False)
    return tmp_path / "config" / "psa-toolkit" / "store.key"


def test_key_file_is_made_on_first_use_private_and_kept(cfg):
    assert not cfg.exists()
    k1 = storekey.store_key()
    assert cfg.is_file() and len(k1) == storekey.KEY_BYTES
    assert stat.S_IMODE(cfg.stat().st_mode) == 0o600
    assert stat.S_IMODE(cfg.parent.stat().st_mode) == 0o700
    assert cfg.read_text().strip() == k1.hex()
    assert storekey.store_key() == k1  # read back, not replaced
    assert [p.name for p in cfg.parent.iterdir()] == ["store.key"]  # no temporary file left


def test_default_location_without_xdg(monkeypatch, tmp_path):
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert storekey.key_file_path() == tmp_path / ".config" / "psa-toolkit" / "store.key"
    monkeypatch.setenv("XDG_CONFIG_HOME", "relative/dir")  # not absolute: ignored (XDG spec)
    assert storekey.key_file_path() == tmp_path / ".config" / "psa-toolkit" / "store.key"


def test_concurrent_first_use_agrees_on_one_key(cfg):
    keys = []
    threads = [threading.Thread(target=lambda: keys.append(storekey.store_key())) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(keys)) == 1 and keys[0] == storekey.store_key()


def test_environment_key_hex_or_text(cfg, monkeypatch):
    monkeypatch.setenv(storekey.ENV_KEY, "ab" * 32)
    assert storekey.store_key() == bytes.fromhex("ab" * 32)
    monkeypatch.setenv(storekey.ENV_KEY, "our team's shared secret")
    assert storekey.store_key() == b"our team's shared secret"
    assert not cfg.exists()  # the environment key needs no file


def test_sharing_the_key_file_contents_verifies_across_users(cfg, monkeypatch):
    tag = storekey.sign(b"record", "sweep-point")
    monkeypatch.setenv(storekey.ENV_KEY, cfg.read_text().strip())  # a teammate holding the same key
    assert storekey.verify(b"record", tag, "sweep-point")
    monkeypatch.setenv(storekey.ENV_KEY, "ff" * 32)  # someone else
    assert not storekey.verify(b"record", tag, "sweep-point")


def test_signatures_are_bound_to_the_kind_and_the_bytes():
    key = b"k" * 32
    tag = storekey.sign(b"abc", "sweep-point", key)
    assert storekey.verify(b"abc", tag, "sweep-point", key)
    assert not storekey.verify(b"abd", tag, "sweep-point", key)
    assert not storekey.verify(b"abc", tag, "mc-result", key)
    assert not storekey.verify(b"abc", None, "sweep-point", key)
    assert not storekey.verify(b"abc", 12, "sweep-point", key)
    assert not storekey.verify(b"abc", "é" * 64, "sweep-point", key)


def _plant(cfg, text="00" * 32, mode=0o600):
    cfg.parent.mkdir(parents=True, exist_ok=True)
    cfg.write_text(text)
    cfg.chmod(mode)


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o604, 0o620, 0o602])
def test_a_key_file_others_can_read_or_write_is_refused(cfg, mode):
    _plant(cfg, mode=mode)
    with pytest.raises(storekey.StoreKeyError) as exc:
        storekey.store_key()
    msg = str(exc.value)
    assert "\n" not in msg and "chmod 600" in msg and str(cfg) in msg
    assert cfg.read_text() == "00" * 32  # left as it was


def test_a_symlinked_key_file_is_refused(cfg, tmp_path):
    target = tmp_path / "elsewhere.key"
    target.write_text("00" * 32)
    target.chmod(0o600)
    cfg.parent.mkdir(parents=True)
    cfg.symlink_to(target)
    with pytest.raises(storekey.StoreKeyError, match="symlink"):
        storekey.store_key()


def test_a_key_file_that_is_not_a_regular_file_is_refused(cfg):
    cfg.parent.mkdir(parents=True)
    os.mkfifo(cfg, 0o600)  # would block a naive read
    with pytest.raises(storekey.StoreKeyError, match="not a regular file"):
        storekey.store_key()
    os.unlink(cfg)
    cfg.mkdir(mode=0o700)
    with pytest.raises(storekey.StoreKeyError, match="not a regular file"):
        storekey.store_key()


def test_an_empty_or_oversized_key_file_is_refused_not_replaced(cfg):
    _plant(cfg, text="  \n")
    with pytest.raises(storekey.StoreKeyError, match="empty"):
        storekey.store_key()
    assert cfg.read_text() == "  \n"
    _plant(cfg, text="a" * (storekey.MAX_KEY_FILE_BYTES + 1))
    with pytest.raises(storekey.StoreKeyError, match="not a key"):
        storekey.store_key()


def test_an_unwritable_config_directory_is_one_line(cfg, tmp_path, monkeypatch):
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where a folder should be")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(blocker))
    with pytest.raises(storekey.StoreKeyError) as exc:
        storekey.store_key()
    assert "\n" not in str(exc.value) and "store key file" in str(exc.value) and str(blocker) in str(exc.value)


def test_the_trust_notice_is_printed_once_per_store(capsys):
    import io

    buf = io.StringIO()
    root = "/some/store/for/the/notice/test"
    storekey._ANNOUNCED.discard(root)
    assert storekey.announce_trust(root, buf) is True
    assert storekey.announce_trust(root, buf) is False
    assert buf.getvalue().count("\n") == 1 and root in buf.getvalue() and "--trust-store" in buf.getvalue()
