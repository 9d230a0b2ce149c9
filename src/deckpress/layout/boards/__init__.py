"""Boards larger than the paper: a `board` component laid out as one card of its size (`kind: board` layout), then
cut into pieces that fit the paper, glued at an overlap with registration crosses (`tiling`, `pieces`), or folded
in panels (`fold`); an assembly map (`assembly`); with bleed, one full-size page for print shops; read once in the
text edition (`reading`)."""
