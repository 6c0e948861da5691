"""``python -m game`` numeric options have upper bounds; an unwritable screenshot gives one line (issue 13, item 4)."""
from __future__ import annotations

import pytest

from game.__main__ import LIMITS, MAX_WINDOW_SIDE, main


@pytest.mark.parametrize("argv,words", [
    (["--seed", str(LIMITS["seed"] + 1)], "--seed must be at most"),
    (["--demo", "9" * 30], "--demo must be at most"),
    (["--screenshot", "x.png", "--after", str(LIMITS["after"] + 1)], "--after must be at most"),
    (["--smoke-test", "10" + "0" * 12], "--smoke-test must be at most"),
    (["--size", f"{MAX_WINDOW_SIDE + 1}x600"], "--size must be at most"),
    (["--screenshot", "/no/such/folder/shot.png"], "cannot be written"),
    (["--screenshot", "/"], "needs a .png"),
])
def test_out_of_bounds_options_give_one_clear_line(argv, words, capsys, tmp_path):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1, err


def test_a_folder_named_like_a_screenshot_cannot_be_written(capsys, tmp_path):
    folder = tmp_path / "shot.png"
    folder.mkdir()
    with pytest.raises(SystemExit):
        main(["--screenshot", str(folder)])
    assert "cannot be written" in capsys.readouterr().err


@pytest.mark.parametrize("size", [(64, 40), (2600, 1600)])  # a small frame, and one compressed fast
def test_a_screenshot_png_holds_exactly_the_frame(size, tmp_path):
    """Issue 40: the largest window's screenshot took minutes in pygame's PNG encoder; the
    program's own (each row unfiltered, deflated fast above FAST_PNG_PIXELS) keeps every pixel."""
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import random

    import pygame

    from game.__main__ import FAST_PNG_PIXELS, write_image
    pygame.init()
    surface = pygame.Surface(size)
    rng = random.Random(size[0])
    for _ in range(200):
        colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        surface.fill(colour, (rng.randrange(size[0]), rng.randrange(size[1]), rng.randrange(1, 300), rng.randrange(1, 300)))
    assert (size[0] * size[1] > FAST_PNG_PIXELS) == (size[0] > 64)
    out = tmp_path / "shot.png"
    write_image(surface, str(out))
    back = pygame.image.load(str(out))
    assert back.get_size() == size
    assert pygame.image.tobytes(back, "RGB") == pygame.image.tobytes(surface, "RGB")
