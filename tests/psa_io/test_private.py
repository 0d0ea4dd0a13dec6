"""psa_io.private: the one check of a file or folder that must be the user's own (issue 26, item 3)."""

from __future__ import annotations

import os

import pytest

from psa_io import private


def test_problem_names_each_reason(tmp_path):
    d = tmp_path / "d"
    d.mkdir(mode=0o700)
    os.chmod(d, 0o700)
    assert private.problem(os.lstat(d), folder=True, others=private.WRITE_BY_OTHERS) is None
    assert "not a regular file" in private.problem(os.lstat(d), folder=False, others=0o077)
    os.chmod(d, 0o757)
    assert "writable by others (mode 757)" in private.problem(os.lstat(d), folder=True, others=0o022)
    f = tmp_path / "f"
    f.write_text("x")
    os.chmod(f, 0o640)
    assert "readable or writable by others" in private.problem(os.lstat(f), folder=False, others=0o077)
    assert "not a folder" in private.problem(os.lstat(f), folder=True, others=0o022)
    link = tmp_path / "link"
    link.symlink_to(d)
    assert "symlink" in private.problem(os.lstat(link), folder=True, others=0o022)


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() != 0, reason="chown to another uid needs root")
def test_another_owner_is_refused(tmp_path):
    d = tmp_path / "theirs"
    d.mkdir(mode=0o700)
    os.chown(d, 4242, 4242)
    assert "another user (uid 4242)" in private.problem(os.lstat(d), folder=True, others=0o022)
    assert "another user" in private.private_folder(str(d))


def test_private_folder_makes_a_0700_folder(tmp_path):
    new = tmp_path / "a" / "b"
    assert private.private_folder(str(new)) is None
    assert (os.lstat(new).st_mode & 0o777) == 0o700
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert "cannot be made" in private.private_folder(str(blocker / "x"))
