"""The ``gupai-learn`` command: open the course after ``pip install``, or count your stars.

    gupai-learn lab [DIR] [--port N]   copy the lessons into DIR (default ./gupai-lessons) and
                                       open 00.00 in JupyterLab on 127.0.0.1 (needs [lab])
    gupai-learn progress               your stars, chapter by chapter
    gupai-learn --help

``lab`` adds the lessons DIR does not have yet and keeps every lesson already there (your
answers and notes stay yours); only the lesson map ``syllabus.toml`` is refreshed. The new
copies are trusted, so their pictures show before any cell runs. The server listens on
127.0.0.1 only, with a fresh random token; the command prints the address to open.

Problems (DIR is empty, a file or cannot be written; a lesson or the lesson map in DIR is a
folder, a broken link or read-only; the port is taken; JupyterLab is missing) are reported in
one line before anything is copied, and the exit code is 2. Every path is checked first.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import warnings
from collections.abc import Sequence
from pathlib import Path

START = "00.00-Start.ipynb"
#: JupyterLab settings for the lessons: no news pop-up and no update check (no request leaves
#: the machine); widget state saved with the notebook, so a lesson reopened after its kernel
#: ended still draws its widgets; the same as binder/overrides.json
OVERRIDES = {
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
    "@jupyter-widgets/jupyterlab-manager:plugin": {"saveState": True},
}
SYLLABUS = "syllabus.toml"
DEFAULT_DIR = "gupai-lessons"
DEFAULT_PORT = 8888


class UsageProblem(Exception):
    """Something the learner can fix; its message is printed as one line."""


#: Longest part of a path quoted in a message (a longer one is cut, "…" marking the cut).
PATH_QUOTE = 200


def shown(path: Path | str) -> str:
    """A path for a one-line message: at most :data:`PATH_QUOTE` characters, on one line."""
    text = " ".join(str(path).splitlines())
    return text if len(text) <= PATH_QUOTE else text[: PATH_QUOTE - 1] + "…"


def lessons_folder(text: str) -> Path:
    """The folder ``lab`` copies into, from the command line's DIR (empty text is refused, not
    taken for the current folder), made absolute."""
    if not text.strip():
        raise UsageProblem(f"DIR is empty: name a folder for the lessons (default ./{DEFAULT_DIR})")
    try:
        return Path(text).expanduser().resolve()
    except (OSError, RuntimeError, ValueError) as error:
        raise UsageProblem(f"cannot use {shown(text)} as a folder: {_why(error)}") from None


def _why(error: BaseException) -> str:
    """An OSError's reason in a few words (its strerror), else its type's name."""
    return getattr(error, "strerror", None) or type(error).__name__


def lessons_source() -> Path:
    """The folder the lessons are copied from: the wheel's ``gupai_learn/lessons`` or, in a
    checkout of the repository, its top-level ``lessons/``."""
    here = Path(__file__).resolve().parent
    for folder in (here / "lessons", here.parent / "lessons"):
        if (folder / SYLLABUS).is_file():
            return folder
    raise UsageProblem("the lessons are missing from this installation: reinstall gupai-learn")


def check_folder(folder: Path) -> None:
    """Make sure ``folder`` is (or can become) a folder we may write in; create it."""
    try:
        if folder.exists() and not folder.is_dir():
            raise UsageProblem(
                f"{shown(folder)} is a file, not a folder: name a folder for the lessons"
            )
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        raise UsageProblem(
            f"cannot write the lessons into {shown(folder)}: {_why(error)}"
        ) from None


def port_free(port: int) -> bool:
    """Whether ``port`` on 127.0.0.1 can be listened on."""
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def choose_port(port: int | None) -> int:
    """The port asked for (it must be free), or 8888, or any free one when 8888 is taken."""
    if port is not None:
        if not 1 <= port <= 65535:
            raise UsageProblem(f"port {port} is not a port number (1 to 65535)")
        if not port_free(port):
            raise UsageProblem(f"port {port} on 127.0.0.1 is in use: choose another with --port")
        return port
    if port_free(DEFAULT_PORT):
        return DEFAULT_PORT
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def copy_plan(source: Path, folder: Path) -> list[tuple[Path, Path]]:
    """Every copy ``lab`` will make, as (from, to), each target checked before anything is
    copied: the lessons ``folder`` lacks (a learner's copies are kept), then the lesson map,
    which is refreshed. A lesson's or the map's place taken by a folder or a broken link, or a
    map that cannot be written, is a :class:`UsageProblem`."""
    plan = []
    for lesson in sorted(source.glob("[0-9][0-9].[0-9][0-9]-*.ipynb")):
        target = folder / lesson.name
        if _free(target):
            plan.append((lesson, target))
    lesson_map = folder / SYLLABUS
    if not _free(lesson_map):
        if lesson_map.is_symlink():
            raise UsageProblem(
                f"{shown(lesson_map)} is a link: lab refreshes the lesson map there and writes "
                "only its own files; remove the link"
            )
        if not os.access(lesson_map, os.W_OK):
            raise UsageProblem(
                f"cannot refresh the lesson map {shown(lesson_map)}: it is read-only"
            )
    plan.append((source / SYLLABUS, lesson_map))
    return plan


def _free(target: Path) -> bool:
    """True when nothing is at ``target``; False for a regular file (kept, or refreshed);
    a folder, a broken link or anything else there is a :class:`UsageProblem`."""
    if target.is_symlink() and not target.exists():
        raise UsageProblem(f"{shown(target)} is a broken link: remove it, then run lab again")
    if not target.exists():
        return True
    if not target.is_file():
        what = "a folder" if target.is_dir() else "not a file"
        raise UsageProblem(f"{shown(target)} is {what}: move it away, then run lab again")
    return False


def copy_lessons(source: Path, folder: Path) -> list[Path]:
    """Copy the lessons ``folder`` lacks (a learner's copies are kept) and refresh the lesson
    map, every target checked first (:func:`copy_plan`); the new lessons, in order."""
    plan = copy_plan(source, folder)
    try:
        for origin, target in plan:
            shutil.copyfile(origin, target)
    except OSError as error:
        raise UsageProblem(
            f"copying the lessons into {shown(folder)} failed: {_why(error)}"
        ) from None
    return [target for _, target in plan[:-1]]


def trust(notebooks: Sequence[Path]) -> None:
    """Sign ``notebooks`` as trusted on this machine (their stored pictures then show)."""
    import nbformat
    from nbformat.sign import NotebookNotary

    notary = NotebookNotary()
    for path in notebooks:
        notebook = nbformat.read(path, as_version=4)
        notary.sign(notebook)


def lab_command(
    folder: Path, port: int, token: str, browser: bool, settings: Path | None = None
) -> list[str]:
    """The JupyterLab command line serving ``folder`` on 127.0.0.1 (``settings``: a folder
    holding overrides.json)."""
    command = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--ServerApp.root_dir={folder}",
        f"--ServerApp.default_url=/lab/tree/{START}",
        f"--IdentityProvider.token={token}",
    ]
    if settings is not None:
        command.append(f"--LabApp.app_settings_dir={settings}")
    if not browser:
        command.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")  # containers and CI machines run as root
    return command


def lab(folder: Path | str, port: int | None, browser: bool = True) -> int:
    """``gupai-learn lab``: check every path, copy, trust, then run JupyterLab until it is
    stopped. ``folder`` as text is read by :func:`lessons_folder` (empty text is refused)."""
    try:
        import jupyterlab  # noqa: F401
    except ImportError:
        raise UsageProblem("JupyterLab is not installed: pip install 'gupai-learn[lab]'") from None
    source = lessons_source()
    chosen = choose_port(port)
    folder = lessons_folder(folder) if isinstance(folder, str) else folder.expanduser().resolve()
    check_folder(folder)
    added = copy_lessons(source, folder)
    trust(added)
    token = secrets.token_hex(16)
    print(f"Lessons in {folder} ({len(added)} new).")
    print(f"Open the lessons: http://127.0.0.1:{chosen}/lab/tree/{START}?token={token}")
    print("Stop with Ctrl+C.", flush=True)
    with tempfile.TemporaryDirectory(prefix="gupai-lab-settings-") as settings:
        (Path(settings) / "overrides.json").write_text(json.dumps(OVERRIDES), encoding="utf-8")
        try:
            return subprocess.call(lab_command(folder, chosen, token, browser, Path(settings)))
        except KeyboardInterrupt:
            return 0


def progress(syllabus: Path | None) -> int:
    """``gupai-learn progress``: stars earned per chapter, and where they are kept."""
    from gupai_learn.puzzles import progress as store
    from gupai_learn.puzzles._file import shown

    file = syllabus if syllabus is not None else lessons_source() / SYLLABUS
    try:
        is_file = file.is_file()
    except (OSError, ValueError):  # a name too long for the system, a NUL in it
        is_file = False
    if not is_file:
        what = "is not a file" if os.path.lexists(file) else "does not exist"
        raise UsageProblem(f"{shown(file)} {what}: name the lessons' syllabus.toml")
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always", store.ProgressWarning)
        try:
            found = store.lesson_map(file)
        except store.SyllabusProblem as problem:
            raise UsageProblem(str(problem)) from None
    for warning in said:  # the progress file is not ours, or damaged: one line each
        print(f"gupai-learn: {warning.message}", file=sys.stderr)
    usable = not store.unusable()
    got, best = found.earned
    print(f"Your stars: {got} of {best}")
    for chapter, rows in found.chapters:
        earned = sum(r.earned for r in rows)
        possible = sum(r.possible for r in rows)
        print(f"  {chapter}: {earned} of {possible}")
    if found.themes:
        print("By theme:")
        for row in found.themes:
            print(f"  {row.title}, {row.theme}: {row.earned} of {row.possible}")
    print(f"(kept in {shown(store.path())}; set {store.ENV} to use another file)")
    return 0 if usable else 1


def parser() -> argparse.ArgumentParser:
    """The command line: ``lab`` and ``progress``."""
    top = argparse.ArgumentParser(
        prog="gupai-learn",
        description="Learn Chinese dominoes and their relatives in Jupyter.",
    )
    from gupai_learn import __version__

    top.add_argument("--version", action="version", version=f"gupai-learn {__version__}")
    commands = top.add_subparsers(dest="command", metavar="COMMAND", required=True)
    opened = commands.add_parser(
        "lab",
        help="copy the lessons into DIR and open them in JupyterLab",
        description="Copy the lessons into DIR (lessons already there are kept) and open "
        "00.00 in JupyterLab on 127.0.0.1.",
    )
    opened.add_argument(
        "dir", nargs="?", default=DEFAULT_DIR, metavar="DIR", help=f"default: ./{DEFAULT_DIR}"
    )
    opened.add_argument("--port", type=int, help=f"default: {DEFAULT_PORT}, or a free one")
    opened.add_argument("--no-browser", action="store_true", help="only print the address")
    shown = commands.add_parser(
        "progress",
        help="your stars, chapter by chapter",
        description="Print your stars per chapter (from $GUPAI_PROGRESS or your data folder).",
    )
    shown.add_argument("--syllabus", type=Path, help="another lessons' syllabus.toml")
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; the exit code (0 when all went well)."""
    args = parser().parse_args(argv)
    try:
        if args.command == "lab":
            return lab(args.dir, args.port, browser=not args.no_browser)
        return progress(args.syllabus)
    except UsageProblem as problem:
        print(f"gupai-learn: {problem}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
