"""Check stage: the generic rules every game meets, and the registry of game-specific checks."""
