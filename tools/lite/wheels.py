"""The wheels the browser site changes or makes (tools/lite/build.py): stand-ins for packages it
leaves out of the start, and IPython with :data:`IPYTHON_EDITS` made. Every wheel is written
with its RECORD and fixed dates, so a build is the same each time."""

from __future__ import annotations

import hashlib
import zipfile
from base64 import urlsafe_b64encode
from pathlib import Path


class Unpatched(Exception):
    """IPython no longer holds a text :data:`IPYTHON_EDITS` changes: the message names it."""


#: the stand-in for jedi: IPython's completer imports jedi if it can, at every kernel start
JEDI_LEFT_OUT = (
    "jedi",
    "0.0.0+left.out",
    "raise ImportError('jedi is left out of this site (IPython completes without it)')\n",
)
#: the stand-in for mypy_extensions, which psygnal tries to import (and does without): found in
#: site-packages, the miss no longer reaches the learner's drive, which would be listed for it
#: (one round trip to the page per file there)
MYPY_EXTENSIONS_LEFT_OUT = (
    "mypy_extensions",
    "0.0.0+left.out",
    "raise ImportError('mypy_extensions is left out of this site (psygnal works without it)')\n",
)
#: IPython's files as this site changes them: (file, the text replaced, its replacement, what
#: the file no longer does when the text is missing). The terminal (prompt_toolkit with it) is
#: imported when first used instead of at ``import IPython``; display data that is markup is
#: never taken for a file name (HTML and SVG looked their text up as a path: on the drive, a
#: round trip to the page of 50-250 ms each).
IPYTHON_EDITS = (
    (
        "IPython/__init__.py",
        "from .terminal.embed import embed\n",
        "def __getattr__(name):\n    if name == 'embed':  # gupai-learn's site: when first used\n"
        "        from .terminal.embed import embed\n\n        return embed\n"
        "    raise AttributeError(f'module {__name__!r} has no attribute {name!r}')\n",
        "imports the terminal eagerly",
    ),
    (
        "IPython/core/display.py",
        'def _safe_exists(path):\n    """Check path, but don\'t let exceptions raise"""\n',
        'def _safe_exists(path):\n    """Check path, but don\'t let exceptions raise"""\n'
        "    if isinstance(path, str) and path.lstrip().startswith('<'):  # gupai-learn's site\n"
        "        return False  # markup, not a file name\n",
        "checks whether display data names a file",
    ),
)


def left_out_wheel(name: str, version: str, body: str, folder: Path) -> Path:
    """A wheel whose package ``name`` only says, on import, that it is left out (``body``
    raises ImportError): it stands where a package the site does not load at start would
    otherwise be installed."""
    files = {f"{name}/__init__.py": body}
    return _write_wheel(folder / f"{name}-{version}-py3-none-any.whl", name, version, files)


def patched_ipython(wheel: Path, folder: Path) -> Path:
    """IPython's wheel with :data:`IPYTHON_EDITS` made; every other file as it was. Missing a
    text it changes, the build stops naming it."""
    folder.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(wheel) as source:
        files = {info.filename: source.read(info) for info in source.infolist()}
    for file, old, new, what in IPYTHON_EDITS:
        text = files.get(file, b"").decode("utf-8")
        if old not in text:
            raise Unpatched(f"{wheel.name}: {file} no longer {what}")
        files[file] = text.replace(old, new, 1).encode("utf-8")
    dist_info = next(n.split("/")[0] for n in files if n.endswith(".dist-info/RECORD"))
    files.pop(f"{dist_info}/RECORD")
    name, version = wheel.name.split("-")[:2]
    return _write_wheel(folder / wheel.name, name, version, files, dist_info)


def _write_wheel(
    path: Path,
    name: str,
    version: str,
    files: dict[str, str] | dict[str, bytes],
    dist_info: str = "",
) -> Path:
    """Write a wheel of ``files`` (path -> text or bytes) with its RECORD; the dist-info's
    METADATA and WHEEL are written too when ``files`` has none. Deterministic: fixed dates."""
    dist_info = dist_info or f"{name}-{version}.dist-info"
    data = {k: v.encode("utf-8") if isinstance(v, str) else v for k, v in files.items()}
    data.setdefault(
        f"{dist_info}/METADATA",
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n".encode(),
    )
    data.setdefault(
        f"{dist_info}/WHEEL",
        b"Wheel-Version: 1.0\nGenerator: gupai-learn lite build\nRoot-Is-Purelib: true\n"
        b"Tag: py3-none-any\n",
    )
    record = "".join(f"{k},sha256={_digest(v)},{len(v)}\n" for k, v in data.items())
    data[f"{dist_info}/RECORD"] = (record + f"{dist_info}/RECORD,,\n").encode("utf-8")
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for name_in, content in data.items():
            stamp = zipfile.ZipInfo(name_in, (2020, 1, 1, 0, 0, 0))
            out.writestr(stamp, content, compress_type=zipfile.ZIP_DEFLATED)
    return path


def _digest(content: bytes) -> str:
    return urlsafe_b64encode(hashlib.sha256(content).digest()).rstrip(b"=").decode("ascii")
