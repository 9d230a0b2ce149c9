"""Publish stage: the atomic commit into the out folder, the build state, the manifest, the catalogue and the
text edition."""
