"""Lists in the rules, bulleted or numbered and nested: each entry's label, indent and structure (`entries`)."""
