"""Stone Market: the `stone-economy` check and its economy proofs, the `stone-market` deck generator, the equation
rows (`symbols`) and the stone shapes."""

# each registers itself as it is imported: its generator, its check, its element kind and shapes
from deckpress.plugins.stone_market import generator, stones, symbols  # noqa: F401
