"""A die for Tabletop Simulator: its faces on TTS's own d6 template (not the printed net: no cut or fold line),
numbered so that the faces opposite on the folded paper die are opposite on the table's, and a rotation value
naming each face, so that a roll reports the face's name ("Amber", "Choice"), not 1-6.

The figures, one table each, with where they were read:

- TEMPLATE: the d6 template TTS ships in its `Modding/Dice Templates` folder, as the Knowledge Base shows it
  being edited (github.com/Berserk-Games/Tabletop-Simulator-Knowledge-Base, docs/custom-content/custom-dice.md and
  its picture docs/img/custom-dice/ps1.png): a square of 3 x 3 equal cells, the top row unused, 2 4 5 across the
  middle row and 1 3 6 across the bottom, the 1 and the 6 drawn upside down. Confirmed from that picture (the cells
  measured there are thirds to within 2 px of 302); the picture is a screenshot, not the template file itself.
- ROTATIONS: the rotation (x, y, z degrees) at which each number lies face up, as a TTS save writer gives a
  six-sided Custom_Dice (stored file 20283974678: `getRotValues6` and `getRotValuesCustom`). It agrees with a
  die's opposite faces adding up to 7 (1 and 6 at x -90 and 90, 3 and 4 at z -90 and 90, 2 and 5 at 0 and 180) and
  with the Knowledge Base's finished die (docs/img/custom-dice/finished.png: the 2's colour up, the 4's and the 1's
  beside it); unconfirmed against a save written by TTS itself. The Knowledge Base's gizmo page says a value may be
  a word ("You can use numbers for dice or words", docs/game-tools/gizmo-tool.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PIL import Image

from deckpress.export.cutting import Cut, pixels
from deckpress.findings import Findings
from deckpress.layout.page import MM
from deckpress.model import PUBLIC, CardLayout, Component, Deck, Game
from deckpress.publish import phrases

# number -> (column, row, drawn upside down) on the template of 3 x 3 cells: Knowledge Base, custom-dice/ps1.png
TEMPLATE: dict[int, tuple[int, int, bool]] = {
    2: (0, 1, False), 4: (1, 1, False), 5: (2, 1, False),
    1: (0, 2, True), 3: (1, 2, False), 6: (2, 2, True),
}
TEMPLATE_CELLS = 3  # a side
# number -> (x, y, z) with that number up: stored file 20283974678 (a save writer's; unconfirmed from TTS itself)
ROTATIONS: dict[int, tuple[float, float, float]] = {
    1: (-90.0, 0.0, 0.0), 2: (0.0, 0.0, 0.0), 3: (0.0, 0.0, -90.0),
    4: (0.0, 0.0, 90.0), 5: (0.0, 0.0, -180.0), 6: (90.0, 0.0, 0.0),
}
OPPOSITE = {"down": "up", "up": "down", "east": "west", "west": "east", "north": "south", "south": "north"}
STEPS = {(1, 0): "east", (-1, 0): "west", (0, 1): "south", (0, -1): "north"}  # a step on the net: rows go south


@dataclass(frozen=True)
class Die:
    title: str
    image: Image.Image  # the faces on the template
    faces: list[str]  # each face's name, in deck order
    numbers: list[int]  # each face's number on the template, in deck order
    audience: str = PUBLIC


def made(game: Game, component: Component, layout: CardLayout, cuts: list[Cut], dpi: float, line_pt: float,
         findings: Findings) -> Die | None:
    """The die of a component declared `die: d6` (its six faces cut from its net at `dpi`, the net's lines
    `line_pt` wide); None, with an error where it is written, if its net does not fold into a cube."""
    sides = folded([(c, r) for c, r in layout.positions])
    if sides is None:
        findings.error(layout.loc,
                       f"component {component.id} is a die (die: d6), but its layout's net ({layout.positions}) does "
                       f"not fold into a cube: two of its faces would land on one side")
        return None
    numbers = numbered(sides)
    inset = pixels(line_pt / MM, dpi) + 1  # the lines lie on the trim: half of one inside the face, and a pixel
    faces = [c for c in cuts for _ in range(c.card.copies)]  # a card printed twice is two faces of the net
    names = [face_name(game.decks[c.deck], c) for c in faces]
    return Die(phrases(game.language)("export_tts_die"), template([c.front for c in faces], numbers, inset), names,
               numbers, component.audience)


def fits(game: Game, component: Component, layout: CardLayout, findings: Findings) -> bool:
    """A d6 is six faces on a net: its deck prints six cards, its layout places six."""
    faces = sum(game.decks[d].size for d in component.decks)
    if faces == 6 and len(layout.positions) == 6:
        return True
    loc = component.die_loc or component.loc
    findings.error(loc, f"component {component.id} is a die of 6 faces (die: d6), but its deck prints {faces} cards "
                        f"and its layout places {len(layout.positions)}: a die's faces are its cards, one a place "
                        f"on the net")
    return False


def face_name(deck: Deck, cut: Cut) -> str:
    """What a face is called when it lies up: the value of its deck's one field (`from: die_faces` gives each face
    its one value), else its label."""
    (field,) = deck.fields if len(deck.fields) == 1 else ("",)
    return str(cut.card.values.get(field, "")) or cut.card.label


def folded(positions: list[tuple[int, int]]) -> list[str] | None:
    """Which side of the cube each cell of the net becomes (`down`, `up`, `east`...), the cube rolled from the
    first cell over the shared edges; None if two cells land on one side (the net does not fold into a cube)."""
    sides = {positions[0]: {s: s for s in OPPOSITE}}  # cell -> the cube's side facing each way as it lies there
    todo = [positions[0]]
    while todo:
        cell = todo.pop()
        for (dc, dr), ahead in STEPS.items():
            beyond = (cell[0] + dc, cell[1] + dr)
            if beyond in positions and beyond not in sides:
                sides[beyond] = _rolled(sides[cell], ahead)
                todo.append(beyond)
    down = [sides[p]["down"] for p in positions if p in sides]
    return down if len(set(down)) == len(positions) == 6 else None


def _rolled(facing: dict[str, str], ahead: str) -> dict[str, str]:
    """The cube tipped over its edge toward `ahead`: the side that faced ahead is down, the top faces ahead."""
    behind = OPPOSITE[ahead]
    return {**facing, "down": facing[ahead], ahead: facing["up"], "up": facing[behind], behind: facing["down"]}


def numbered(sides: list[str]) -> list[int]:
    """A TTS number for each face, in deck order: the first face unnumbered takes the lowest free number and the
    face opposite it on the folded die 7 less that (1 and 6, 2 and 5, 3 and 4)."""
    numbers = [0] * len(sides)
    low = 1
    for n, side in enumerate(sides):
        if not numbers[n]:
            numbers[n], numbers[sides.index(OPPOSITE[side])] = low, 7 - low
            low += 1
    return numbers


def template(faces: list[Image.Image], numbers: list[int], inset: int) -> Image.Image:
    """The faces on the template, each in its number's cell (turned where the template draws it upside down); the
    `inset` px round each face, where the net's cut and fold lines lie, filled with the face's own ground."""
    w, h = faces[0].size
    image = Image.new("RGB", (TEMPLATE_CELLS * w, TEMPLATE_CELLS * h), (255, 255, 255))
    for face, number in zip(faces, numbers, strict=True):
        column, row, turned = TEMPLATE[number]
        image.paste(cleared(face.convert("RGB"), inset).rotate(180 if turned else 0), (column * w, row * h))
    return image


def cleared(face: Image.Image, inset: int) -> Image.Image:
    """The face with its outer `inset` px the colour just inside them (its ground): no trace of the net's lines."""
    w, h = face.size
    inner = face.crop((inset, inset, w - inset, h - inset))
    cell = Image.new("RGB", face.size, inner.getpixel((0, 0)))
    cell.paste(inner, (inset, inset))
    return cell


def rotation_values(names: list[str], numbers: list[int]) -> list[dict[str, Any]]:
    """TTS's RotationValues: each face's name and the rotation that lies it up, in number order."""
    by_number = dict(zip(numbers, names, strict=True))
    return [{"Value": by_number[n], "Rotation": dict(zip("xyz", ROTATIONS[n], strict=True))} for n in sorted(by_number)]
