"""The tables of sheets, each sized on its own: its keys (`keys`), its geometry over a sheet layout (`geometry`),
and its cells of icons drawn at a size (`cells`)."""
