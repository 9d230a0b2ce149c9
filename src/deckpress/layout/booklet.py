"""The rules booklet: headed sections flowed down the pages, with page numbers."""

from __future__ import annotations

from dataclasses import dataclass, replace

from deckpress.findings import Loc, echoed
from deckpress.layout.context import Job
from deckpress.layout.lists.entries import Entry, entries
from deckpress.layout.page import MM, Drawing, Page
from deckpress.layout.slug import foot_mm, holds
from deckpress.layout.structure import nested, tagged
from deckpress.layout.text import Fitted, Typesetter, draw, measure
from deckpress.model import BookletLayout, Rules, Style

INDENT_MM = 5.0
FRAME_PAD_MM = 3.0


@dataclass
class Para:
    fitted: Fitted
    before: float = 0.0  # mm of space above, dropped at the top of a page
    indent: float = 0.0
    bullet: str | None = None  # a list item's label: its bullet or number
    label_at: float = 1.0  # mm from the margin to the label
    keep: bool = False  # keep whole on one page
    keep_with_next: bool = False
    frame: int | None = None  # paragraphs sharing a frame number are boxed together
    bar: bool = False  # a rule down the left, for worked examples
    loc: Loc | None = None  # where it was written, and what it is (for findings about the page)
    what: str = ""
    roles: tuple[str, ...] = ("P",)  # its structure, outermost first: a heading, a paragraph, a list's item
    joins: int = 0  # how many of the outer ones it shares with the paragraph before it (a list's later items)


def rules_pages(title: str, rules: Rules, layout: BookletLayout, job: Job) -> list[Page]:
    paper, ts = job.size, job.ts
    width = min(paper[0] - 2 * layout.margin, layout.max_line, ts.theme.max_line_mm)
    paras = _spaced(paragraphs(title, rules, layout, width, ts))
    pages = paginate(paras, layout, paper, width, ts, foot_mm(job.slug, ts.theme, paper, layout.margin))
    # the slug's room at the foot costs a page where its column leaves it room beside: set without that room only
    # where its pages, counted first (`placed`), are fewer
    if job.slug and len(pages) > 1 and placed(paras, layout.margin, paper[1] - layout.margin)[0] < len(pages):
        bare = paginate(paras, layout, paper, width, ts)
        if all(holds(d.page, job.slug, ts.theme) for d in bare):
            pages = bare
    return [p.page for p in pages]  # the slug line (deckpress.layout.slug) is each page's footer, or beside it


def paragraphs(title: str, rules: Rules, layout: BookletLayout, width: float, ts: Typesetter) -> list[Para]:
    s, gap = layout.styles, layout.paragraph_gap
    out: list[Para] = []

    def add(text: str | None, style: Style, what: str, indent: float = 0.0, **kw) -> None:  # type: ignore[no-untyped-def]
        if text:
            fitted = ts.lines(text, style, width - indent - (FRAME_PAD_MM * 2 if kw.get("frame") is not None else 0),
                              rules.placed.get(text, kw.get("loc", rules.loc)), what)
            if fitted is not None:
                out.append(Para(fitted, indent=indent, loc=kw.pop("loc", rules.loc), what=what, **kw))

    add(rules.kicker, s["kicker"], "kicker")
    add(title, s["title"], "title", before=1, roles=("H1",))
    add(rules.tagline, s["tagline"], "tagline", before=gap)
    for note in rules.notes:
        add(note, s["note"], "note", before=gap)
    top, last = min((section.level for section in rules.sections), default=1), 1  # the outermost level is H2
    for n, section in enumerate(rules.sections):
        style = s["part"] if section.level == 1 else s["heading"]
        frame = n if section.kind == "reminder" else None
        bar = section.kind == "example"
        opening = gap * (3 if section.level == 1 else 2)  # the space a section opens with, above its heading
        name = f"section '{section.heading or section.id}'"
        level = last = min(section.level - top + 2, last + 1, 6) if section.heading else last  # none skipped
        add(section.heading or None, style, f"heading '{echoed(section.heading)}'", before=opening, keep_with_next=True,
            frame=frame, keep=frame is not None, loc=section.loc, roles=(f"H{level}",))
        for paragraph in section.paragraphs:
            first = paragraph is section.paragraphs[0]
            add(paragraph, s["body"], name, before=gap if not first else 1 if section.heading else opening,
                indent=INDENT_MM if bar else 0, bar=bar, frame=frame, keep=frame is not None, loc=section.loc)
        before: Entry | None = None
        for entry in entries(section.items, section.numbered, lambda label: _width(ts, s["body"], label)):
            add(entry.text, s["body"], name, indent=entry.indent, bullet=entry.label, label_at=entry.label_at,
                before=1, loc=section.loc, roles=entry.roles, joins=entry.joins(before))
            before = entry
    add(rules.colophon, s["note"], "colophon", before=gap * 3)
    return out


def paginate(paras: list[Para], layout: BookletLayout, paper: tuple[float, float], width: float,
             ts: Typesetter, foot: float | None = None) -> list[Drawing]:
    """Flow the paragraphs down the pages, each line where `placed` puts it. A frame's padding is part of the
    flow, above its first line and below its last, so nothing set after a box runs into its border."""
    m = layout.margin
    count, places = placed(paras, m, paper[1] - (m if foot is None else foot))  # `foot`: the whole slug's room
    pages = [Drawing(paper) for _ in range(count)]
    frames: dict[tuple[int, int], list[float]] = {}  # (page, frame) -> [top, bottom]
    bars: dict[tuple[int, int], list[float]] = {}
    for i, (para, lines) in enumerate(zip(paras, places, strict=True)):
        own = _steps(para.fitted)[1]
        for k, (page, y) in enumerate(lines):
            d, first = pages[page], k == 0
            cont = [not first or n < para.joins for n in range(len(para.roles))]  # one element over its lines
            with d.made_by(para.loc, para.what), nested(d, para.roles[:-1], cont):
                x = m + para.indent + (FRAME_PAD_MM if para.frame is not None else 0)
                if para.bullet and first:
                    with tagged(d, "Lbl"):
                        draw(d, _one(para.fitted, para.bullet), m + para.label_at, y, width)
                with tagged(d, para.roles[-1], cont=cont[-1]):
                    draw(d, _one(para.fitted, para.fitted.lines[k]), x, y, width)
            if para.frame is not None:
                frames.setdefault((page, para.frame), [y, y])[1] = y + own
            if para.bar:
                bars.setdefault((page, i), [y, y])[1] = y + own
    _frames(pages, frames, bars, paras, m, width, ts)
    return pages


def placed(paras: list[Para], m: float, bottom: float) -> tuple[int, list[list[tuple[int, float]]]]:
    """How many pages the paragraphs take set from `m` down to `bottom` (mm), and where each of their lines goes:
    its page and its top. Nothing drawn: the pages a trial would take are counted before it is set."""
    count, y = 1, m
    places: list[list[tuple[int, float]]] = []
    for i, para in enumerate(paras):
        opens = para.frame is not None and (i == 0 or paras[i - 1].frame != para.frame)
        if i and paras[i - 1].frame is not None and paras[i - 1].frame != para.frame:
            y += FRAME_PAD_MM  # the frame above closes
        if y > m and y + para.before + _needed(paras, i) > bottom:
            count, y = count + 1, m
        y += (para.before if y > m else 0) + (FRAME_PAD_MM if opens else 0)
        step, own = _steps(para.fitted)
        lines = []
        for k in range(len(para.fitted.lines)):
            if y + step > bottom:  # a full leading's room: the slug below keeps the spacing too
                count, y = count + 1, m
            lines.append((count - 1, y))
            y += own if k == len(para.fitted.lines) - 1 else step
        places.append(lines)
    return count, places


def _frames(pages: list[Drawing], frames: dict[tuple[int, int], list[float]], bars: dict[tuple[int, int], list[float]],
            paras: list[Para], m: float, width: float, ts: Typesetter) -> None:
    """The reminder boxes round their paragraphs, and the rules down the left of worked examples."""
    for (page, frame), (top, end) in frames.items():
        first = next(p for p in paras if p.frame == frame)
        with pages[page].made_by(first.loc, f"the box of {first.what}"):
            pages[page].rect(m, top - FRAME_PAD_MM, width, end - top + 2 * FRAME_PAD_MM, ts.theme.line_pt * 2)
    for (page, i), (top, end) in bars.items():
        with pages[page].made_by(paras[i].loc, f"the rule of {paras[i].what}"):
            pages[page].line(m + 1.5, top, m + 1.5, end, ts.theme.line_pt * 4)


def _spaced(paras: list[Para]) -> list[Para]:
    """Each paragraph at least as far below the one before as that one's lines are apart: a text block ends at
    its last line's own height, and open line spacing runs on between paragraphs (a list's items)."""
    out = paras[:1]
    for para in paras[1:]:
        spare = out[-1].fitted.spare
        out.append(replace(para, before=spare) if spare > para.before else para)
    return out


def _needed(paras: list[Para], i: int) -> float:
    """Room a paragraph needs before it may start: all of a kept group, or a heading and two lines after it."""
    para = paras[i]
    if para.keep:
        group = [p for p in paras[i:]]
        end = next((j for j, p in enumerate(group) if p.frame != para.frame), len(group))
        return sum(p.fitted.height + p.before for p in group[:end]) + 2 * FRAME_PAD_MM
    if para.keep_with_next and i + 1 < len(paras):
        following = paras[i + 1]
        if following.keep_with_next or following.keep:  # a part's heading, then a section's: all three together
            return para.fitted.height + following.before + _needed(paras, i + 1)
        lines = min(2, len(following.fitted.lines))
        return para.fitted.height + following.before + lines * following.fitted.leading / MM
    return _steps(para.fitted)[1]


def _steps(fitted: Fitted) -> tuple[float, float]:
    """From one line's top to the next's, and one line's own height, mm: the same where the leading is solid."""
    if fitted.own >= fitted.leading:
        return (fitted.height / len(fitted.lines),) * 2
    return fitted.leading / MM, fitted.own / MM


def _width(ts: Typesetter, style: Style, text: str) -> float:
    """A label's width, mm, as the body sets it."""
    return measure(ts.font(style), text, style.size) / MM


def _one(fitted: Fitted, line: str) -> Fitted:
    """One of its lines, with its inline icons: made directly, as every line of the booklet is (`replace` took
    twice as long); tests/test_booklet_pages.py keeps it to every field of `Fitted`."""
    return Fitted((line,), fitted.font, fitted.size, fitted.leading, fitted.icons, fitted.heard, fitted.rows)
