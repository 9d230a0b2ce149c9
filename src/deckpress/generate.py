"""`deckpress generate GAME --seed S`: original card decks made by a deterministic generator.

The generator owns its random numbers (SHA-256 in counter mode), so the same seed and
generator version give the same bytes on every machine and Python version. It keeps
drawing until a deck passes every check of the game, then writes the card files.
"""

from __future__ import annotations

import hashlib
import itertools
import os
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from deckpress.findings import Findings, Loc
from deckpress.load import load_game
from deckpress.load.game import read_game_parameters
from deckpress.load.reading import Reading
from deckpress.plugins.stone_market.economy import expected_rolls
from deckpress.plugins.stone_market.stones import MAX_SIDE
from deckpress.templating import Templates

T = TypeVar("T")
GENERATOR_VERSION = 1
MAX_ATTEMPTS = 50


class Stream:
    """Deterministic random numbers: SHA-256 of (label, counter), read 4 bytes at a time."""

    def __init__(self, label: str) -> None:
        self.label, self.counter, self.buffer = label, 0, b""

    def u32(self) -> int:
        if len(self.buffer) < 4:
            self.buffer += hashlib.sha256(f"{self.label}:{self.counter}".encode()).digest()
            self.counter += 1
        value, self.buffer = int.from_bytes(self.buffer[:4], "big"), self.buffer[4:]
        return value

    def below(self, n: int) -> int:
        """Uniform in 0..n-1 (rejection sampling, no modulo bias)."""
        limit = (1 << 32) - (1 << 32) % n
        while (value := self.u32()) >= limit:
            pass
        return value % n

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        for i in range(len(out) - 1, 0, -1):  # Fisher-Yates
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


Generator = Callable[[dict[str, Any], int, int], dict[str, str]]
GENERATORS: dict[str, Generator] = {}


def generate(game_dir: Path, shown: str, seed: int, findings: Findings) -> list[Path]:
    """Write a generated deck into the game folder, or report why none could be made."""
    params = read_game_parameters(Reading(findings, Templates(), game_dir, shown))
    if params is None or findings.errors:
        return []
    name = params.get("generator")
    where = Loc(f"{shown}/game.yaml")
    if name not in GENERATORS:
        findings.error(where, f"game {game_dir.name} has no generator (set parameter 'generator' to one of {', '.join(GENERATORS)})")
        return []
    for attempt in range(MAX_ATTEMPTS):
        files = GENERATORS[name](params, seed, attempt)
        if _passes(game_dir, files):
            return _write(game_dir, files)
    findings.error(where, f"no deck passed every check in {MAX_ATTEMPTS} attempts with seed {seed}")
    return []


def _passes(game_dir: Path, files: dict[str, str]) -> bool:
    """Validate a candidate deck in a scratch copy of the game folder."""
    from deckpress.check.validate import validate_game

    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch) / game_dir.name
        copy.mkdir()
        for source in game_dir.iterdir():
            if source.is_file():
                (copy / source.name).write_bytes(source.read_bytes())
        for name, text in files.items():
            (copy / name).write_text(text, encoding="utf-8")
        findings, templates = Findings(), Templates()
        game = load_game(copy, str(copy), findings, templates)
        if game is not None:
            validate_game(game, {}, templates, findings, building=[])
        return not findings.errors


def _write(game_dir: Path, files: dict[str, str]) -> list[Path]:
    written = []
    for name, text in files.items():
        target = game_dir / name
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=game_dir, delete=False, suffix=".tmp") as tmp:
            tmp.write(text)
        os.replace(tmp.name, target)
        written.append(target)
    return written


def stone_market(params: dict[str, Any], seed: int, attempt: int) -> dict[str, str]:
    """Exchange cards and wares from a hidden value per stone: every equation balances those values."""
    stream = Stream(f"deckpress/stone-market/v{GENERATOR_VERSION}/seed={seed}/attempt={attempt}")
    names: list[str] = params["stones"]
    letters = [params["stone_letters"][n] for n in names]
    values = dict(zip(names, stream.shuffled(range(1, 9))[: len(names)], strict=True))
    worth = [values[n] for n in names]
    cards, per_card = params["exchange_cards"], params["equations_per_card"]
    # the fewest stones first (in shuffled order among equals): short trades are easier to read and to make
    shuffled = stream.shuffled(_balanced_equations(worth))
    candidates = sorted(shuffled, key=lambda e: len(e[0]) + len(e[1]))[: cards * per_card]
    candidates = stream.shuffled(candidates)
    equations = [(right, left) if stream.below(2) else (left, right) for left, right in candidates]
    wares = stream.shuffled(list(itertools.combinations_with_replacement(range(len(names)), params["stones_per_ware"])))
    wares = wares[: params["wares"]]
    stars = _stars(wares, params, len(names))
    provenance = (f"generated: {{generator: stone-market, version: {GENERATOR_VERSION}, seed: {seed}, attempt: {attempt}, "
                  f"values: {{{', '.join(f'{n}: {v}' for n, v in values.items())}}}}}\n")
    header = f"# Made by `deckpress generate stone-market --seed {seed}`. Generate again rather than edit.\n"
    side = lambda s: " ".join(letters[i] for i in s)  # noqa: E731
    exchange_lines = [header, provenance, "cards:\n"]
    for c in range(cards):
        exchange_lines.append("  - equations:\n")
        exchange_lines += [f"      - {side(a)} = {side(b)}\n" for a, b in equations[c * per_card:(c + 1) * per_card]]
    ware_lines = [header, provenance, "cards:\n"]
    ware_lines += [f"  - {{stones: {side(w)}, stars: {stars[w]}}}\n" for w in wares]
    return {"exchanges.yaml": "".join(exchange_lines), "wares.yaml": "".join(ware_lines)}


def _balanced_equations(worth: list[int]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every pair of sides (1-4 stones, no stone on both sides) of equal worth, each pair once."""
    sides = [s for k in range(1, MAX_SIDE + 1) for s in itertools.combinations_with_replacement(range(len(worth)), k)]
    out = []
    for left, right in itertools.combinations(sides, 2):
        if not set(left) & set(right) and sum(worth[i] for i in left) == sum(worth[i] for i in right):
            out.append((left, right))
    return out


def _stars(wares: list[tuple[int, ...]], params: dict[str, Any], colours: int) -> dict[tuple[int, ...], int]:
    """The hardest wares to collect with the die get two stars, the next hardest one; as many as declared."""
    faces = params["die_faces"]
    choice = sum(f not in params["stones"] for f in faces)
    difficulty = {w: expected_rolls(tuple(w.count(i) for i in range(colours)), len(faces), choice) for w in wares}
    ranked = sorted(wares, key=lambda w: (-difficulty[w], w))
    plain, one, two = params["star_counts"]
    return {w: 2 if r < two else 1 if r < two + one else 0 for r, w in enumerate(ranked)}


GENERATORS["stone-market"] = stone_market
