"""Two hatchling hooks: the README as PyPI shows it (a metadata hook, set up
in pyproject.toml under ``[tool.hatch.metadata.hooks.custom]``), and the
solver's hot loop compiled by mypyc (``CompileHook``, a build hook of the
wheel target, below).

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

import ast
import json
import os
import re
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface
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


# --- the solver's hot loop, compiled by mypyc (solitaire_widgets/compiled.py) ---
COMPILE = "SOLITAIRE_WIDGETS_COMPILE"  # "0": build pure Python (the in-browser app's wheel, a release)
PACKAGE = "solitaire_widgets"
RUNTIME = f"{PACKAGE}/compiled.py"  # names the modules (MODULES) and the record (RECORD) it reads


def compile_wanted() -> bool:
    return os.environ.get(COMPILE, "1").strip().lower() not in ("0", "false", "no", "off")


def compiled_modules(root: Path) -> tuple[tuple[str, ...], str]:
    """``MODULES`` and ``RECORD`` of solitaire_widgets/compiled.py, read
    without importing the package (its dependencies are not installed here)."""
    found = {}
    for node in ast.parse((root / RUNTIME).read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            if node.targets[0].id in ("MODULES", "RECORD"):
                found[node.targets[0].id] = ast.literal_eval(node.value)
    return tuple(found["MODULES"]), found["RECORD"]


def compile_hot_path(root: Path, out: Path, opt_level: str = "3") -> dict[str, Path]:
    """Compile the modules compiled.py names with mypyc into ``out``; return
    {path in the package tree: built file}: an extension per module, the
    group's shared library and the record of the sources' digests."""
    import hashlib
    import shutil

    from mypyc.build import mypycify
    from setuptools import Distribution

    modules, record = compiled_modules(root)
    sources = [f"{m.replace('.', '/')}.py" for m in modules]
    here = os.getcwd()
    os.chdir(root)  # mypy reads pyproject.toml's [tool.mypy] and finds the package from here
    try:
        extensions = mypycify(
            # the package's dependencies may be missing from the build's environment: typed Any there
            ["--ignore-missing-imports", "--follow-imports=silent", *sources],
            opt_level=opt_level, group_name=f"{PACKAGE}._compiled", target_dir=str(out / "c"))
        dist = Distribution({"name": PACKAGE, "ext_modules": extensions})
        build = dist.get_command_obj("build_ext")
        build.build_lib, build.build_temp = str(out / "lib"), str(out / "temp")  # type: ignore[attr-defined]
        build.ensure_finalized()
        build.run()
        built = {str(Path(build.get_ext_fullpath(e.name)).relative_to(out / "lib")).replace(os.sep, "/"):  # type: ignore[attr-defined]
                 Path(build.get_ext_fullpath(e.name)) for e in extensions}  # type: ignore[attr-defined]
    finally:
        os.chdir(here)
        shutil.rmtree(out / "temp", ignore_errors=True)
    # every source of the package (compiled.digests): the compiled code relies on what the others say too
    digests = {path.relative_to(root).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
               for path in sorted((root / PACKAGE).rglob("*.py"))}
    (out / record).write_text(json.dumps(digests, indent=1) + "\n")
    built[f"{PACKAGE}/{record}"] = out / record
    return built


def compiled_in_tree(root: Path) -> list[Path]:
    """The compiled files an editable install left in the package's folders."""
    modules, record = compiled_modules(root)
    found = [root / PACKAGE / record]
    for m in modules:
        source = root / f"{m.replace('.', '/')}.py"
        found += source.parent.glob(f"{source.stem}.*.so") or []
        found += source.parent.glob(f"{source.stem}.*.pyd") or []
    found += (root / PACKAGE).glob("_compiled__mypyc.*")
    return [p for p in found if p.is_file()]


class CompileHook(BuildHookInterface):
    """Compiles the solver's hot loop with mypyc where it can (a wheel: into
    the wheel, which is then for this platform; an editable install: beside
    the sources, with the record that keeps an edited source from being
    shadowed).  No C compiler, mypy failing, or ``SOLITAIRE_WIDGETS_COMPILE=0``:
    a pure-Python build, with a warning but no error."""

    PLUGIN_NAME = "custom"
    compiled_in: Path | None = None  # mypyc's output, a temporary folder (removed by finalize)

    def dependencies(self) -> list[str]:
        if not compile_wanted():
            return []
        # the mypy of the test extra's pin (mypyc ships with it)
        pins = [d for d in self.metadata.core.optional_dependencies.get("test", []) if d.startswith("mypy")]
        return [*pins[:1], "setuptools>=61"]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        editable = version == "editable"
        if editable:
            for stale in compiled_in_tree(root):  # a build of an older source, or one now unwanted
                stale.unlink()
        if not compile_wanted():
            return
        import tempfile
        import time

        out = self.compiled_in = Path(tempfile.mkdtemp(prefix="solitaire_widgets_mypyc_"))
        started = time.perf_counter()
        try:
            built = compile_hot_path(root, out)
        except Exception as error:  # no compiler, no mypy, a mypyc error: the pure-Python package still works
            self.app.display_warning(f"solitaire_widgets: the solver's hot loop was not compiled, pure Python runs "
                                     f"({type(error).__name__}: {str(error)[-500:]})")
            return
        self.app.display_info(f"solitaire_widgets: compiled {', '.join(compiled_modules(root)[0])} with mypyc "
                              f"in {time.perf_counter() - started:.0f} s")
        if editable:
            import shutil

            for target, path in built.items():
                shutil.copyfile(path, root / target)
        else:
            build_data["force_include"].update({str(path): target for target, path in built.items()})
            build_data["pure_python"] = False
            build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        import shutil

        if self.compiled_in is not None:  # the wheel or the tree holds its copies now
            shutil.rmtree(self.compiled_in, ignore_errors=True)
