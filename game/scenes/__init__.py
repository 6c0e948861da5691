"""The program's scenes: title, new game, settings, overlays (shell) and the table (table helper)."""
