"""The example notebooks (examples/*.ipynb) run top to bottom in a fresh kernel, and are stored clean.

Executed with nbclient (what ``jupyter nbconvert --execute`` uses) in the ``python3`` kernel,
in a temporary working directory.  Outputs are stripped in git: a test asserts it.
"""

from __future__ import annotations

import pathlib

import pytest

nbformat = pytest.importorskip("nbformat")

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples"
NOTEBOOKS = sorted(EXAMPLES.glob("*.ipynb"))


def test_there_are_example_notebooks():
    names = {p.stem for p in NOTEBOOKS}
    assert {"01_laws_and_band", "02_monte_carlo_vs_law", "03_certificates"} <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_is_stored_without_outputs(path):
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [], f"{path.name}: a code cell has stored outputs"
            assert cell.execution_count is None, f"{path.name}: a code cell has an execution count"


def _outputs(nb, kind: str) -> list:
    return [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if kind in o.get("data", {})]


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_executes(path, tmp_path):
    # imported here, by the slow tier only: nbclient loads jupyter_client, zmq and tornado (0.08 s
    # CPU in every fast-tier collection, for nothing); without it only these tests skip
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(
        nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    )
    client.execute()  # raises CellExecutionError on the first failing cell
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors
    assert all(c.execution_count for c in nb.cells if c.cell_type == "code")
    if path.stem.startswith("01"):
        assert len(_outputs(nb, "image/png")) >= 2  # the figures against dk and against T
    else:  # the results display as tables in a notebook
        html = [o["data"]["text/html"] for o in _outputs(nb, "text/html")]
        assert any("<table>" in h for h in html)
    if path.stem.startswith("03"):
        text = "".join(o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.outputs)
        assert "[substantive]" in text  # the findings are listed with their severity
