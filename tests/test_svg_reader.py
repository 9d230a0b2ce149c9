"""svglib's reader loaded without svglib's command line or the whole of Platypus, which stay whole to any other
user of the packages in the same process."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

CHECK = """
import sys
from deckpress.load.svg_reader import svg_reader
drawing = svg_reader()(__import__("io").BytesIO(b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
                                                   b'<rect width="5" height="5"/></svg>'))
assert drawing is not None and drawing.width > 0, drawing
assert "reportlab.platypus.paragraph" not in sys.modules and "importlib.metadata" not in sys.modules
from reportlab.platypus import Paragraph, SimpleDocTemplate
import svglib
assert Paragraph.__module__ == "reportlab.platypus.paragraph" and svglib.__version__ and svglib.svg2pdf
"""


def test_the_reader_loads_lean_and_the_packages_complete_when_asked() -> None:
    done = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


def test_a_bare_package_whose_init_fails_says_its_own_error_every_time(tmp_path, monkeypatch) -> None:
    from deckpress.load.svg_reader import _bare

    (tmp_path / "broken_pack").mkdir()
    (tmp_path / "broken_pack" / "__init__.py").write_text("raise RuntimeError('init failed')\nx = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "broken_pack", raising=False)
    module = _bare("broken_pack")
    assert module is not None
    with pytest.raises(RuntimeError, match="init failed"):
        module.x  # the first name asked runs its __init__  # noqa: B018
    with pytest.raises(RuntimeError, match="init failed"):
        importlib.import_module("broken_pack")  # and an import after it runs it again: its own error, not a half module
    assert "broken_pack" not in sys.modules
