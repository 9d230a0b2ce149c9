from deckpress.cli import entry

raise SystemExit(entry())
