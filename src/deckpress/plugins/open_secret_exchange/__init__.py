"""Open Secret Exchange: the `exchange-routes` check and its route solver."""

from deckpress.plugins.open_secret_exchange import entries, exchange  # noqa: F401  (register its element kind; check)
