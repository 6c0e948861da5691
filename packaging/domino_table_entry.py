"""The frozen program's entry point (PyInstaller runs this file as __main__).

``game.frozen.prepare()`` runs before anything imports pygame: it gives a
windowed build somewhere to write errors (the user log dir) and hides pygame's
support prompt.  Then the program is exactly ``python -m game``.
"""
import sys

from game import frozen

frozen.prepare()

from game.__main__ import main  # noqa: E402  (after prepare: no pygame import before it)

if __name__ == "__main__":
    sys.exit(main())
