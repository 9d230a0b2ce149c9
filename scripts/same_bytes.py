"""`make same-bytes REF=<commit>`: the catalogue built by REF and by the working tree, compared byte for byte.

Each side builds with its own code, content and layouts, as `make decks` builds (its layouts/ found where it is
run, not named again with --layouts), three times (plain; duplex long-edge with 3 mm bleed; fold-and-glue), into
fresh out folders; every file written is compared by SHA-256. The build state file is left
out: it fingerprints deckpress's own code, so it differs whenever the code does, by design.
Exit 0 when every build gives the same bytes, 1 otherwise (each differing file listed).
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILDS = {"plain": [], "duplex-bleed": ["--duplex", "long-edge", "--bleed", "3"], "fold": ["--fold"]}
NOT_COMPARED = {".deckpress-inputs.json"}
RUN = "import sys; sys.path.insert(0, sys.argv[1]); from deckpress.cli import main; sys.exit(main(sys.argv[2:]))"


def checkout(ref: str, into: Path) -> Path:
    """REF's tracked files, as git archive gives them."""
    archive = into / "ref.tar"
    subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", "-o", str(archive), ref], check=True)
    tree = into / "ref"
    with tarfile.open(archive) as tar:
        tar.extractall(tree, filter="data")
    return tree


def build(tree: Path, out: Path, options: list[str]) -> None:
    """As `make decks` builds, in the tree: its layouts/ are those searched unless told."""
    args = ["build", "--content", str(tree / "content"), "--out", str(out)]
    subprocess.run([sys.executable, "-c", RUN, str(tree / "src"), *args, *options], check=True, cwd=tree)


def digests(out: Path) -> dict[str, str]:
    return {p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(out.rglob("*")) if p.is_file() and p.name not in NOT_COMPARED}


def compare(ref: str) -> list[str]:
    """Every difference between REF's builds and the working tree's, as lines; none when all bytes agree."""
    differences = []
    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch)
        ref_tree = checkout(ref, base)
        for name, options in BUILDS.items():
            sides = {}
            for side, tree in (("ref", ref_tree), ("work", ROOT)):
                out = base / f"{side}-{name}"
                build(tree, out, options)
                sides[side] = digests(out)
            before, after = sides["ref"], sides["work"]
            for path in sorted(before.keys() | after.keys()):
                if before.get(path) != after.get(path):
                    what = "only in ref" if path not in after else "only in work" if path not in before else "differs"
                    differences.append(f"{name}: {path}: {what}")
            print(f"{name}: {len(after)} files compared", file=sys.stderr)
    return differences


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: same_bytes.py REF", file=sys.stderr)
        return 2
    differences = compare(argv[0])
    for line in differences:
        print(line)
    print(f"same-bytes: {'no difference' if not differences else f'{len(differences)} files differ'} against {argv[0]}",
          file=sys.stderr)
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
