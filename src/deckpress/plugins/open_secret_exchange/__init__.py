"""Open Secret Exchange: the `exchange-routes` check and its route solver."""

from deckpress.plugins.open_secret_exchange import exchange  # noqa: F401  (registers its check)
