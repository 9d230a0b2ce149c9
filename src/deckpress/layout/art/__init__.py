"""Art by its shape and turned at any angle: how an icon or a picture fits its box (`fit`), where it is cut at
its box (`clip`), and where a turned element lies on its card (`turn`, `convex`)."""
