"""One template source, compiled: its parse, the names it reads, the card fields that decide it, and the
compiled template or expression, each made when first asked for and then kept."""

from __future__ import annotations

from functools import cached_property

from jinja2 import Environment, Template, TemplateSyntaxError, nodes
from jinja2.environment import TemplateExpression

DICT_METHODS = frozenset(dir(dict))
CardInputs = tuple[tuple[str, ...], bool]  # the card fields read, and whether the card's index is


class Compiled:
    """A template source and what is made of it. A part that cannot be made (a syntax error) is not kept:
    asking again raises again, so every use reports it."""

    def __init__(self, env: Environment, source: str) -> None:
        self.env, self.source = env, source

    @cached_property
    def parsed(self) -> nodes.Template | None:
        """The syntax tree, or None if the source does not parse (rendering it reports why)."""
        try:
            return self.env.parse(self.source)
        except (TemplateSyntaxError, ValueError):  # ValueError: a number of more digits than Python reads (4,300)
            return None

    @cached_property
    def names(self) -> tuple[str, ...] | None:
        """The names the source reads (some may be its own variables: asking for more is safe); None if it
        does not parse."""
        if self.parsed is None:
            return None
        return tuple(sorted({n.name for n in self.parsed.find_all(nodes.Name) if n.ctx == "load"}))

    @cached_property
    def card_inputs(self) -> CardInputs | None:
        """The card fields and whether the card's index decide the text (given the game's parameters); None
        when it uses the card as a whole, so nothing short of the card itself decides it."""
        if "{" not in self.source:
            return (), False
        return None if self.parsed is None else _card_inputs(self.parsed)

    @cached_property
    def template(self) -> Template:
        """The template, compiled from the parse (raises TemplateSyntaxError if there is none)."""
        return self.env.from_string(self.parsed or self.source)

    @cached_property
    def expression(self) -> TemplateExpression:
        """The source compiled as an expression such as `dealt + reserve == deck_size`."""
        return self.env.compile_expression(self.source, undefined_to_none=False)


def _card_inputs(ast: nodes.Template) -> CardInputs | None:
    """The fields read as `card.name` or `card['name']`, and whether `index` is read; None if `card` is used
    any other way (passed whole to a filter, indexed by a variable)."""
    fields, reads = set(), 0
    for node in ast.find_all((nodes.Getattr, nodes.Getitem)):
        if not (isinstance(node, (nodes.Getattr, nodes.Getitem)) and isinstance(node.node, nodes.Name)
                and node.node.name == "card"):
            continue
        if isinstance(node, nodes.Getattr):
            if node.attr in DICT_METHODS:  # card.get('x'), card.items(): the card as a whole
                return None
            fields.add(node.attr)
        elif isinstance(node.arg, nodes.Const) and isinstance(node.arg.value, str):
            fields.add(node.arg.value)
        else:
            return None
        reads += 1
    names = [n.name for n in ast.find_all(nodes.Name)]
    if names.count("card") != reads:
        return None
    return tuple(sorted(fields)), "index" in names
