"""certificates.pristine sits below the registry and the runner (no import cycle, tests/test_architecture.py):
what its template does with a request (certificates.pristine_serve.answer, the runner's machinery) is handed
over when ``certificates`` is imported, and without it no template is started and the run says why."""

from __future__ import annotations

from certificates import pristine, pristine_serve
from tests.test_architecture import ROOT, imports_of, module_files


def test_pristine_imports_nothing_of_the_toolkit_but_the_workers():
    modules = module_files(ROOT)
    mine = ("certificates.pristine", "certificates.registry", "certificates.pristine_serve", "certificates")
    graph = {m: imports_of(m, modules[m], modules, False) for m in mine}
    assert graph["certificates.pristine"] <= {"certificates.workers"}
    assert "certificates.pristine" in graph["certificates.registry"]  # the registry calls it before a pack loads
    assert {"certificates.runner", "certificates.memo", "certificates.pristine"} <= graph["certificates.pristine_serve"]
    assert graph["certificates"] >= {"certificates.pristine_serve"}  # the package hands the answer over


def test_the_template_gets_its_answer_on_import_and_without_it_is_not_started(monkeypatch):
    assert pristine._HANDLER[0] is pristine_serve.answer
    for name, value in (("_HANDLER", [None]), ("_THIRD_PARTY", [False]), ("_BROKEN", [None]), ("_TEMPLATE", [None])):
        monkeypatch.setattr(pristine, name, value)
    pristine.before_third_party()  # no fork: the template could not answer
    assert pristine.active() and pristine._TEMPLATE[0] is None
    said: dict[int, dict] = {}
    pristine.run(
        [("psa", "eq1")],
        jobs=1,
        timeout=None,
        times={},
        memory_limit=None,
        answer=lambda n, msg: said.setdefault(n, msg),
        tick=lambda: None,
    )
    assert "certificates.pristine_serve was not imported" in said[0]["lost"]
