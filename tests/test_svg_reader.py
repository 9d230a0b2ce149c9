"""svglib's reader loaded without svglib's command line or the whole of Platypus, which stay whole to any other
user of the packages in the same process."""

from __future__ import annotations

import subprocess
import sys

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
