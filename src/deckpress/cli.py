"""Command line: deckpress build | check | dump | solve | generate | site | serve | new | watch | export |
translations.

Exit status 0 ok, 1 findings, 2 usage, 130 Ctrl-C.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from deckpress import interrupts, loading
from deckpress.arguments import USAGE, misplaced, parser
from deckpress.findings import escaped
from deckpress.leaving import UNWRITABLE, leave, silenced, unwritten
from deckpress.options import PAPERS, Options, layout_folders
from deckpress.paths import MAX_ID, NAME, RESERVED, TreeTooLarge, source_holding
from deckpress.publish.incremental import damage, freshness, recorded_listings
from deckpress.publish.lock import out_lock
from deckpress.publish.manifest import MANIFEST, read_manifest
from deckpress.publish.staging import write_outputs
from deckpress.publish.stale import gone_games
from deckpress.publish.write import CommitError, check_out

if TYPE_CHECKING:
    from deckpress.findings import Findings

# The pipeline modules load inside the commands that need them: a build with nothing to do stays quick.

OK, FINDINGS, INTERRUPTED = 0, 1, 130  # and USAGE (2), from deckpress.arguments


def main(argv: list[str] | None = None) -> int:
    try:
        return run(parser().parse_args(argv))
    except BrokenPipeError:  # `deckpress dump GAME | head`: the reader has what it wanted
        silenced()
        return OK
    except KeyboardInterrupt:  # taken only before the files are committed (deckpress.interrupts)
        print("deckpress: interrupted; nothing was written", file=sys.stderr)
        return INTERRUPTED
    except CommitError as exc:  # the out folder refused a file: every move made was undone
        print(f"deckpress: error: {exc}", file=sys.stderr)
        return FINDINGS
    except TreeTooLarge as exc:  # a game or layout folder holds far more than sources: said before it is read
        print(f"deckpress: {exc}", file=sys.stderr)
        return FINDINGS
    except OSError as exc:  # what it says cannot be written (`dump GAME > /dev/full`): said, not a traceback
        if exc.errno not in UNWRITABLE:
            raise
        return unwritten(exc)


def entry() -> NoReturn:
    """The `deckpress` command (deckpress.leaving: how its process ends)."""
    leave(main())


def run(args: argparse.Namespace) -> int:
    if args.command in ("build", "site", "watch", "export"):
        problem = check_out(args.out) or source_holding(args.out, getattr(args, "content", None),
                                                        getattr(args, "layouts", None) or [])
        if problem is not None:
            print(f"deckpress: error: --out: {problem}", file=sys.stderr)  # before any work is done in vain
            return USAGE
    if args.command in ("build", "site", "export"):  # watch takes the lock for each build it makes
        with out_lock(args.out):
            return _command(args)
    return _command(args)


def _command(args: argparse.Namespace) -> int:
    if args.command == "site":
        return _site(args.out, args.content)
    if args.command == "serve":
        from deckpress.publish.serve import serve

        return serve(args.out, args.port, args.full)
    if args.command == "new":
        return _new(args.content, args.game, args.cards, args.sheet)
    wanted = [args.game] if args.command in ("dump", "solve", "generate", "translations") else args.games
    dirs = _game_dirs(args.content, wanted, getattr(args, "edition", None))
    if dirs is None:
        return USAGE
    opts = Options(content=args.content, layouts=layout_folders(args.layouts))
    if args.command == "generate":
        return _generate(dirs[0], f"{args.content.as_posix()}/{args.game}", args.seed, opts.layouts)
    if args.command == "build":
        return _build(args, opts, dirs)
    if args.command == "translations":
        from deckpress.translation.command import translations

        return translations(dirs[0], opts, _report)
    if args.command == "watch":
        return _watch(args, opts)
    if args.command == "export":
        return _export(args, opts, dirs)
    return _look(args.command, opts, dirs)


def _game_dirs(content: Path, wanted: list[str], edition: str | None) -> list[Path] | None:
    """The folders of the games asked for (all, if none is named); None, said why, when they cannot be built."""
    found = {p.parent.name: p.parent for p in sorted(content.glob("*/game.yaml"))}
    misnamed = [n for n in found if not NAME.fullmatch(n) or n in RESERVED or len(n) > MAX_ID]
    for name in misnamed:  # the folder's name names the game's files and URLs in the out folder
        print(f"deckpress: {escaped(found[name].as_posix())}: error: a game's folder name is its id: lowercase "
              f"letters, digits and hyphens, at most {MAX_ID} characters, and not {', '.join(sorted(RESERVED))}; "
              "rename the folder", file=sys.stderr)
    if misnamed:
        return None
    unknown = [g for g in wanted if g not in found]
    if not found or unknown:
        names = ", ".join(found) or "none"
        what = f"unknown game {', '.join(unknown)}" if unknown else f"no games in {content}"
        print(escaped(f"deckpress: error: {what} (games: {names})"), file=sys.stderr)
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
    opts.out, opts.games, opts.edition, opts.fallback = args.out, args.games, args.edition, args.fallback
    opts.bold, opts.high_contrast = args.bold, args.high_contrast
    opts.papers = (args.paper,) if args.paper else PAPERS
    given = {"duplex": args.duplex, "offset_x": args.offset_x, "offset_y": args.offset_y, "fold": args.fold,
             "bleed_mm": args.bleed}
    opts.printing = {k: v for k, v in given.items() if v is not None}
    for problem in damage(opts.out):  # state files are untrusted: a damaged one only means building again
        print(f"deckpress: warning: {problem}", file=sys.stderr)
    fresh = freshness(dirs, opts.layouts, opts.key(), opts.out)
    gone = set() if args.games else gone_games(opts.out, opts.content)  # a build of every game: the rest are gone
    if fresh.current == {d.name for d in dirs} and not gone and not fresh.unpublished:
        print(f"deckpress: {', '.join(d.name for d in dirs)}: up to date, nothing rendered", file=sys.stderr)
        return OK
    # Ctrl-C is taken at the build's safe points from here on, the imports' too (a KeyboardInterrupt inside an
    # import could end the process by SIGINT, not 130) and the report's (once committed, a Ctrl-C changes nothing)
    with interrupts.deferred():
        with loading("deckpress.build"):
            from deckpress.build import build
        press = build(opts, dirs, max(1, args.jobs), fresh, gone)
        status = _report(press.findings, "; nothing was written")
        if status == OK and press.up_to_date:
            print(f"deckpress: {', '.join(press.up_to_date)}: up to date, nothing rendered", file=sys.stderr)
        if status == OK and fresh.unpublished:
            print(f"deckpress: {', '.join(str(opts.out / f) for f in fresh.unpublished)}: not as the last build "
                  "left them (a file missing, changed or added): made again from what is built", file=sys.stderr)
        if status == OK and press.ids:
            print(f"deckpress: {', '.join(press.ids)}: built into {opts.out}", file=sys.stderr)
        if status == OK and press.gone:
            print(escaped(f"deckpress: {', '.join(press.gone)}: no longer in {opts.content}; its files are taken "
                          f"away from {opts.out}"), file=sys.stderr)
        if status == OK and press.stale:  # a game's exports that would show other cards than its PDFs now do are gone
            from deckpress.export import stale_said

            for line in stale_said(press):
                print(line, file=sys.stderr)
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


def _site(out: Path, content: Path) -> int:
    if not (out / MANIFEST).is_file():
        print(f"deckpress: error: nothing is built in {out}: run deckpress build first", file=sys.stderr)
        return USAGE
    from deckpress.publish.catalogue import catalogue  # pypdfium2 loads only for the catalogue
    from deckpress.publish.earlier import not_on_disk
    from deckpress.publish.publications import publications
    from deckpress.publish.stale import taken_away
    from deckpress.publish.sums import sums_output
    from deckpress.publish.trusted import disagreements

    with interrupts.deferred():
        entries = read_manifest(out)
        if said := [*not_on_disk(out, entries), *disagreements(content, entries)]:
            print("\n".join(f"deckpress: {line}" for line in said), file=sys.stderr)
            print(f"deckpress: {len(said)} error{'s' * (len(said) != 1)}; nothing was written: run deckpress build",
                  file=sys.stderr)
            return FINDINGS
        pages = catalogue(out, entries, {}, listings=recorded_listings(out))
        shared = publications(out, entries, pages, recorded_listings(out))  # the public catalogue, host's bundles
        interrupts.check()
        write_outputs(out, [*pages, *shared.outputs, sums_output(out, entries, pages)],
                      taken_away(out, entries, pages, shared.removed))
    print(f"deckpress: wrote {out / 'index.html'}", file=sys.stderr)
    return OK


def _generate(folder: Path, shown: str, seed: int, layouts: list[Path]) -> int:
    from deckpress.findings import Findings
    from deckpress.generate import generate

    findings = Findings()
    written = generate(folder, shown, seed, findings, layouts)
    for finding in findings:
        print(finding, file=sys.stderr)
    if findings.errors:
        return FINDINGS
    print(f"deckpress: wrote {', '.join(str(p) for p in written)} (seed {seed})", file=sys.stderr)
    return OK


def _new(content: Path, game: str, cards: Path | None, sheet: str | None) -> int:
    from deckpress.scaffold import Refused, SheetFindings, new_game

    try:
        written = new_game(content, game, cards, sheet)
    except Refused as refused:
        print(f"deckpress: error: {refused}", file=sys.stderr)
        return USAGE
    except SheetFindings as sheet_said:  # each where it stands in the sheet, as a build says a source's
        return _report(sheet_said.findings, "; nothing was written")
    print(f"deckpress: wrote {content / game} ({len(written)} files); build it with: deckpress build {game}",
          file=sys.stderr)
    return OK


def _watch(args: argparse.Namespace, opts: Options) -> int:
    """Build, then again on every save, until Ctrl-C (exit 130: whatever was built stays)."""
    from watchfiles._rust_notify import WatchfilesRustInternalError

    from deckpress.watch import Watcher

    opts.out, opts.edition = args.out, args.edition
    opts.papers = (args.paper,) if args.paper else PAPERS
    try:
        Watcher(opts, args.games, max(1, args.jobs)).run()
    except KeyboardInterrupt:
        print("deckpress: stopped watching", file=sys.stderr)
        return INTERRUPTED
    except WatchfilesRustInternalError as exc:  # e.g. a file name the watcher cannot read (not UTF-8): said
        print(f"deckpress: error: stopped watching: {exc}{'; rename it' * ('decode path' in str(exc))}",
              file=sys.stderr)
        return FINDINGS
    return OK


def _export(args: argparse.Namespace, opts: Options, dirs: list[Path]) -> int:
    """Each game's export into <out>/<game>/export/<target>/, committed with the manifest as a build is."""
    if said := misplaced(args):
        print(f"deckpress: error: {said}", file=sys.stderr)
        return USAGE
    with interrupts.deferred():  # as a build: Ctrl-C at the safe points, none once the files are committed
        from deckpress.export import Request, export, places

        request = Request(args.to, args.out, args.edition, args.base_url, args.dpi, args.bleed, args.vendor,
                          tuple(args.px) if args.px else None, tuple(args.games))
        findings, games = export(opts, dirs, request)
        if (status := _report(findings, "; nothing was written")) == OK:
            print(f"deckpress: {', '.join(d.name for d in dirs if d.name in games)}: exported into "
                  f"{places(args.out, games, args.to)}", file=sys.stderr)  # not a game left out: nothing to order
        return status


def _defines(dirs: list[Path], edition: str) -> bool:
    """Whether any of these games lists `edition` (a cheap look before the full load), or one's game.yaml cannot
    tell: then the full load says what is wrong with it, which matters more."""
    from deckpress.load import listed_editions

    return any((listed := listed_editions(d)) is None or edition in listed for d in dirs)


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
