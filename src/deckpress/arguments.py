"""The command line's words: its commands, their options, and readers that refuse a value the press cannot use
(a usage error is one line, exit 2)."""

from __future__ import annotations

import argparse
import math
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

from deckpress import pool
from deckpress.draw.finish import LAST_EPOCH, source_date_epoch
from deckpress.findings import echoed, one_line
from deckpress.options import DUPLEX, PAPERS
from deckpress.paths import NAME_MAX, PATH_MAX

USAGE = 2
MAX_DPI = 600  # twice what print shops ask; an export's pages are rendered whole, and at 600 dpi stay under 1 GB
MAX_JOBS = 64  # processes: more than any machine here has cores; each part is at most one anyway


class _Parser(argparse.ArgumentParser):
    """A usage error is one line and exit 2 (`--help` still shows the usage)."""

    def error(self, message: str) -> NoReturn:
        self.exit(USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")

    def parse_args(self, *args: Any, **kwargs: Any) -> Any:
        """The command's words, and the one variable of its environment that changes what it writes: ReportLab
        reads SOURCE_DATE_EPOCH too, and a value it cannot read ended a build in a traceback."""
        parsed = super().parse_args(*args, **kwargs)
        epoch = os.environ.get("SOURCE_DATE_EPOCH")
        if epoch and source_date_epoch() is None:
            shown = one_line(epoch)  # a usage error is one line: `12\n` too
            self.exit(USAGE, f"{self.prog}: error: SOURCE_DATE_EPOCH must be a whole number of seconds since "
                             f"1970-01-01 (UTC), at most {LAST_EPOCH}, got '{echoed(shown)}'\n")
        return parsed


def parser() -> argparse.ArgumentParser:
    p = _Parser(prog="deckpress", description="Validate print-and-play games and render cut-ready PDFs.")
    sub = p.add_subparsers(dest="command", required=True)
    common = _Parser(add_help=False)
    common.add_argument("--content", type=a_path, default=Path("content"), help="folder of games (default: content)")
    common.add_argument("--layouts", type=folder("layouts"), action="append",
                        help="a layout folder searched before layouts/, may repeat")
    b = sub.add_parser("build", parents=[common], help="validate, then render PDFs into the out folder")
    b.add_argument("games", nargs="*", metavar="GAME")
    b.add_argument("--edition", metavar="EDITION", help="only this edition (a layout folder with a theme.yaml)")
    b.add_argument("--paper", choices=PAPERS)
    b.add_argument("--out", type=a_path, default=Path("build"), help="output folder (default: build)")
    b.add_argument("--duplex", choices=DUPLEX, help="put each page of card backs after its fronts, for this flip")
    b.add_argument("--offset-x", type=between("offset", -20, 20, "mm"), metavar="MM",
                   help="shift back pages right (from the calibration page), -20 to 20")
    b.add_argument("--offset-y", type=between("offset", -20, 20, "mm"), metavar="MM", help="shift back pages down")
    b.add_argument("--fold", action="store_true", default=None,
                   help="fronts and backs on one sheet, either side of a fold")
    b.add_argument("--bleed", type=millimetres, metavar="MM", help="run card art past the trim, e.g. 3mm")
    _printed(b)
    b.add_argument("--jobs", type=between("jobs", 1, MAX_JOBS, whole=True), default=min(pool.cores(), MAX_JOBS),
                   metavar="N", help="build games and editions in N processes at once (default: one a core it may use)")
    c = sub.add_parser("check", parents=[common], help="validate without rendering")
    c.add_argument("games", nargs="*", metavar="GAME")
    d = sub.add_parser("dump", parents=[common], help="print the validated model of a game as JSON")
    d.add_argument("game", metavar="GAME")
    s = sub.add_parser("solve", parents=[common], help="print the solution a game's checks proved (a route) as JSON")
    s.add_argument("game", metavar="GAME")
    site = sub.add_parser("site", help="write the download catalogue (build/index.html) from what is built")
    site.add_argument("--out", type=a_path, default=Path("build"))
    site.add_argument("--content", type=a_path, default=Path("content"),
                      help="folder of games, whose sources say who may see each file (default: content)")
    _serve_command(sub)
    g = sub.add_parser("generate", parents=[common], help="write a new generated deck into a game's content")
    g.add_argument("game", metavar="GAME")
    g.add_argument("--seed", type=int, required=True, help="the same seed always gives the same deck")
    _starting_commands(sub, common)
    _export_command(sub, common)
    _translations_command(sub, common)
    return p


def _fallback_option(build: _Parser) -> None:
    build.add_argument("--fallback-language", dest="fallback", action="store_true",
                       help="print a text not translated (or fuzzy) in the game's source language, with a warning")


def _translations_command(sub: argparse._SubParsersAction[_Parser], common: _Parser) -> None:
    t = sub.add_parser("translations", parents=[common], help="write a game's texts to translate (a POT) and create "
                       "or update a PO file for each of its other languages, in content/<game>/translations/")
    t.add_argument("game", metavar="GAME")


def _serve_command(sub: argparse._SubParsersAction[_Parser]) -> None:
    serve = sub.add_parser("serve", help="serve the public catalogue (<out>/public) on this computer for a quick look "
                                         "(Ctrl-C stops)")
    serve.add_argument("--out", type=a_path, default=Path("build"))
    serve.add_argument("--full", action="store_true", help="serve the whole out folder, the host's material with it")
    serve.add_argument("--port", type=between("port", 0, 65535, whole=True), default=8000,
                       help="0 picks a free port")


VENDORS = ("thegamecrafter", "drivethrucards", "makeplayingcards", "printerstudio")  # export.vendors.VENDORS
EXPORT_TARGETS = ("tts", "ttp", "png", "print-shop")  # deckpress.export.TARGETS: the parser loads no pipeline


def _export_command(sub: argparse._SubParsersAction[_Parser], common: _Parser) -> None:
    """`export`: the games for Tabletop Simulator or a print-on-demand shop."""
    e = sub.add_parser("export", parents=[common], help="export games for Tabletop Simulator (tts), Tabletop "
                                                        "Playground (ttp) or print on demand (png) into "
                                                        "<out>/<game>/export/<target>/")
    e.add_argument("games", nargs="*", metavar="GAME")
    e.add_argument("--to", choices=EXPORT_TARGETS, required=True, help="tts: a saved object; ttp: a Tabletop "
                   "Playground package; png: card images; print-shop: a PDF a deck, a card a page")
    e.add_argument("--out", type=a_path, default=Path("build"), help="output folder (default: build)")
    e.add_argument("--edition", metavar="EDITION", help="this edition (default: each game's first)")
    e.add_argument("--base-url", type=web_address, metavar="URL",
                   help="tts: where the files will be uploaded (default: file:/// addresses on this computer)")
    e.add_argument("--dpi", type=between("dpi", 72, MAX_DPI, whole=True), metavar="N",
                   help="png: the images' resolution (default 300); tts, ttp: the sheets' finest "
                        "(default 300)")
    e.add_argument("--bleed", type=millimetres, metavar="MM",
                   help="png, print-shop: art past the trim (default 3.175mm, 1/8 in)")
    shop = e.add_mutually_exclusive_group()
    shop.add_argument("--for", dest="vendor", choices=VENDORS, metavar="SHOP",
                      help=f"png: each card at the shop's product's pixels, the bleed grown; print-shop: each page at "
                           f"the product's trim and bleed ({', '.join(VENDORS)})")
    shop.add_argument("--px", nargs=2, type=between("pixels", 16, 20000, whole=True), metavar=("W", "H"),
                      help="png: each card at W x H px at 300 dpi, the bleed grown round its trim")


def misplaced(args: argparse.Namespace) -> str | None:
    """An export option given where it does not apply (`--for` to tts, `--bleed` to a shop's order), said; None if
    every option given applies."""
    shop = args.vendor is not None or args.px is not None
    by_shop = [("--for", args.vendor), ("--px", args.px)]
    wrong = {"png": [("--base-url", args.base_url), *([("--bleed", args.bleed), ("--dpi", args.dpi)] if shop else [])],
             "tts": [("--bleed", args.bleed), *by_shop],
             "ttp": [("--base-url", args.base_url), ("--bleed", args.bleed), *by_shop],
             "print-shop": [("--base-url", args.base_url), ("--dpi", args.dpi), ("--px", args.px),
                            *([("--bleed", args.bleed)] if args.vendor else [])]}[args.to]
    for option, value in wrong:
        if value is not None:
            ordered = shop and (option, args.to) in (("--bleed", "png"), ("--dpi", "png"), ("--bleed", "print-shop"))
            said = "a shop's order (--for, --px)" if ordered else f"--to {args.to}"
            return f"{option} does not apply to {said}"
    return None


def web_address(text: str) -> str:
    """An http(s) address a host uploads files to, or a usage error: it is written into every address of the saved
    object, so nothing that could end or change an address there (a quote, a bracket, a control character), and no
    password."""
    scheme, _, rest = text.partition("://")
    if scheme.lower() not in ("http", "https") or not rest.strip("/"):
        why = "be an http:// or https:// address"
    elif any(not c.isprintable() or c.isspace() for c in text):
        why = "have no spaces or control characters"
    elif any(c in UNSAFE for c in text):
        why = f"have none of {' '.join(UNSAFE)}"
    elif "@" in rest.split("/", 1)[0]:
        why = "have no user name or password (user:password@)"
    elif not _host(text):
        why = "name a host (`https://example.org/games/`): a computer the address reaches"
    else:
        return text
    raise argparse.ArgumentTypeError(f"base URL must {why}, got {text!r}")


UNSAFE = "<>\"'`\\?#"  # end an address in HTML, Lua or a shell; a browser's "/"; a query or fragment


def _host(address: str) -> bool:
    """Whether the address names a host as a browser reads it (`http:///x` names none, `http://[::1` none whole)."""
    import urllib.parse  # only for an export's address

    try:
        parts = urllib.parse.urlsplit(address)
        parts.port  # noqa: B018 (read for its ValueError: a port past 65535, or not a number)
    except ValueError:
        return False
    return bool(parts.hostname)


def _starting_commands(sub: argparse._SubParsersAction[_Parser],
                       common: _Parser) -> None:
    """`new` and `watch`: starting a game and iterating on it."""
    n = sub.add_parser("new", help="write a small working game to start from into the content folder")
    n.add_argument("game", metavar="GAME", help="its id: lowercase letters, digits and hyphens")
    n.add_argument("--content", type=a_path, default=Path("content"), help="folder of games (default: content)")
    n.add_argument("--cards", type=a_path, metavar="FILE", help="start its deck from a spreadsheet (.csv, .xlsx, "
                   ".ods): the header row names the fields, typed by what each column holds")
    n.add_argument("--sheet", metavar="NAME", help="with --cards, the workbook's sheet (default: its first)")
    w = sub.add_parser("watch", parents=[common], help="build, then build again on every save (Ctrl-C stops)")
    w.add_argument("games", nargs="*", metavar="GAME")
    w.add_argument("--edition", metavar="EDITION", help="only this edition")
    w.add_argument("--paper", choices=PAPERS)
    w.add_argument("--out", type=a_path, default=Path("build"), help="output folder (default: build)")
    w.add_argument("--jobs", type=between("jobs", 1, MAX_JOBS, whole=True), default=1, metavar="N",
                   help="build in N processes once the first edition is fresh (default: 1, this warm process)")


def between(what: str, low: float, high: float, unit: str = "", whole: bool = False) -> Callable[[str], float]:
    """An argument's reader: a finite number (a whole one if `whole`) from `low` to `high`, or a usage error."""
    def read(text: str) -> float:
        try:
            value = int(text) if whole else float(text.strip().removesuffix(unit).strip() if unit else text)
        except ValueError:
            value = math.nan
        if not low <= value <= high:  # nan and inf fail here too
            raise argparse.ArgumentTypeError(f"{what} must be a {'whole ' if whole else ''}number from {low:g} to "
                                             f"{high:g}{f' {unit}' if unit else ''}, got {text!r}")
        return value
    return read


def _printed(b: _Parser) -> None:
    """The build's options over what each edition prints: a text not translated, and for low vision (large
    print's above all) bold body text and high contrast."""
    _fallback_option(b)
    b.add_argument("--bold", action="store_true", help="set body text in the edition's bold font (ACB prefers bold "
                                                       "for large print: with --edition large-print)")
    b.add_argument("--high-contrast", nargs="?", const="yellow-on-black", type=ink_on_paper, metavar="INK-on-PAPER",
                   help="print every page reversed out: yellow-on-black (the default), white-on-black or "
                        "#rrggbb-on-#rrggbb")


def ink_on_paper(text: str) -> str:
    """`--high-contrast`'s pair, checked: a usage error names what it takes."""
    from deckpress.layout.reverse import pair

    if pair(text) is None:
        raise argparse.ArgumentTypeError(f"takes yellow-on-black, white-on-black or #rrggbb-on-#rrggbb, got {text!r}")
    return text


def a_path(text: str) -> Path:
    """An argument's reader: a path the file system can take, or a usage error (a name too long for it would
    otherwise end the first look at it in an OSError)."""
    long = next((part for part in Path(text).parts if len(os.fsencode(part)) > NAME_MAX), None)
    if long is not None or len(os.fsencode(text)) > PATH_MAX:
        raise argparse.ArgumentTypeError(f"has a name longer than a file system takes ({NAME_MAX} bytes; {PATH_MAX} "
                                         f"for a whole path), got {(long or text)[:40]!r}...")
    return Path(text)


def folder(what: str) -> Callable[[str], Path]:
    """An argument's reader: a folder that exists, or a usage error (a misspelt one would be silently skipped)."""
    def read(text: str) -> Path:
        path = a_path(text)
        if not text.strip():  # Path("") is the current folder: an empty value is a slip, never a choice
            raise argparse.ArgumentTypeError("must name an existing folder, got an empty name")
        if not path.is_dir():
            kind = " (a file)" if path.exists() else ""
            raise argparse.ArgumentTypeError(f"must name an existing folder, got {text!r}{kind}")
        return path
    return read


def millimetres(text: str) -> float:
    """'3mm', '3 mm' or '3' -> 3.0, between 0 and 10."""
    value = float(text.strip().removesuffix("mm").strip())
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError("bleed must be 0-10 mm")
    return value
