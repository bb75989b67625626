"""Build the JupyterLite site: the lessons in the browser, no server (``make lite``).

    python tools/lite/build.py              # writes _site/ (serve it: python -m http.server)

Everything comes from the registries, once, into ``.lite-cache/`` (git-ignored): the JupyterLite
tools (PyPI, into their own venv ``.lite-cache/venv``), Pyodide's core files (npm package
``pyodide``) and the pure-Python wheels the kernel and the lessons need (PyPI). Nothing is
fetched when a lesson runs: the site carries Pyodide and every wheel chapters 00-06 use, with a
rewritten ``pyodide-lock.json`` that names them (their sha256 differ from the CDN's copies).
Packages the site does not carry (numpy, pandas, matplotlib for chapter 07) keep their address
in Pyodide's full distribution, so they load where that can be reached.

Offline with something missing from the cache, the build stops with one line naming it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
import venv
from collections.abc import Iterable
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
CACHE = REPO / ".lite-cache"
SITE = REPO / "_site"

PYODIDE = "314.0.6"
FULL_DISTRIBUTION = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE}/full/"
#: the build tools, and the front-end extensions the site needs (widgets, anywidget)
TOOLS = (
    "jupyterlite-core==0.8.6",
    "jupyterlite-pyodide-kernel==0.8.6",
    "jupyter_server==2.21.1",
    "jupyterlab_widgets==3.0.17",
    "anywidget==0.11.0",
)
#: wheels Pyodide does not have, carried by the site: name -> (version, depends, imports)
BUNDLED: dict[str, tuple[str, list[str], list[str]]] = {
    "anywidget": ("0.11.0", ["ipywidgets", "psygnal", "typing-extensions"], ["anywidget"]),
    "ipywidgets": (
        "8.1.9",
        ["comm", "ipython", "traitlets", "jupyterlab-widgets"],
        ["ipywidgets"],
    ),
    "psygnal": ("0.16.1", ["typing-extensions"], ["psygnal"]),
    "comm": ("0.2.3", ["traitlets"], ["comm"]),
    "jupyterlab-widgets": ("3.0.17", [], ["jupyterlab_widgets"]),
}
#: what the kernel itself loads from the lock (micropip; ipython and jedi through piplite)
KERNEL_NEEDS = ("micropip", "ipython", "jedi", "platformdirs")
CORE_FILES = (
    "pyodide.mjs",
    "pyodide.js",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "package.json",
)
START = "00.00-Start.ipynb"
PROGRESS = "/drive/gupai-progress.json"


class Missing(Exception):
    """A download failed (offline?): the message names what is missing."""


def run(command: list[str], what: str, **kwargs: object) -> None:
    """Run ``command``; a failure becomes one line naming ``what`` could not be had."""
    try:
        done = subprocess.run(command, capture_output=True, text=True, **kwargs)  # type: ignore[call-overload]
    except FileNotFoundError:
        raise Missing(f"cannot get {what}: the command {command[0]} is not installed") from None
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-1:] or [""]
        raise Missing(f"cannot get {what} (offline, and not in .lite-cache/?): {tail[0]}")


def tools_venv() -> Path:
    """The venv with the JupyterLite tools (made once)."""
    home = CACHE / "venv"
    stamp = home / ".tools"
    if stamp.is_file() and stamp.read_text() == "\n".join(TOOLS):
        return home / "bin"
    venv.create(home, with_pip=True, clear=True)
    run([str(home / "bin/python"), "-m", "pip", "install", "-q", *TOOLS], " ".join(TOOLS))
    stamp.write_text("\n".join(TOOLS))
    return home / "bin"


def pyodide_core() -> Path:
    """Pyodide's core files, from the npm package (unpacked once)."""
    folder = CACHE / f"pyodide-{PYODIDE}"
    if (folder / "package" / "pyodide-lock.json").is_file():
        return folder / "package"
    archive = CACHE / f"pyodide-{PYODIDE}.tgz"
    if not archive.is_file():
        run(
            ["npm", "pack", f"pyodide@{PYODIDE}", "--pack-destination", str(CACHE)],
            f"npm package pyodide@{PYODIDE}",
        )
    with tarfile.open(archive) as tar:
        tar.extractall(folder, filter="data")
    return folder / "package"


def pure_wheel(name: str, version: str) -> Path:
    """The pure-Python wheel ``name==version`` from PyPI (cached in .lite-cache/wheels)."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    found = _cached(folder, name, version)
    if found is None:
        run(
            [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d", str(folder)]
            + ["--only-binary=:all:", "--platform=any", "--python-version=3.14"]
            + ["--implementation=py", f"{name}=={version}"],
            f"the wheel {name} {version} from PyPI",
        )
        found = _cached(folder, name, version)
    if found is None:
        raise Missing(f"PyPI has no pure-Python wheel of {name} {version}")
    return found


def _cached(folder: Path, name: str, version: str) -> Path | None:
    stem = name.replace("-", "_").lower()
    for wheel in folder.glob("*.whl"):
        dist, ver = wheel.name.split("-")[:2]
        if dist.lower() == stem and ver == version:
            return wheel
    return None


def project_wheel() -> Path:
    """This checkout's wheel (lessons and syllabus inside), built fresh."""
    dist = CACHE / "dist"
    shutil.rmtree(dist, ignore_errors=True)
    run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(dist), str(REPO)],
        "hatchling, to build gupai-learn's wheel",
    )
    (wheel,) = dist.glob("gupai_learn-*.whl")
    return wheel


def sha256(path: Path) -> str:
    """The file's sha256, as the lock file writes it."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def closure(packages: dict[str, dict[str, object]], roots: Iterable[str]) -> list[str]:
    """``roots`` and everything they depend on in the lock, in a stable order."""
    keys = {_canonical(key): key for key in packages}
    seen: list[str] = []
    todo = list(roots)
    while todo:
        wanted = todo.pop(0)
        name = keys.get(_canonical(wanted))
        if name is None:
            raise Missing(f"the lock file has no package {wanted}")
        if name in seen:
            continue
        seen.append(name)
        todo += list(packages[name]["depends"])  # type: ignore[call-overload]
    return sorted(seen)


def _canonical(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def stage_pyodide(core: Path, wheel: Path, into: Path) -> list[str]:
    """Pyodide's core files, the wheels, and the rewritten lock in ``into``; the carried names."""
    into.mkdir(parents=True)
    for name in CORE_FILES:
        shutil.copy2(core / name, into / name)
    lock = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))
    packages: dict[str, dict[str, object]] = lock["packages"]
    for name, (version, depends, imports) in BUNDLED.items():
        packages[name] = _entry(name, version, depends, imports, pure_wheel(name, version))
    version = wheel.name.split("-")[1]
    depends = ["anywidget", "ipywidgets", "platformdirs"]
    packages["gupai-learn"] = _entry("gupai-learn", version, depends, ["gupai_learn"], wheel)
    carried = closure(packages, ["gupai-learn", *KERNEL_NEEDS])
    for name, spec in packages.items():
        if name not in carried:  # numpy, pandas, matplotlib...: from the full distribution
            spec["file_name"] = FULL_DISTRIBUTION + str(spec["file_name"])
            continue
        local = wheel if name == "gupai-learn" else _local(name, spec)
        shutil.copy2(local, into / local.name)
        spec.update(file_name=local.name, sha256=sha256(local))
    (into / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    return carried


def _local(name: str, spec: dict[str, object]) -> Path:
    """The wheel of a lock entry: one we bundle, or PyPI's copy of Pyodide's pure wheel."""
    file_name = str(spec["file_name"])
    if not file_name.endswith("-none-any.whl"):
        raise Missing(f"{name} is not a pure-Python wheel ({file_name}): it cannot be carried")
    found = pure_wheel(name, str(spec["version"]))
    if found.name != file_name:
        raise Missing(f"PyPI's wheel of {name} is {found.name}, the lock names {file_name}")
    return found


def _entry(
    name: str, version: str, depends: list[str], imports: list[str], wheel: Path
) -> dict[str, object]:
    return {
        "name": name,
        "version": version,
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": sha256(wheel),
        "package_type": "package",
        "imports": imports,
        "depends": depends,
        "unvendored_tests": False,
    }


def stage(lite: Path) -> Path:
    """The lite dir (config, Pyodide) and the contents dir (lessons, syllabus)."""
    shutil.copy2(HERE / "jupyter-lite.json", lite / "jupyter-lite.json")
    shutil.copy2(REPO / "binder" / "overrides.json", lite / "overrides.json")
    carried = stage_pyodide(pyodide_core(), project_wheel(), lite / "static" / "pyodide")
    print(f"carried wheels: {', '.join(carried)}")
    contents = lite / "contents"
    contents.mkdir()
    for lesson in sorted((REPO / "lessons").glob("[0-9][0-9].[0-9][0-9]-*.ipynb")):
        shutil.copy2(lesson, contents / lesson.name)
    shutil.copy2(REPO / "lessons" / "syllabus.toml", contents / "syllabus.toml")
    return contents


def build(output: Path) -> None:
    """Build the site into ``output`` (replaced)."""
    CACHE.mkdir(exist_ok=True)
    tools = tools_venv()
    with tempfile.TemporaryDirectory(dir=CACHE, prefix="stage-") as temp:
        lite = Path(temp)
        contents = stage(lite)
        shutil.rmtree(output, ignore_errors=True)
        command = [str(tools / "jupyter"), "lite", "build", f"--lite-dir={lite}"]
        command += [f"--contents={contents}", f"--output-dir={output}", "--no-sourcemaps"]
        command += ["--apps=lab", "--apps=notebooks", "--apps=tree"]
        done = subprocess.run(command, capture_output=True, text=True, cwd=lite)
        if done.returncode != 0:
            sys.stderr.write(done.stdout[-3000:] + done.stderr[-3000:])
            raise Missing("jupyter lite build failed (its output is above)")
    (output / "index.html").write_text(_redirect(), encoding="utf-8")
    size = sum(p.stat().st_size for p in output.rglob("*") if p.is_file())
    print(f"built {output.relative_to(REPO)}/: {size / 1e6:.1f} MB; open index.html (00.00)")


def _redirect() -> str:
    """The site's front page: straight to the start lesson in JupyterLab. It keeps the
    (empty) config block that marks the site's root: the apps read it."""
    target = f"lab/index.html?path={START}"
    return (
        "<!doctype html>\n<html><head><meta charset='utf-8'><title>gupai-learn</title>\n"
        "<script id='jupyter-config-data' type='application/json' data-jupyter-lite-root='.'>"
        "{}</script>\n"
        f"<meta http-equiv='refresh' content='0; url={target}'>\n</head>\n"
        f"<body><p>Opening the lessons: <a href='{target}'>{START}</a></p></body></html>\n"
    )


def main(argv: list[str] | None = None) -> int:
    """``make lite``: build the site; 1 with one line when a download is missing."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--output", type=Path, default=SITE, help="default: _site/")
    args = parser.parse_args(argv)
    try:
        build(args.output.resolve())
    except Missing as problem:
        print(f"make lite: {problem}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
