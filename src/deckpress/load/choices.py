"""A card's `choice` field: one of its list parameter's values, a number and its text taken as one (`2` is
`"2"` when the choices are texts, `"2"` is `2` when they are numbers). A wrong value many cards give is one
finding at the first, naming the cards."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from deckpress.findings import Findings, Loc, listed
from deckpress.hints.spelling import did_you_mean
from deckpress.load.schema import describe
from deckpress.load.sources import Node
from deckpress.model import Card, FieldSpec


def plain_choice(value: Any) -> bool:
    """Text or a number: what a choice can be written as (a mapping or a list is as_text's to report)."""
    return isinstance(value, (str, int, float)) and not isinstance(value, bool) and str(value).strip() != ""


def chosen(value: Any, options: list[Any]) -> Any:
    """The option `value` names, as the parameter holds it (the same value first, else the same text); None if
    none does."""
    same = [o for o in options if o == value and type(o) is type(value)]
    texts = [o for o in options if not isinstance(o, bool) and str(o) == str(value)]
    return (same + texts)[0] if same or texts else None


@dataclass
class Choices:
    """The choice fields of one card file being read: wrong values gathered, said once each by `report`."""

    findings: Findings
    wrong: dict[tuple[str, str], tuple[Loc, str, list[str]]] = field(default_factory=dict)

    def value(self, spec: FieldSpec, node: Node, card: Card, options: Any) -> Any:
        if not isinstance(options, list):
            self.findings.error(spec.loc, f"field {spec.name}: parameter '{spec.choices_from}' must be a list")
            return node.value
        found = chosen(node.value, options)
        if found is None:
            shown = [str(o) for o in options]
            message = (f"{spec.name} must be one of {', '.join(shown)}, got {describe(node.value)}"
                       f"{did_you_mean(str(node.value), shown)}")
            self.wrong.setdefault((spec.name, message), (node.loc, message, []))[2].append(str(card.index))
        return found

    def report(self) -> None:
        """Each wrong value once, at the first card giving it; more cards are named (`cards 1, 4, 9 and 25 more`)."""
        for loc, message, cards in self.wrong.values():
            self.findings.error(loc, message + (f" (cards {listed(cards)})" if len(cards) > 1 else ""))
        self.wrong.clear()
