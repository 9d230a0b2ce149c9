"""Templates do bounded work: every bomb is a finding in bounded time and memory, never a hang or a crash."""

from __future__ import annotations

import random
import resource
import time
from pathlib import Path

import pytest
from conftest import edit, line_of

from deckpress.findings import Findings, Loc
from deckpress.plugins.open_secret_exchange import routes
from deckpress.plugins.open_secret_exchange.routes import Market
from deckpress.templating import Templates, budget

BOMBS = [
    "{{ product(range(100000), range(100000)) | length }}",
    "{{ (['x' * 100000] * 100000) | join }}",
    "{{ ('x' * 100000) | replace('x', 'x' * 100000) }}",
    "{{ 'ab' | replace('', 'x' * 100000) }}",
    "{% for i in range(100000) %}{{ 'x' * 100000 }}{% endfor %}",
    "{{ '%*d' % (10**9, 1) }}",
    "{{ '{:>{}}'.format('x', 10**9) }}",
    "{% set ns = namespace(x='x' * 1000) %}{% for i in range(40) %}{% set ns.x = ns.x ~ ns.x %}{% endfor %}"
    "{{ ns.x | length }}",
    "{% set ns = namespace(x=[1] * 1000) %}{% for i in range(40) %}{% set ns.x = ns.x + ns.x %}{% endfor %}"
    "{{ ns.x | length }}",
    "{% set l = [1] %}{% for i in range(40) %}{{ l.extend(l) }}{% endfor %}",
    "{{ lipsum(1000, False, 100000, 100001) }}",
    "{{ ((2 ** 64) ** 64) ** 64 }}",
    "{% set ns = namespace(n=3) %}{% for i in range(40) %}{% set ns.n = ns.n * ns.n %}{% endfor %}{{ ns.n > 0 }}",
    # each a single allocation of gigabytes, made before any timer could stop it (a red team's, and their kin)
    "{{ ('\t' * 99999).expandtabs(30000) | length }}",
    "{{ ('x' * 99999).replace('x', 'y' * 99999) | length }}",
    "{{ ('x' * 99999).join(['y' * 99999] * 99999) | length }}",
    "{{ ('x' * 99999).join((['y'] * 99999) | map('string')) | length }}",
    "{{ ('x' * 99999).translate({120: 'y' * 99999}) | length }}",
    "{{ ('{0}' * 33333).format('y' * 99999) | length }}",
    "{{ ('{a}' * 33333).format_map({'a': 'y' * 99999}) | length }}",
    "{{ (('%s' * 33333) % (('y' * 99999,) * 33333)) | length }}",
    "{{ ('%s' * 33333) | format(*(['y' * 99999] * 33333)) | length }}",
    "{% set a = 'x' * 99999 %}" + "{% set a = a ~ a %}" * 16 + "{{ a | length }}",
    "{% set a %}{% for i in range(99999) %}{{ 'y' * 99999 }}{% endfor %}{% endset %}{{ a | length }}",
    "{{ ('\n' * 99999) | indent(99999, blank=true) | length }}",
    "{{ ['y' * 99999] * 99999 }}",
    "{{ (['y' * 99999] * 99999) | string | length }}",
    "{{ (['y' * 99999] * 99999) | tojson | length }}",
    "{{ ([['y'] * 99999] * 99999) | sum(start=[]) | length }}",
    "{{ [1] | batch(10**9, 0) | list | length }}",
    "{{ [1] | slice(10**9) | list | length }}",
    # a format's precision, a mapping key in brackets (a second review's)
    "{{ '%.1000000000f' % 1.0 }}",
    "{{ '%10.99999999f' % 1.0 }}",
    "{{ ('%((a))s' * 14000) % {'(a)': 'x' * 90000} }}",
    # a precision of no digits, a field's item by number (a third review's)
    "{% set x = ('%.s' ~ '%(a)99999s' * 5000) % {'a': 1} %}{{ x | length }}",
    "{{ ('%.s' + '%99999s' * 20) % ((1,) * 21) }}",
    "{{ ('{a[0]}' * 1000).format(a={0: 'x' * 99999, '0': ''}) | length }}",
    # a few times longer at each step of a chain (a review's)
    "{{ ('\\\\' * 99999) | pprint | pprint | pprint | length }}",
    "{{ ('<' * 30000) | e | string | e | length }}",
    "{{ ('ß' * 60000).upper() | length }}",
    "{{ ('x' * 99999) | wordwrap(1) | length }}",
    # a list of references to a long text, joined: measured, not written out first (a review's; 10 GB before)
    "{{ [['x' * 99999] * 99999] | join | length }}",
    # each step within the bounds, gigabytes together: stopped by the memory the render has taken
    "{% set l = [] %}{% for i in range(49999) %}{{ l.append('y' * 50000) }}{% endfor %}",
    "{% set d = {} %}{% for i in range(99999) %}{{ d.setdefault(i, 'y' * 99999) }}{% endfor %}",
]


@pytest.fixture
def capped():
    """A gigabyte more than the suite holds already: a bomb that got past the bounds fails here, not the machine."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    used = int(Path("/proc/self/statm").read_text().split()[0]) * resource.getpagesize()
    resource.setrlimit(resource.RLIMIT_AS, (used + (1 << 30), hard))
    yield
    resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


@pytest.mark.parametrize("source", BOMBS)
def test_a_template_that_would_build_a_huge_value_is_a_finding(source, capped):
    findings, start = Findings(), time.process_time()
    assert Templates().render_now(source, {}, Loc("rules.yaml", 3, 7), findings) is None
    assert time.process_time() - start < 1
    (finding,) = findings
    assert finding.loc.file == "rules.yaml"
    assert "template error" not in finding.message and "more memory than" not in finding.message, finding.message


def test_a_loop_that_runs_too_long_is_stopped_and_said_so(monkeypatch):
    monkeypatch.setattr(budget, "SECONDS", 0.3)
    findings, start = Findings(), time.process_time()
    nested = "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}"
    assert Templates().render_now(nested, {}, Loc("rules.yaml", 3, 7), findings) is None
    assert time.process_time() - start < 2
    assert "takes more than 0.3 seconds" in findings[0].message
    assert Templates().render_now("{{ 1 + 1 }}", {}, Loc("rules.yaml", 3, 7), findings) == "2"  # the timer is off


def test_texts_each_within_their_time_are_bounded_together(monkeypatch):
    """A text just under its 2 s on every card of a large deck ran for hours: the texts a build renders have their
    own time together, and once it is spent each text left is a finding (the memo does not hide it)."""
    monkeypatch.setattr(budget, "IN_ALL", 0.05)
    templates, findings = Templates(), Findings()
    slow = "{% for i in range(20000) %}{% endfor %}{{ card }}"  # a few milliseconds, a text of its own each card
    said = [templates.render(slow, {"card": n}, Loc("lots.yaml", 4, 9), findings) for n in range(200)]
    assert said[0] == "0" and said[-1] is None and templates.spent.seconds < 1
    (ran_out,) = [f for f in findings if "the texts have taken more than 0.05 seconds to work out in all" in f.message]
    assert templates.render("{{ 1 + 1 }}", {}, Loc("rules.yaml", 9, 1), findings) is None  # said where it ran out,
    assert [f.loc for f in findings] == [ran_out.loc]  # not again of each text after it
    assert Templates().render(slow, {"card": 7}, Loc("lots.yaml", 4, 9), findings) == "7"  # the next build's own


def test_a_text_stopped_by_its_time_is_not_worked_out_again_on_the_next_card(monkeypatch):
    """Stopped on one card, the same text took its seconds again on every card (a twelve-card game's check ran 94 s
    and was then stopped in all, said of texts with no fault): now refused at once, said again to each card's
    findings (a trial's may have heard it first) as one finding of the element, naming no card: a card it is
    refused on might have been quick (the build has failed either way)."""
    monkeypatch.setattr(budget, "SECONDS", 0.2)
    templates, trial, findings, start = Templates(), Findings(), Findings(), time.process_time()
    nested = "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{{ card }}{% endfor %}"
    assert templates.render(nested, {"card": 0}, Loc("card.yaml", 5, 9), trial, "title", "Suns 0") is None
    said = [templates.render(nested, {"card": n}, Loc("card.yaml", 5, 9), findings, "title", f"Suns {n}")
            for n in range(1, 40)]
    assert said == [None] * 39 and time.process_time() - start < 2
    (finding,) = findings
    assert finding.message.startswith("title: ") and "takes more than 0.2 seconds" in finding.message
    assert finding.card is None
    assert templates.render("{{ card }}", {"card": 3}, Loc("card.yaml", 6, 9), findings) == "3"  # the others run


def test_ordinary_text_still_renders():
    findings = Findings()
    source = ("{{ 'a {} b'.format(3) }} {{ 'x' | replace('x', 'y') }} {{ [1, 2] | join(', ') }} "
              "{{ product([1, 2], [3]) | length }} {{ 2 ** 10 }}")
    text = Templates().render_now(source, {}, Loc("r.yaml", 1, 1), findings)
    assert text == "a 3 b y 1, 2 2 1024" and not findings


@pytest.mark.parametrize("source, length", [
    ("{{ '%(f0)s / %(f1)s / %(f2)s' % card }}", 15_006),  # a mapping's fields: the three it names, not all ten
    ("{{ '{}\n\n{}'.format(card.f0, body) }}", 65_002),  # each field its own value, not the sum of them all
    ("{{ '{{}} %% {}'.format(body) }}", 60_006),  # braces and percent signs written, not fields
    ("{{ '{c[f0]} / {c[f1]} / {c[f2]}'.format(c=card) }}", 15_006),  # the items a field reads, not all the card
    ("{{ ('{0} ' * 19).format(card.f1) }}", 95_019),  # nineteen times a 5,000-character field: measured, kept
    ("{{ [body, card.f2] | join(' ') | length }}", 5),
])
def test_a_long_text_filled_in_once_is_not_taken_for_a_bomb(source, length):
    """A rule text of 60,000 characters in a format, a card's long fields by name: what they make, measured."""
    card, body, findings = {f"f{i}": "y" * 5000 for i in range(10)}, "z" * 60_000, Findings()
    text = Templates().render_now(source, {"card": card, "body": body}, Loc("r.yaml", 1, 1), findings)
    assert not findings and text is not None and (len(text) == length or text == str(length)), findings


def test_a_sheet_each_over_a_huge_list_is_a_finding_where_it_is_written(deckpress):
    path = Path("content/open-secret-exchange/sheets.yaml")
    edit(path, "each: product(range(1, markets + 1), desks)", "each: range(100000)")
    result = deckpress("check", "open-secret-exchange")
    assert result.status == 1
    assert f"{path.as_posix()}:{line_of(path, 'each: range(100000)')}:" in result.err
    assert "1-100 items" in result.err and "100,000 items" in result.err


def test_a_sheets_copies_of_long_tables_are_bounded_together(deckpress):
    """100 copies of a table of 500 rows, each within its bound: 50,000 rows laid out, past a minute and 1.25 GB."""
    path = Path("content/open-secret-exchange/sheets.yaml")
    edit(path, "each: product(range(1, markets + 1), desks)", "each: product(range(1, 13), desks)")
    edit(path, '{each: "range(1, 11)", text: "{{ item }}"}', '{each: "range(1, 491)", text: "{{ item }}"}')
    start = time.process_time()
    result = deckpress("check", "open-secret-exchange")
    assert result.status == 1 and time.process_time() - start < 5
    assert f"{path.as_posix()}:{line_of(path, 'each: product(range(1, 13)')}:9: error: sheet ledger: its 48 copies' " \
           f"tables would hold more than 5,000 rows together (copy 11 passes it): fewer copies or rows" in result.err


def test_a_deck_from_a_huge_range_is_a_finding(deckpress):
    path = Path("content/open-secret-exchange/game.yaml")
    edit(path, "from: range(1, slips + 1)", "from: range(100000)")
    result = deckpress("check", "open-secret-exchange")
    assert result.status == 1 and "100,000 cards, more than the 10,000" in result.err


def _market(desks: int, records: int, laps: int) -> Market:
    rng = random.Random(1)
    names = tuple(chr(ord("A") + i) for i in range(desks))
    owned = {d: tuple(f"{d}{i}" for i in range(1, records + 1)) for d in names}
    wants = {d: tuple(sorted(rng.sample([c for e in names if e != d for c in owned[e]], records))) for d in names}
    return Market(names, owned, wants, names * laps)


def test_a_market_too_large_to_decide_is_said_so_not_searched_for_ever(monkeypatch):
    big = _market(12, 10, 12)  # a route exists; finding it takes some 3 million matching steps
    assert routes.solve(big).solvable
    monkeypatch.setattr(routes, "SEARCH_WORK", 100_000)
    verdict = routes.solve(big)
    assert not verdict.solvable and not verdict.decided
    assert verdict.reason == "no route found within the search budget; the market is larger than deckpress decides"


def test_a_huge_market_count_costs_nothing_more(deckpress):
    edit(Path("content/open-secret-exchange/game.yaml"), "markets: 2", "markets: 1000000000")
    result = deckpress("check", "open-secret-exchange")
    assert result.status == 1 and "every market needs its own pattern" in result.err
