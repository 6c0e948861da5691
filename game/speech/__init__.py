"""Play by ear (issue 41): speech at the table, the review keys and the speech log.

``hub.Speech`` is the App's one object for it: the narrator (``narrator``: what changed at
the table, in words from ``words``), the speech log (``--speech-log``: every line, also
with speech off), the review keys' answers, and, with the setting on, the speech manager
(``manager``: one worker thread, three priorities) over an engine (``engines``: espeak-ng
or pyttsx3 rendering a WAV, played on a mixer channel of its own).
"""
from .hub import Speech

__all__ = ["Speech"]
