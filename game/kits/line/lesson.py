"""The line games' lessons (issue 31): Cuban's and Jamaican's first hands, one module each."""
from __future__ import annotations

from ...lessons import Lesson
from . import lesson_cuban, lesson_jamaican


def lesson(game: str) -> Lesson:
    """The guided first hand of ``game`` (``game.lessons.lesson_for``)."""
    return {"cuban": lesson_cuban.lesson, "jamaican": lesson_jamaican.lesson}[game]()
