"""The score screens' colours, shared by every kit's deal-end and match-end layouts (UX-3)."""
from __future__ import annotations


GOLD = (255, 214, 90)
GREY = (190, 196, 186)
FAINT = (150, 156, 146)
