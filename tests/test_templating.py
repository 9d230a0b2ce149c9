"""Card text is rendered once per distinct input: the memo must never hand one card another card's text."""

from __future__ import annotations

from deckpress.findings import Findings, Loc
from deckpress.templating import Templates

LOC = Loc("layouts/standard/lot-card.yaml", 3, 5)


def render_all(source: str, cards: list[dict], params: dict | None = None) -> list[str | None]:
    templates, findings = Templates(), Findings()
    params = params if params is not None else {"word": {1: "one", 2: "two"}}
    return [templates.card(params, card, i).render(source, LOC, findings) for i, card in enumerate(cards, 1)]


def test_the_inputs_of_a_card_template_are_the_fields_it_reads():
    templates = Templates()
    assert templates.inputs("{{ card.points }} point{{ '' if card['points'] == 1 else 's' }}") == (("points",), False)
    assert templates.inputs("{{ pictograms[card.collection] }} {{ index }}") == (("collection",), True)
    assert templates.inputs("{{ card | length }}") is None  # the whole card: no shortcut
    assert templates.inputs("{% for k in card %}{{ k }}{% endfor %}") is None
    assert templates.inputs("{{ card[name] }}") is None
    assert templates.inputs("plain text") == ((), False)


def test_cards_that_differ_in_a_field_read_get_their_own_text():
    cards = [{"points": 1, "name": "a"}, {"points": 2, "name": "b"}, {"points": 1, "name": "c"}]
    assert render_all("{{ word[card.points] }}", cards) == ["one", "two", "one"]
    assert render_all("{{ card.name }}-{{ index }}", cards) == ["a-1", "b-2", "c-3"]
    assert render_all("{{ card | length }}{{ card.name }}", cards) == ["2a", "2b", "2c"]


def test_a_field_a_card_lacks_is_still_an_error_after_a_card_that_has_it():
    templates, findings = Templates(), Findings()
    params: dict = {}
    assert templates.card(params, {"extra": None}, 1).render("{{ card.extra }}", LOC, findings) == "None"
    assert templates.card(params, {}, 2).render("{{ card.extra }}", LOC, findings) is None
    assert [f.message for f in findings] == ["no field 'extra'; the card has no fields"]


def test_the_same_template_under_other_parameters_is_rendered_afresh():
    templates, findings = Templates(), Findings()
    card = {"points": 1}
    first = templates.card({"word": {1: "one"}}, card, 1).render("{{ word[card.points] }}", LOC, findings)
    second = templates.card({"word": {1: "uno"}}, card, 1).render("{{ word[card.points] }}", LOC, findings)
    assert (first, second) == ("one", "uno")


def test_a_template_that_uses_the_card_as_a_mapping_is_rendered_for_each_card():
    cards = [{"name": "Ann"}, {"name": "Bob"}]
    assert render_all("{{ card.get('name') }}/{{ card.values() | join(',') }}", cards) == ["Ann/Ann", "Bob/Bob"]


def test_values_equal_in_python_but_printed_differently_are_remembered_apart():
    templates, findings = Templates(), Findings()
    shown = [templates.render("{{ item }}", {"item": v}, LOC, findings) for v in (1, True, 1.0)]
    assert shown == ["1", "True", "1.0"]


def test_a_source_is_compiled_once_however_it_is_used_and_a_broken_one_reports_each_time():
    templates, findings = Templates(), Findings()
    assert [templates.render("{{ n }}", {"n": n}, LOC, findings) for n in (1, 2)] == ["1", "2"]
    assert templates.card({}, {"n": 3}, 1).render("{{ n }}", LOC, findings) is None  # n is the card's, not a name
    assert templates.evaluate("n + 1", {"n": 1}, LOC, findings) == 2
    assert templates.inputs("{{ n }}") == ((), False)
    assert set(templates.compiled) == {"{{ n }}", "n + 1"}
    again = Findings()
    assert templates.render("{{ n ", {"n": 1}, LOC, findings) is None
    assert templates.render("{{ n ", {"n": 1}, LOC, again) is None
    assert [f.message for f in again] == [f.message for f in findings][-1:]
    assert findings[-1].message.startswith("template syntax: ")


def test_a_syntax_error_on_a_later_line_of_a_block_text_is_said_on_that_line(tmp_path):
    """A block text's first line is the one after `|-`: an error on its second line was said a line above it."""
    rules = tmp_path / "rules.yaml"
    rules.write_text("a:\n  text: |-\n    First line,\n    then {{ n }\n  folded: First line,\n    then {{ n }\n",
                     encoding="utf-8")
    for at, line in ((Loc(str(rules), 2, 9), 4), (Loc(str(rules), 5, 11), 6)):
        findings = Findings()
        assert Templates().render("First line,\nthen {{ n }", {"n": 1}, at, findings) is None
        assert [(f.loc.line, f.loc.col) for f in findings] == [(line, 1)], findings


def test_a_sum_of_a_number_and_words_says_that_filters_bind_first():
    """`{{ teams | length - 1 | words }}` subtracts the word "one": say so, not Python's operand types."""
    findings = Findings()
    assert Templates().render("{{ teams | length - 1 | words }}", {"teams": [1, 2, 3]}, Loc("rules.yaml", 2, 10),
                              findings) is None
    assert [str(f) for f in findings] == [
        "rules.yaml:2:10: error: '-' cannot take a number and text: a filter applies before + - * /, so "
        "`x | length - 1 | words` reads as `x | length - (1 | words)`; write `(x | length - 1) | words`"]
