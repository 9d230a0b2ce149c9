"""A card's `choice` field: one of its list parameter's values, a number and its text taken as one (`2` is
`"2"` when the choices are texts, `"2"` is `2` when they are numbers). A wrong value many cards give is one
finding at the first, naming the cards."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from deckpress.findings import Findings, Loc, echoed, listed
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


MAX_SHOWN = 12  # options a finding lists; past that it names the parameter that holds them


@dataclass
class _Wrong:
    loc: Loc  # where the first card gives it
    spec: FieldSpec
    value: Any
    options: list[Any]
    cards: list[int] = field(default_factory=list)

    def message(self) -> str:
        shown = [str(o) for o in self.options]
        listed_options = ", ".join(shown[:MAX_SHOWN]) + (
            f" and {len(shown) - MAX_SHOWN} more of {self.spec.choices_from}" if len(shown) > MAX_SHOWN else "")
        more = f" (cards {listed([str(c) for c in self.cards])})" if len(self.cards) > 1 else ""
        return (f"{self.spec.name} must be one of {listed_options}, got {describe(self.value)}"
                f"{did_you_mean(str(self.value), shown)}{more}")


@dataclass
class Choices:
    """The choice fields of one card file being read: wrong values gathered, said once each by `report`."""

    findings: Findings
    wrong: dict[tuple[str, str], _Wrong] = field(default_factory=dict)  # by field and value

    def value(self, spec: FieldSpec, node: Node, card: Card, options: Any) -> Any:
        if not isinstance(options, list):
            self.findings.error(spec.loc, f"field {spec.name}: parameter '{echoed(spec.choices_from)}' must be a list")
            return node.value
        found = chosen(node.value, options)
        if found is None:  # said by `report`, once: the same wrong value may stand on thousands of cards
            key = (spec.name, repr(node.value))
            self.wrong.setdefault(key, _Wrong(node.loc, spec, node.value, options)).cards.append(card.index)
        return found

    def report(self) -> None:
        """Each wrong value once, at the first card giving it; more cards are named (`cards 1, 4, 9 and 25 more`)."""
        for wrong in self.wrong.values():
            self.findings.error(wrong.loc, wrong.message())
        self.wrong.clear()
