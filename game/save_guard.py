"""Nothing lost without a word (issue 29): what the App says about its autosave.

- ``tell_recovered``: a damaged autosave was resumed as far as it could be read
  (``storage.LoadResult.recovered``): how many moves were kept, how many could
  not be read, and where the damaged files were set aside.

Kept apart from ``game.app`` so that the App only calls in at a few places.
"""
from __future__ import annotations

from . import i18n


def recovered_text(result) -> str:
    """The message for a ``LoadResult`` with ``recovered`` set, in the current language."""
    kept = i18n.t("save.recovered_kept", count=result.kept)
    lost = i18n.t("save.recovered_lost", count=result.lost) if result.lost else ""
    if result.moved_to is not None:
        return i18n.t("save.recovered", kept=kept, lost=lost, file=str(result.moved_to)).replace(" \n", "\n")
    return i18n.t("save.recovered_not_moved", kept=kept, lost=lost,
                  file=str(result.path)).replace(" \n", "\n")


def tell_recovered(app, result) -> None:
    """Show what a damaged autosave kept, over the resumed table."""
    app.show_message(i18n.t("save.recovered_title"), recovered_text(result))
