"""The progress file on disk: read without touching anything, written under a lock, atomically.

Nothing here knows what progress is; :mod:`gupai_learn.puzzles.progress` decides whether what
was read is its own. The rules kept here (issue 32):

- :func:`read` never writes, renames or creates anything. It opens the path without blocking
  and looks at what it opened: only a regular file is read (a folder, a device, a pipe or a
  socket is described and left alone), and only up to :data:`LIMIT` bytes.
- :func:`locked` is the cross-process lock around a read-merge-write: ``flock`` on POSIX,
  ``msvcrt.locking`` on Windows, on a lock file beside the progress file
  (``progress.json.lock``, left in place: removing it would race with a kernel waiting for it).
  Under Pyodide (JupyterLite) there is one process and no lock to take: the lock does nothing.
- :func:`write` replaces the file atomically (a temporary file in the same folder, flushed,
  then renamed over it) and gives the new file the old one's permission bits. A symbolic link
  is followed (:func:`target`): the link stays a link and its target is written.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

#: The largest file read as a progress file (a learner's file is a few kilobytes).
LIMIT = 8 * 2**20
#: Whether this Python runs in a browser (Pyodide): one process, nothing to lock against.
IN_BROWSER = sys.platform == "emscripten"


class LockTimeout(Exception):
    """The lock was not taken in time: another process holds it."""


@dataclass(frozen=True)
class Found:
    """What :func:`read` found at a path: the bytes of a regular file and its permission bits,
    or (``missing``) nothing at all, or (``problem``) why it cannot be used as a file of ours."""

    raw: bytes | None = None
    mode: int | None = None
    missing: bool = False
    problem: str = ""


def shown(file: Path | str, limit: int = 160) -> str:
    """A path as a message shows it: whole, or with its middle cut out (the folder's start and
    the file's name stay readable), at most ``limit`` characters."""
    text = str(file)
    if len(text) <= limit:
        return text
    head = limit // 3
    return text[:head] + "…" + text[len(text) - (limit - head - 1) :]


def target(file: Path) -> Path:
    """The file a write replaces: ``file`` itself, or the file its symbolic links lead to (a
    link that leads nowhere yet gives the path it names)."""
    return Path(os.path.realpath(file))


def read(file: Path) -> Found:
    """The contents of ``file`` if it is a regular file; never writes anything. A path that is
    not a regular file, or cannot be read, comes back with the problem in a few words."""
    try:
        info = os.stat(file)
    except FileNotFoundError:
        return Found(missing=True)
    except (OSError, ValueError) as error:  # ValueError: a NUL in the path
        return Found(problem=_reason(error))
    if not stat.S_ISREG(info.st_mode):  # never opened: opening a device may do something
        return Found(problem=f"it is {_kind(info.st_mode)}, not a file")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        handle = os.open(file, flags)
    except FileNotFoundError:
        return Found(missing=True)
    except OSError as error:
        return Found(problem=_reason(error))
    try:
        info = os.fstat(handle)  # what was opened (it may have changed since the stat)
        if not stat.S_ISREG(info.st_mode):
            return Found(problem=f"it is {_kind(info.st_mode)}, not a file")
        if info.st_size > LIMIT:
            return Found(problem=f"it is too large ({info.st_size:,} bytes) to be one")
        with os.fdopen(handle, "rb", closefd=False) as stream:
            raw = stream.read(LIMIT + 1)
    except OSError as error:
        return Found(problem=_reason(error))
    finally:
        os.close(handle)
    if len(raw) > LIMIT:
        return Found(problem="it is too large to be one")
    return Found(raw=raw, mode=stat.S_IMODE(info.st_mode))


def _kind(mode: int) -> str:
    """What a non-regular file is, in words."""
    kinds = (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISCHR, "a device"),
        (stat.S_ISBLK, "a device"),
        (stat.S_ISFIFO, "a pipe"),
        (stat.S_ISSOCK, "a socket"),
    )
    return next((name for test, name in kinds if test(mode)), "not a regular file")


def _reason(error: Exception) -> str:
    """An OSError in a few words ("Permission denied"), without the path it quotes."""
    said = getattr(error, "strerror", None)
    return str(said) if said else type(error).__name__


@contextlib.contextmanager
def locked(file: Path, timeout: float) -> Iterator[None]:
    """Hold the lock of ``file`` (its folder must exist) for the block; :class:`LockTimeout`
    when another process keeps it longer than ``timeout`` seconds. Does nothing in Pyodide."""
    if IN_BROWSER:
        yield
        return
    lock = file.with_name(file.name + ".lock")
    handle = os.open(lock, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o600)
    try:
        deadline = time.monotonic() + timeout
        while not _try_lock(handle):
            if time.monotonic() >= deadline:
                raise LockTimeout(str(lock))
            time.sleep(0.01)
        try:
            yield
        finally:
            _unlock(handle)
    finally:
        os.close(handle)


def _try_lock(handle: int) -> bool:
    """Take the lock on the open lock file without waiting; whether it was taken."""
    if os.name == "nt":  # pragma: no cover - Windows
        import msvcrt

        os.lseek(handle, 0, os.SEEK_SET)
        try:
            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _unlock(handle: int) -> None:
    if os.name == "nt":  # pragma: no cover - Windows
        import msvcrt

        os.lseek(handle, 0, os.SEEK_SET)
        msvcrt.locking(handle, msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined]
        return
    import fcntl

    fcntl.flock(handle, fcntl.LOCK_UN)


def write(file: Path, text: str, mode: int | None) -> None:
    """Replace ``file`` (a path :func:`target` gave) with ``text`` atomically: a kernel that
    dies mid-write leaves the old file whole. ``mode``: the old file's permission bits, given
    to the new one (a new file is readable by its owner only)."""
    handle, temp = tempfile.mkstemp(dir=file.parent, prefix=".progress-", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        if mode is not None and not IN_BROWSER:
            os.chmod(temp, mode)
        _replace(temp, file)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def _replace(temp: str, file: Path) -> None:
    """``os.replace``; on Windows, where a file another process is reading cannot be replaced
    for that moment, tried again for up to a second."""
    for attempt in range(50):
        try:
            os.replace(temp, file)
            return
        except PermissionError:
            if os.name != "nt" or attempt == 49:
                raise
            time.sleep(0.02)


def copy_aside(file: Path, raw: bytes, mode: int | None) -> Path:
    """Keep ``raw`` (what ``file`` holds) as ``<name>.damaged-N`` beside it, with the first N
    not taken; the copy's path. The file itself is not moved."""
    n = 1
    while True:
        aside = file.with_name(f"{file.name}.damaged-{n}")
        try:
            handle = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode or 0o600)
        except FileExistsError:
            n += 1
            continue
        with os.fdopen(handle, "wb") as out:
            out.write(raw)
            out.flush()
            os.fsync(out.fileno())
        return aside
