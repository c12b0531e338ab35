"""The documentation gallery's pictures, taken in JupyterLab's light and dark
themes (they land in docs/gallery/img/, where the docs build picks them up)."""

from __future__ import annotations

from pathlib import Path

import harness as h
import pytest
from gallery import GALLERY_DIR, THEMES, game_names, luminance, make_gallery

pytestmark = pytest.mark.browser
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def test_gallery_pictures_light_and_dark(lab_server: h.JupyterServer, chromium: h.Browser, front_end_built: Path,
                                         console_guard) -> None:
    colours = make_gallery(lab_server, chromium, GALLERY_DIR, watch=console_guard)
    for game in game_names():
        pictures = {theme: (GALLERY_DIR / f"{game}-{theme}.png").read_bytes() for theme in THEMES}
        for theme, data in pictures.items():
            assert data.startswith(PNG_SIGNATURE) and len(data) > 5_000, f"{game}-{theme}.png is not a picture"
        assert pictures["light"] != pictures["dark"], f"{game}: the light and dark pictures are the same"
        # The table follows the theme: dark text on light, light text on dark.
        light, dark = luminance(colours["light"][game]), luminance(colours["dark"][game])
        assert light < 0.5 < dark, \
            f"{game}: table text {colours['light'][game]} (light), {colours['dark'][game]} (dark)"
