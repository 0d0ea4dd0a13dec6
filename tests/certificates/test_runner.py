"""Registry, runner isolation and renderers."""
import json
import xml.etree.ElementTree as ET

import pytest

from certificates import Certificate, Kind, Registry, RegistryError, Status, load_registry, run_all
from certificates.registry import verdict
from certificates.render import to_json, to_junit


def _boom():
    raise RuntimeError("kaput")


def _cert(cid, check, kind=Kind.NUMERIC):
    return Certificate(cid, cid, "Test", "test", kind, check, pack="test")


def test_exception_is_an_error_row_and_the_rest_still_run():
    reg = Registry([_cert("A", _boom), _cert("B", lambda: verdict(True, 1, 1, "ok")),
                    _cert("C", lambda: verdict(False, 2, 1, "no"))])
    res = run_all(reg)
    assert [r.status for r in res] == [Status.ERROR, Status.PASS, Status.FAIL]
    assert "RuntimeError: kaput" in res[0].detail
    doc = json.loads(to_json(res))
    assert (doc["passed"], doc["failed"], doc["errors"]) == (1, 1, 1)
    assert set(doc["certificates"][0]) >= {"id", "supports", "verifies", "kind", "status", "measured",
                                          "expected", "detail", "elapsed_s"}
    root = ET.fromstring(to_junit(res))
    assert root.get("tests") == "3" and root.get("failures") == "1" and root.get("errors") == "1"


def test_not_checkable_rows():
    c = Certificate("N", "n", "Rem 0", "scope", Kind.NOT_CHECKABLE, None, reason="scope remark")
    (r,) = run_all([c])
    assert r.status is Status.NOT_CHECKABLE and r.detail == "scope remark"


def test_registry_lookup_and_duplicates():
    reg = load_registry("psa")
    assert reg.get("c7").id == "C7"
    table10 = [f"C{i}" for i in range(1, 11)]
    assert [c.id for c in reg if c.id in table10] == table10  # in paper order, among the others
    with pytest.raises(RegistryError):
        reg.get("C99")
    with pytest.raises(RegistryError):
        Registry([_cert("X", _boom), _cert("x", _boom)])
    with pytest.raises(RegistryError):
        load_registry("no-such-pack")


def test_json_values_are_plain():
    import numpy as np

    from certificates.render import jsonable

    assert jsonable({"a": np.float64(1.5), "b": (np.int64(2), float("nan")), "c": np.arange(2)}) == \
        {"a": 1.5, "b": [2, None], "c": [0, 1]}
