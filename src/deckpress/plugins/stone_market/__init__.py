"""Stone Market: the `stone-economy` check and its economy proofs, and the `stone-market` deck generator."""

from deckpress.plugins.stone_market import generator, stones  # noqa: F401  (each registers itself: generator, check)
