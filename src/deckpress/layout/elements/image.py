"""An art file of the game's own folder, fitted to the box (`fit`): inside it or over it, centred, or onto it."""

from __future__ import annotations

from deckpress.layout.art.fit import FITS, clipped_if, fitted, reaches_past
from deckpress.layout.elements.kind import Box, Face, Kind, Reading, register
from deckpress.layout.keys import Key
from deckpress.model import Element


@register
class Image(Kind):
    name = "image"
    doc = "a PNG or JPEG from the game's folder, as large as fits the box, centred, its shape kept (see `fit`)"
    keys = (Key("image", "template", None, "the file, relative to the game's folder, e.g. "
                                           "`art/{{ card.food | lower }}.png`"),
            Key("alt", "alt", None, "what the picture shows, said in the text edition, e.g. `{{ card.food }} "
                                         "on a plate` (none: nothing, the picture is decoration)"),
            Key("fit", "choice", "contain", "how the picture meets the box: `contain` all of it inside, centred; "
                                            "`cover` the box filled, centred, what runs past the box cut off; "
                                            "`stretch` onto the box, its shape not kept", choices=FITS))
    leads = ("image",)
    styled = False

    def draw(self, face: Face, element: Element, box: Box) -> None:
        name = face.render(element, "image")
        where = f"{face.job.where}, {face.what(element)}"  # layouts are shared: the finding names the game
        art = face.job.art
        picture = art.get(name, element.at("image"), where) if name is not None and art is not None else None
        if picture is None:
            return
        fit = element.keys["fit"]
        if fit == "contain":
            x, y, w, h = box
            scale = min(w / picture.width, h / picture.height)
            pw, ph = picture.width * scale, picture.height * scale
            face.d.picture(x + (w - pw) / 2, y + (h - ph) / 2, pw, ph, str(picture.path))
            return
        frame = fitted((picture.width, picture.height), box, fit)
        with clipped_if(face.d, reaches_past((0.0, 0.0, 1.0, 1.0), frame, box), box):
            face.d.picture(*frame, str(picture.path))

    def read(self, reading: Reading, element: Element) -> list[str] | None:
        """The picture's `alt`, if it has one; else it is decoration."""
        said = reading.render(element, "alt")
        return [said] if said and said.strip() else None
