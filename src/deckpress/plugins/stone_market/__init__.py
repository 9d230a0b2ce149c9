"""Stone Market: the `stone-economy` check and its economy proofs."""

from deckpress.plugins.stone_market import stones, symbols  # noqa: F401  (register its check; its element kind, shapes)
