"""The work an SVG icon or pattern tile asks for, bounded before svglib draws it. A file small on disk can still ask
for millions of shapes (`<use>` of `<use>`), a style sheet matched against every element, groups nested past the
drawing library's recursion, or numbers no PDF can hold (NaN, infinity, 1e308). Each is refused with a reason.
"""

from __future__ import annotations

import math
import re

from lxml import etree

MAX_DRAWN = 10_000  # elements once every <use> (and url(#...) reference) is expanded: what svglib draws
MAX_COPIES = 1_000  # <use> copies, counted through <use> of <use>: svglib makes each afresh (about 2 ms each)
MAX_DEPTH = 48  # elements nested inside each other, <use> counted: deep groups exhaust the drawing's recursion
MAX_STYLE_WORK = 5_000_000  # selector steps times elements drawn (about 2 s of svglib's matching)
MAX_BLOCKS = 8  # style-sheet blocks nested in each other (a rule inside @media inside @supports is 3)
MAX_UNITS = 1_000_000.0  # a number in the drawing (user units, scale factors): far past any icon's own frame
MIN_SIZE = 0.01  # the smallest width, height or viewBox size: a frame near zero scales its drawing towards infinity
# the attributes (and style properties) that svglib reads as numbers
NUMERIC = frozenset({
    "d", "points", "transform", "viewBox", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "fx", "fy",
    "width", "height", "stroke-width", "stroke-dasharray", "stroke-dashoffset", "stroke-miterlimit", "font-size",
    "opacity", "fill-opacity", "stroke-opacity", "offset", "gradientTransform", "patternTransform",
})
_TRANSFORM = re.compile(r"(matrix|scale|translate|rotate|skewX|skewY)\s*\(([^)]*)\)")
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_NOT_FINITE = re.compile(r"nan|inf", re.IGNORECASE)
_DECLARATION = re.compile(r"(?<![A-Za-z-])([A-Za-z-]+)\s*:\s*([^;{}]*)")  # tried at a word's start: linear
_BLOCK = re.compile(r"\{[^{}]*\}")
_SELECTOR_WORD = re.compile(r"[^\s,>+~{}]+")
_FRAGMENT = re.compile(r"url\(\s*['\"]?#([^)'\"\s]+)")


def declared(root: etree._Element) -> str | None:
    """Why the parsed file's prologue is refused: a DOCTYPE (with its ENTITY declarations), whatever the encoding."""
    info = root.getroottree().docinfo
    if info.doctype or info.internalDTD is not None or info.system_url or info.public_id:
        return "it declares a DOCTYPE or ENTITY, which icons may not"
    return None


def work_refusal(root: etree._Element) -> str | None:
    """Why the parsed SVG asks for more work, or larger numbers, than an icon may (None: it is bounded)."""
    return _numbers(root) or _frame(root) or _flattening(root) or _expanded(root)


def _flattening(root: etree._Element) -> str | None:
    """A transform that flattens what it draws to a line or a point (`scale(0)`, a matrix of no area): a PDF
    cannot invert it, and it shows nothing."""
    for node in root.iter(tag=etree.Element):
        for name, args in _TRANSFORM.findall(node.get("transform", "")):
            numbers = [float(n) for n in _NUMBER.findall(args)]
            flat = (name == "scale" and numbers and (numbers[0] == 0 or numbers[-1] == 0)) or (
                name == "matrix" and len(numbers) == 6 and numbers[0] * numbers[3] - numbers[1] * numbers[2] == 0)
            if flat:
                return f"its transform {name}({args.strip()[:24]}) flattens what it draws to nothing"
    return None


def _local(name: str) -> str:
    return name.rsplit("}", 1)[-1]


def _beyond(value: str) -> str | None:
    """The first number in `value` that is not finite or lies past MAX_UNITS, as written."""
    word = _NOT_FINITE.search(value)
    if word is not None:
        return word.group()
    for number in _NUMBER.finditer(value):
        if abs(float(number.group())) > MAX_UNITS:
            return number.group()
    return None


def _numbers(root: etree._Element) -> str | None:
    """Every number svglib reads (attributes, style attributes, style sheets) is finite and within MAX_UNITS."""
    for node in root.iter(tag=etree.Element):
        pairs = [(_local(key), value) for key, value in node.attrib.items()]
        pairs += [found for key, value in pairs if key == "style" for found in _DECLARATION.findall(value)]
        if _local(node.tag) == "style" and node.text:
            pairs += _DECLARATION.findall(node.text)
        for prop, text in pairs:
            wrong = _beyond(text) if prop in NUMERIC else None
            if wrong is not None:
                return f"its {prop} holds '{wrong[:24]}': its numbers must be finite and within ±{MAX_UNITS:,.0f}"
    return None


def _frame(root: etree._Element) -> str | None:
    """The `<svg>`'s width, height and viewBox, where given, are positive sizes."""
    for name in ("width", "height"):
        value = root.get(name)
        number = _NUMBER.match(value.strip()) if value is not None else None
        if value is not None and number is not None and float(number.group()) < MIN_SIZE:
            return f"its width and height must be at least {MIN_SIZE} (its {name} is '{value[:24]}')"
    box = root.get("viewBox")
    if box is not None:
        numbers = [float(n) for n in _NUMBER.findall(box)]
        if len(numbers) != 4 or min(numbers[2:]) < MIN_SIZE:
            return f"its viewBox must be four numbers, its width and height at least {MIN_SIZE} (it is '{box[:40]}')"
    return None


def _references(node: etree._Element, ids: dict[str, etree._Element]) -> tuple[list[etree._Element], int]:
    """What drawing `node` draws: its child elements, the element its <use> names, those its url(#id)s name; and
    how many of these are <use> copies (1 or 0)."""
    named = [_FRAGMENT.findall(value) for value in node.attrib.values()]
    targets = [ids[i] for found in named for i in found if i in ids]
    copies = 0
    for key, value in node.attrib.items():
        if _local(key) == "href" and value.strip().startswith("#") and value.strip()[1:] in ids:
            targets.append(ids[value.strip()[1:]])
            copies = 1
    return [*node.iterchildren(tag=etree.Element), *targets], copies


def _expanded(root: etree._Element) -> str | None:
    """The elements drawn once every reference is expanded, the <use> copies made, and how deep they nest, each
    within its cap; a reference to an element that holds it is refused (it would never end). One pass, each
    element's totals kept."""
    ids = {str(node.get("id")): node for node in root.iter(tag=etree.Element) if node.get("id")}
    drawn: dict[etree._Element, tuple[int, int, int]] = {}  # element -> (elements drawn, depth, <use> copies)
    open_: set[etree._Element] = set()  # elements whose drawing is being counted: the path from the root
    stack: list[tuple[etree._Element, bool]] = [(root, False)]
    while stack:
        node, counted = stack.pop()
        parts, copies = _references(node, ids)
        if counted:
            open_.discard(node)
            drawn[node] = (1 + sum(drawn[p][0] for p in parts), 1 + max((drawn[p][1] for p in parts), default=0),
                           copies + sum(drawn[p][2] for p in parts))
            refused = _over(*drawn[node])
            if refused is not None:
                return refused
        elif node in open_:
            return f"its element '{node.get('id', _local(node.tag))}' is drawn inside itself (a <use> loop)"
        elif node not in drawn:
            open_.add(node)
            stack.append((node, True))
            stack.extend((p, False) for p in parts if p not in drawn)
    return _style_work(root, drawn[root][0])


def _over(count: int, depth: int, copies: int) -> str | None:
    if count > MAX_DRAWN:
        return f"it draws more than {MAX_DRAWN:,} elements once its <use> references are expanded"
    if copies > MAX_COPIES:
        return f"it makes more than {MAX_COPIES:,} copies through <use> (each copy is drawn afresh)"
    if depth > MAX_DEPTH:
        return f"its elements nest more than {MAX_DEPTH} deep (<use> references counted)"
    return None


def _style_work(root: etree._Element, count: int) -> str | None:
    """Each selector of a style sheet is tried on each element drawn, and a combinator walks the element's ancestors
    (or, for `~`, its earlier siblings) looking for the rest: the product is bounded. Blocks nest a few deep at
    most (@media around rules): the CSS parser's work grows with their depth."""
    reach = _reach(root)
    work = 0
    for node in root.iter(tag=etree.Element):
        if _local(node.tag) == "style" and node.text:
            selectors = _selectors(node.text)
            if selectors is None:
                return f"its style sheet nests blocks more than {MAX_BLOCKS} deep, or leaves a {{ open"
            work += sum(_selector_work(selector, reach) for selector in selectors)
    if work * count > MAX_STYLE_WORK:
        return (f"its style sheet asks for {work * count:,} selector matches over its {count:,} elements, more than "
                f"the {MAX_STYLE_WORK:,} an icon may")
    return None


def _selectors(sheet: str) -> list[str] | None:
    """The selectors of a style sheet: what lies outside its declaration blocks, split at commas; None when its
    blocks nest deeper than MAX_BLOCKS."""
    outside = _uncommented(sheet)
    for _ in range(MAX_BLOCKS):  # the declarations, and the @media blocks around them, leave the selectors
        outside, found = _BLOCK.subn(",", outside)
        if not found:
            break
    if "{" in outside:
        return None
    return [part for part in outside.split(",") if part.strip()]


def _uncommented(sheet: str) -> str:
    """The style sheet without its comments, in one pass (a pattern would rescan after every unclosed `/*`)."""
    kept, at = [], 0
    while (start := sheet.find("/*", at)) >= 0:
        kept.append(sheet[at:start])
        end = sheet.find("*/", start + 2)
        if end < 0:
            return " ".join(kept)
        at = end + 2
    return " ".join([*kept, sheet[at:]])


def _selector_work(selector: str, reach: tuple[int, int]) -> int:
    """A selector's cost on one element: its compounds, times the ancestors (or siblings) a combinator walks."""
    words = len(_SELECTOR_WORD.findall(selector))
    depth, siblings = reach
    return words * (siblings if "~" in selector else depth if words > 1 else 1)


def _reach(root: etree._Element) -> tuple[int, int]:
    """How deep the file's elements nest, and the most children one element has."""
    depth = max((sum(1 for _ in node.iterancestors()) + 1 for node in root.iter(tag=etree.Element)
                 if len(node) == 0), default=1)
    return depth, max((len(node) for node in root.iter(tag=etree.Element)), default=1) or 1


def drawn_refusal(width: float, height: float, bounds: tuple[float, float, float, float] | None) -> str | None:
    """Why svglib's drawing of a checked SVG cannot be placed: a size that is not a positive number, or outlines
    reaching numbers no PDF can hold (transforms can multiply numbers that were each in range)."""
    if not all(math.isfinite(v) and MIN_SIZE <= v <= MAX_UNITS for v in (width, height)):
        return f"its size ({width:g} x {height:g}) must be between {MIN_SIZE} and {MAX_UNITS:,.0f}"
    if bounds is None:
        return "it draws nothing (no shape, or only references to shapes it does not hold)"
    if not all(math.isfinite(v) and abs(v) <= 100 * MAX_UNITS for v in bounds):
        return f"its drawing reaches past ±{100 * MAX_UNITS:,.0f} (its transforms multiply its numbers)"
    return None
