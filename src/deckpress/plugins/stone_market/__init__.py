"""Stone Market: the `stone-economy` check and its economy proofs."""

from deckpress.plugins.stone_market import stones  # noqa: F401  (registers its check)
