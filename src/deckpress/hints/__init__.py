"""Hints in findings: what the designer most likely meant (a name spelt another way, text YAML read as a
mapping), said beside what is wrong."""
