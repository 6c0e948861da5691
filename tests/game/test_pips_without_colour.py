"""Issue 41, "seeing less, not nothing": the dots, not the colours, carry a tile's number.

Every half face of both palettes is seen as a person with each common colour-vision
deficiency sees it (protanopia, deuteranopia and tritanopia, Machado, Oliveira and
Fernandes 2009, severity 1), then in grey alone; its dark marks, counted as separate
blobs on the light face, must number exactly the pips it stands for, 0 to 12.  A pip
colour too close to the face in lightness would merge into it and fail here.
"""
from __future__ import annotations

import numpy as np
import pygame
import pytest

from game import assets
from test_assets import components

#: Linear-RGB simulation matrices (Machado et al. 2009, severity 1.0).
DEFICIENCIES = {
    "protanopia": np.array([[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "tritanopia": np.array([[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602],
                            [0.004733, 0.691367, 0.303900]]),
    "none": np.eye(3),
}


def _linear(c: np.ndarray) -> np.ndarray:
    c = c / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


#: The tile's face under the marks (tools/make_art.py: ivory).
FACE = np.array([0xF7, 0xF1, 0xE3], dtype=float)


def _marks_seen(n: int, palette: str, deficiency: str) -> int:
    surf = assets.half_face(n, "pips", palette)  # the marks, transparent around them
    rgb = pygame.surfarray.array3d(surf).astype(float).transpose(1, 0, 2)
    alpha = (pygame.surfarray.array_alpha(surf).T / 255.0)[..., None]
    on_face = rgb * alpha + FACE * (1 - alpha)  # as drawn on the tile
    matrix = DEFICIENCIES[deficiency].T
    weights = np.array([0.2126, 0.7152, 0.0722])
    luminance = np.clip(_linear(on_face) @ matrix, 0, 1) @ weights
    face = float(np.clip(_linear(FACE) @ matrix, 0, 1) @ weights)
    # a mark: clearly darker than the face in lightness alone (a highlight inside it is a hole)
    return components(luminance < face * 0.6, diagonal=True)


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


@pytest.mark.parametrize("palette", assets.PALETTES)
@pytest.mark.parametrize("deficiency", sorted(DEFICIENCIES))
def test_every_number_is_its_count_of_dots_without_its_colour(palette, deficiency):
    counts = {n: _marks_seen(n, palette, deficiency) for n in range(assets.TOP + 1)}
    assert counts == {n: n for n in counts}, counts


def test_the_check_sees_marks_that_only_colour_tells_from_the_face(monkeypatch):
    """The check can fail: five pips in a pale yellow as light as the face are not seen."""
    pale = pygame.Surface((64, 64), pygame.SRCALPHA)
    for x, y in ((12, 12), (52, 12), (32, 32), (12, 52), (52, 52)):
        pygame.draw.circle(pale, (0xF2, 0xE4, 0x9E, 255), (x, y), 6)
    monkeypatch.setattr(assets, "half_face", lambda n, style, palette: pale)
    assert _marks_seen(5, "standard", "none") != 5
