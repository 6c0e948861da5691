"""The Domino Table program (pygame-ce): loop, scenes, input and rendering."""
