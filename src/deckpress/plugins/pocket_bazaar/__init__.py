"""The Pocket Bazaar: the pictograms of its collections."""

from deckpress.plugins.pocket_bazaar import pictograms  # noqa: F401  (registers its pictograms)
