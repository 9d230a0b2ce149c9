"""Load stage: game folders and layout files, YAML to the typed model, every value with its file:line:col."""
