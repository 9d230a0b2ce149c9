from deckpress.cli import entry

entry()
