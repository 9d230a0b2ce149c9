"""Command line: deckpress build | check | dump | solve | generate | site | serve | new | watch.

Exit status 0 ok, 1 findings, 2 usage, 130 Ctrl-C.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from deckpress import interrupts
from deckpress.options import DUPLEX, PAPERS, Options
from deckpress.publish.incremental import freshness, recorded_listings
from deckpress.publish.manifest import MANIFEST, read_manifest
from deckpress.publish.write import write_outputs

if TYPE_CHECKING:
    from deckpress.findings import Findings

# The pipeline modules load inside the commands that need them: a build with nothing to do stays quick.

OK, FINDINGS, USAGE, INTERRUPTED = 0, 1, 2, 130


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="deckpress",
                                description="Validate print-and-play games and render cut-ready PDFs.")
    sub = p.add_subparsers(dest="command", required=True)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--content", type=Path, default=Path("content"), help="folder of games (default: content)")
    common.add_argument("--layouts", type=Path, action="append",
                        help="a layout folder searched before layouts/, may repeat")
    b = sub.add_parser("build", parents=[common], help="validate, then render PDFs into the out folder")
    b.add_argument("games", nargs="*", metavar="GAME")
    b.add_argument("--edition", metavar="EDITION", help="only this edition (a layout folder with a theme.yaml)")
    b.add_argument("--paper", choices=PAPERS)
    b.add_argument("--out", type=Path, default=Path("build"), help="output folder (default: build)")
    b.add_argument("--duplex", choices=DUPLEX, help="put each page of card backs after its fronts, for this flip")
    b.add_argument("--offset-x", type=float, metavar="MM", help="shift back pages right (from the calibration page)")
    b.add_argument("--offset-y", type=float, metavar="MM", help="shift back pages down")
    b.add_argument("--fold", action="store_true", default=None,
                   help="fronts and backs on one sheet, either side of a fold")
    b.add_argument("--bleed", type=_millimetres, metavar="MM", help="run card art past the trim, e.g. 3mm")
    b.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="N",
                   help="build games and editions in N parallel processes (default: one per CPU; 1: in this process)")
    c = sub.add_parser("check", parents=[common], help="validate without rendering")
    c.add_argument("games", nargs="*", metavar="GAME")
    d = sub.add_parser("dump", parents=[common], help="print the validated model of a game as JSON")
    d.add_argument("game", metavar="GAME")
    s = sub.add_parser("solve", parents=[common], help="print the solution a game's checks proved (a route) as JSON")
    s.add_argument("game", metavar="GAME")
    site = sub.add_parser("site", help="write the download catalogue (build/index.html) from what is built")
    site.add_argument("--out", type=Path, default=Path("build"))
    serve = sub.add_parser("serve", help="serve the out folder on this computer for a quick look (Ctrl-C stops)")
    serve.add_argument("--out", type=Path, default=Path("build"))
    serve.add_argument("--port", type=int, default=8000, help="0 picks a free port")
    g = sub.add_parser("generate", parents=[common], help="write a new generated deck into a game's content")
    g.add_argument("game", metavar="GAME")
    g.add_argument("--seed", type=int, required=True, help="the same seed always gives the same deck")
    _starting_commands(sub, common)
    return p


def _starting_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser],
                       common: argparse.ArgumentParser) -> None:
    """`new` and `watch`: starting a game and iterating on it."""
    n = sub.add_parser("new", help="write a small working game to start from into the content folder")
    n.add_argument("game", metavar="GAME", help="its id: lowercase letters, digits and hyphens")
    n.add_argument("--content", type=Path, default=Path("content"), help="folder of games (default: content)")
    w = sub.add_parser("watch", parents=[common], help="build, then build again on every save (Ctrl-C stops)")
    w.add_argument("games", nargs="*", metavar="GAME")
    w.add_argument("--edition", metavar="EDITION", help="only this edition")
    w.add_argument("--paper", choices=PAPERS)
    w.add_argument("--out", type=Path, default=Path("build"), help="output folder (default: build)")
    w.add_argument("--jobs", type=int, default=1, metavar="N",
                   help="build in N processes once the first edition is fresh (default: 1, this warm process)")


def main(argv: list[str] | None = None) -> int:
    try:
        return run(parser().parse_args(argv))
    except BrokenPipeError:  # `deckpress dump GAME | head`: the reader has what it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return OK
    except KeyboardInterrupt:  # taken only before the files are committed (deckpress.interrupts)
        print("deckpress: interrupted; nothing was written", file=sys.stderr)
        return INTERRUPTED


def entry() -> int:
    """The `deckpress` command: once the work is done (or given up), a late Ctrl-C cannot turn the exit into a
    traceback while Python shuts down; and the objects left are frozen, so the interpreter's last collections
    do not walk the whole heap on the way out (0.08 s of a build)."""
    status = main()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    gc.freeze()
    return status


def run(args: argparse.Namespace) -> int:
    if args.command == "site":
        return _site(args.out)
    if args.command == "serve":
        from deckpress.publish.serve import serve

        return serve(args.out, args.port)
    if args.command == "new":
        return _new(args.content, args.game)
    wanted = [args.game] if args.command in ("dump", "solve", "generate") else args.games
    dirs = _game_dirs(args.content, wanted, getattr(args, "edition", None))
    if dirs is None:
        return USAGE
    if args.command == "generate":
        return _generate(dirs[0], f"{args.content.as_posix()}/{args.game}", args.seed)
    # --layouts adds folders, searched before the shared layouts/ (and after a game's own layouts/)
    opts = Options(content=args.content, layouts=list(dict.fromkeys([*(args.layouts or []), Path("layouts")])))
    if args.command == "build":
        return _build(args, opts, dirs)
    if args.command == "watch":
        return _watch(args, opts)
    return _look(args.command, opts, dirs)


def _game_dirs(content: Path, wanted: list[str], edition: str | None) -> list[Path] | None:
    """The folders of the games asked for (all, if none is named); None, said why, when they cannot be built."""
    found = {p.parent.name: p.parent for p in sorted(content.glob("*/game.yaml"))}
    unknown = [g for g in wanted if g not in found]
    if not found or unknown:
        names = ", ".join(found) or "none"
        what = f"unknown game {', '.join(unknown)}" if unknown else f"no games in {content}"
        print(f"deckpress: error: {what} (games: {names})", file=sys.stderr)
        return None
    dirs = [found[g] for g in (wanted or found)]
    if edition and not _defines(dirs, edition):
        print(f"deckpress: error: no game here defines the {edition} edition", file=sys.stderr)
        return None
    return dirs


def _build(args: argparse.Namespace, opts: Options, dirs: list[Path]) -> int:
    if args.duplex and args.fold:
        print("deckpress: error: choose --duplex or --fold, not both", file=sys.stderr)
        return USAGE
    opts.out, opts.games, opts.edition = args.out, args.games, args.edition
    opts.papers = (args.paper,) if args.paper else PAPERS
    given = {"duplex": args.duplex, "offset_x": args.offset_x, "offset_y": args.offset_y, "fold": args.fold,
             "bleed_mm": args.bleed}
    opts.printing = {k: v for k, v in given.items() if v is not None}
    fresh = freshness(dirs, opts.layouts, opts.key(), opts.out)
    if fresh.current == {d.name for d in dirs}:
        print(f"deckpress: {', '.join(d.name for d in dirs)}: up to date, nothing rendered", file=sys.stderr)
        return OK
    # Ctrl-C is taken at the build's safe points from here on: while the pipeline's modules import too (a
    # KeyboardInterrupt inside an import could end the process by SIGINT, not 130), and while the report
    # prints (once the files are committed, a Ctrl-C changes nothing)
    with interrupts.deferred():
        from deckpress.build import build

        press = build(opts, dirs, max(1, args.jobs), fresh)
        status = _report(press.findings, "; nothing was written")
        if status == OK and press.up_to_date:
            print(f"deckpress: {', '.join(press.up_to_date)}: up to date, nothing rendered", file=sys.stderr)
        if status == OK and press.ids:
            print(f"deckpress: {', '.join(press.ids)}: built into {opts.out}", file=sys.stderr)
        return status


def _look(command: str, opts: Options, dirs: list[Path]) -> int:
    """check, dump and solve: load, check and lay out, then say what was found (or print the model or route)."""
    from deckpress.build import prepare
    from deckpress.publish.dump import dump

    prepared = prepare(opts, dirs)
    status = _report(prepared.findings)
    if command == "check" or status != OK:
        if status == OK and prepared.games:
            print(f"deckpress: {', '.join(g.id for g in prepared.games)}: valid", file=sys.stderr)
        return status
    game = prepared.games[0]
    if command == "solve" and "solution" not in game.derived:
        print(f"deckpress: error: {game.id} has no solver among its checks", file=sys.stderr)
        return USAGE
    data = dump(game) if command == "dump" else game.derived["solution"]
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    print()
    return OK


def _site(out: Path) -> int:
    if not (out / MANIFEST).is_file():
        print(f"deckpress: error: nothing is built in {out}: run deckpress build first", file=sys.stderr)
        return USAGE
    from deckpress.publish.catalogue import catalogue  # pypdfium2 loads only for the catalogue
    from deckpress.publish.sums import sums_output

    with interrupts.deferred():
        entries = read_manifest(out)
        pages = catalogue(out, entries, {}, listings=recorded_listings(out))
        interrupts.check()
        write_outputs(out, [*pages, sums_output(out, entries, pages)])
    print(f"deckpress: wrote {out / 'index.html'}", file=sys.stderr)
    return OK


def _millimetres(text: str) -> float:
    """'3mm', '3 mm' or '3' -> 3.0, between 0 and 10."""
    value = float(text.strip().removesuffix("mm").strip())
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError("bleed must be 0-10 mm")
    return value


def _generate(folder: Path, shown: str, seed: int) -> int:
    from deckpress.findings import Findings
    from deckpress.generate import generate

    findings = Findings()
    written = generate(folder, shown, seed, findings)
    for finding in findings:
        print(finding, file=sys.stderr)
    if findings.errors:
        return FINDINGS
    print(f"deckpress: wrote {', '.join(str(p) for p in written)} (seed {seed})", file=sys.stderr)
    return OK


def _new(content: Path, game: str) -> int:
    from deckpress.scaffold import Refused, new_game

    try:
        written = new_game(content, game)
    except Refused as refused:
        print(f"deckpress: error: {refused}", file=sys.stderr)
        return USAGE
    print(f"deckpress: wrote {content / game} ({len(written)} files); build it with: deckpress build {game}",
          file=sys.stderr)
    return OK


def _watch(args: argparse.Namespace, opts: Options) -> int:
    """Build, then again on every save, until Ctrl-C (exit 130: whatever was built stays)."""
    from deckpress.watch import Watcher

    opts.out, opts.edition = args.out, args.edition
    opts.papers = (args.paper,) if args.paper else PAPERS
    try:
        Watcher(opts, args.games, max(1, args.jobs)).run()
    except KeyboardInterrupt:
        print("deckpress: stopped watching", file=sys.stderr)
        return INTERRUPTED
    return OK


def _defines(dirs: list[Path], edition: str) -> bool:
    """Whether any of these games lists `edition` (a cheap look before the full load)."""
    from deckpress.load import listed_editions

    return any(edition in (listed_editions(d)) for d in dirs)


def _report(findings: Findings, failed: str = "") -> int:
    """Every finding (the same problem on many cards once, naming them), then the count of errors if any."""
    grouped = findings.grouped()
    for finding in grouped:
        print(finding, file=sys.stderr)
    errors = sum(1 for g in grouped if g.severity == "error")
    if errors:
        print(f"deckpress: {errors} error{'s' * (errors != 1)}{failed}", file=sys.stderr)
        return FINDINGS
    return OK
