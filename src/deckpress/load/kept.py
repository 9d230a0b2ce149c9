"""Results kept standing, by exactly what they were made from: a form of type set once and printed from again.

One process may read the same sources many times: `deckpress watch` on every save, a check of each game in turn,
the test suite's hundreds of in-process runs over copies of the same content and one shared layouts/ folder.
What is kept is bounded, by count and by size, the least recently used let go first, so a long session never
grows without end; a result too large to keep among the others is not kept at all.
"""

from __future__ import annotations

import threading
from collections.abc import Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Kept(Generic[K, V]):
    """A bounded store of results by key, the least recently used let go first. A result's weight is what it costs
    to keep (the size of what it was read from): a store never holds more than `most` in all, and keeps none
    weighing more than a quarter of that."""

    def __init__(self, entries: int, most: int) -> None:
        self.entries, self.most, self.held = entries, most, 0
        self._kept: dict[K, tuple[V, int]] = {}  # in the order last used, the oldest first
        self._lock = threading.Lock()  # a watch builds on its own thread

    def __len__(self) -> int:
        return len(self._kept)

    def get(self, key: K) -> V | None:
        with self._lock:
            found = self._kept.pop(key, None)
            if found is None:
                return None
            self._kept[key] = found  # used last: let go last
            return found[0]

    def put(self, key: K, value: V, weight: int) -> bool:
        """Whether `value` is kept (not if it weighs more than a quarter of the most kept)."""
        if weight > self.most // 4:
            return False
        with self._lock:
            old = self._kept.pop(key, None)
            self.held += weight - (old[1] if old is not None else 0)
            self._kept[key] = (value, weight)
            while len(self._kept) > self.entries or self.held > self.most:
                self.held -= self._kept.pop(next(iter(self._kept)))[1]
        return True

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
            self.held = 0

    def items(self) -> list[tuple[K, V]]:
        """What is kept, by key (the oldest first): for a test to compare with what reading again gives."""
        with self._lock:
            return [(key, value) for key, (value, _) in self._kept.items()]
