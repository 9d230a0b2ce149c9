"""`when:` an element shown only on some cards: drawn and read where its template gives true, left out where it
gives false; anything else is a finding naming the element and the card, at the `when:` value."""

from __future__ import annotations

from deckpress.findings import Findings, echoed
from deckpress.model import Card, Element
from deckpress.templating import CardText

TRUE, FALSE = "true", "false"


def shown(texts: CardText, card: Card, element: Element, findings: Findings) -> bool:
    """Whether the element is on this card: its `when` (none: always) gives true. A problem hides it."""
    source = element.when
    if source is None:
        return True
    label, loc = card.label or str(card.index), element.at("when")
    said = texts.render(source, loc, findings, f"element {element.name}", label)
    word = None if said is None else said.strip().lower()
    if word in (TRUE, FALSE):
        return word == TRUE
    if said is not None:
        findings.error(loc, f"element {element.name}: when must give true or false", label,
                       f"'{echoed(said.strip())}'")
    return False

