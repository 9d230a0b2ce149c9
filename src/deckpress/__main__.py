from deckpress import entry

entry()
