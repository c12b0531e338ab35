"""The README as PyPI shows it (a hatchling metadata hook, set up in
pyproject.toml under ``[tool.hatch.metadata.hooks.custom]``).

PyPI shows images only from absolute ``http(s)`` URLs and resolves no relative
link, while GitHub and the docs read the README's relative ones
(``docs/img/table.svg``, ``docs/playing.md``).  When ``[project.urls]`` names
the repository (``Source = "https://github.com/OWNER/REPO"``), this hook makes
those links absolute, pointing at the release's tag ``vVERSION``: images at
``Source/raw/vVERSION/…``, pages at ``Source/blob/vVERSION/…``.  Without a
``Source`` URL the README goes out as it is: PyPI then shows the picture's
alt text instead of the picture.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from hatchling.metadata.plugin.interface import MetadataHookInterface

README = "README.md"
# A Markdown link or image whose target is a path of the repository (not a
# URL, an anchor or an e-mail address).
RELATIVE = re.compile(r"(?P<bang>!?)\[(?P<text>[^\]]*)\]\((?!https?:|mailto:|#)(?P<path>[^)\s]+)\)")


def absolute_links(text: str, source: str, version: str) -> str:
    """``text`` with its relative links and images made absolute on ``source``
    at tag ``v{version}``.

    >>> absolute_links("![T](docs/img/t.svg) [rules](docs/rules.md) [x](https://x.org)",
    ...                "https://github.com/o/r/", "1.0")
    '![T](https://github.com/o/r/raw/v1.0/docs/img/t.svg) [rules](https://github.com/o/r/blob/v1.0/docs/rules.md) [x](https://x.org)'
    """
    base = source.rstrip("/")

    def absolute(match: re.Match) -> str:
        kind = "raw" if match["bang"] else "blob"
        return f"{match['bang']}[{match['text']}]({base}/{kind}/v{version}/{match['path']})"

    return RELATIVE.sub(absolute, text)


class ReadmeHook(MetadataHookInterface):
    """Sets ``readme`` (dynamic in pyproject.toml) from README.md."""

    def update(self, metadata: dict[str, Any]) -> None:
        text = (Path(self.root) / README).read_text(encoding="utf-8")
        source = (metadata.get("urls") or {}).get("Source")
        if source:
            text = absolute_links(text, source, metadata["version"])
        metadata["readme"] = {"content-type": "text/markdown", "text": text}
