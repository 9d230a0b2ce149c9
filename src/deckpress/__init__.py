"""deckpress: print-and-play games from YAML sources to cut-ready PDFs."""

__version__ = "0.1.0"
