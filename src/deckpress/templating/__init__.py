"""Jinja for content text: sandboxed, strict about undefined names, errors as findings.

`Templates` renders text and evaluates expressions, holding one `Compiled` object per source and a memo of
rendered text; `CardText` renders a card layout's templates for one card. The sandbox (`sandbox`), the filters
(`filters`) and the wording of errors (`errors`) live beside them.
"""

from deckpress.templating.bounded import WIDE_FORMAT
from deckpress.templating.compiled import Compiled
from deckpress.templating.errors import find_in_file
from deckpress.templating.filters import ENTRIES, LANGUAGE, ORIGINS, TEXTS, counted, listed, nth, spelled
from deckpress.templating.sandbox import RUNTIME_ERRORS, NoFiles, Sandbox
from deckpress.templating.sizes import MAX_RESULT
from deckpress.templating.templates import CardText, Templates

__all__ = ["ENTRIES", "LANGUAGE", "MAX_RESULT", "ORIGINS", "RUNTIME_ERRORS", "TEXTS", "WIDE_FORMAT", "CardText",
           "Compiled", "NoFiles", "Sandbox", "Templates", "counted", "find_in_file", "listed", "nth", "spelled"]
