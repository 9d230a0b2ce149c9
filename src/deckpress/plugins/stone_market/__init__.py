"""Stone Market: the `stone-economy` check and its economy proofs, the `stone-market` deck generator, the equation
rows (`symbols`), whose stone shapes are icons of the game's folder (content/stone-market/icons)."""

# each registers itself as it is imported: its generator, its check, its element kind
from deckpress.plugins.stone_market import generator, stones, symbols  # noqa: F401
