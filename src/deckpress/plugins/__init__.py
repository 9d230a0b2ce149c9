"""Game plugin packages, one per game that needs Python: each registers its checks (and what else it provides)
as it is imported. `deckpress.check.plugins.load_plugins` imports every package found here."""
