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

The kernel starts in one step: everything it needs before the first cell runs is named in
``loadPyodideOptions.packages`` (:data:`AT_START`), so Pyodide fetches and unpacks it all at
once, and the kernel's own wheels (piplite, its ipykernel shim, pyodide-kernel, which the
pyodide-kernel extension ships) are in the lock too: the kernel, finding them named there,
neither loads micropip apart nor installs anything through piplite. What the lessons never use
is left out of the start: jedi (a stub that refuses to import stands in for it, so IPython
completes without it; its parso goes with it), and IPython's terminal (``IPython.embed`` is
imported when first used instead of by ``import IPython``: that import pulled in prompt_toolkit,
more than half of IPython's start in the browser; prompt_toolkit and wcwidth stay in the site
but out of the start). Every carried wheel also holds its modules' bytecode, compiled by
Pyodide itself (:func:`compiled`), so the kernel does not compile each module it imports.

The learner's folder (the browser's drive, mounted at ``/drive``) is made the kernel's current
folder only once the kernel is imported, and sits last on ``sys.path``
(:func:`drive_after_kernel`): as shipped, every module imported at start first asked the page,
one round trip each, whether the drive held it (139 requests before the kernel was ready). An
import that misses everywhere lists the drive (a round trip per file there): psygnal's probe of
mypy_extensions did, on every first card, so a stand-in that refuses to import answers it.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import venv
from collections.abc import Iterable
from pathlib import Path

HERE = Path(__file__).resolve().parent
# the start snapshot (snapshot.py), loaded from its file (as the tests load this one)
_SNAPSHOT = importlib.util.spec_from_file_location("gupai_lite_snapshot", HERE / "snapshot.py")
snapshot = importlib.util.module_from_spec(_SNAPSHOT)  # type: ignore[arg-type]
_SNAPSHOT.loader.exec_module(snapshot)  # type: ignore[union-attr]
# the wheels the site changes or makes (wheels.py), loaded the same way
_WHEELS = importlib.util.spec_from_file_location("gupai_lite_wheels", HERE / "wheels.py")
wheels = importlib.util.module_from_spec(_WHEELS)  # type: ignore[arg-type]
_WHEELS.loader.exec_module(wheels)  # type: ignore[union-attr]
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
    "psygnal": ("0.16.1", ["typing-extensions", "mypy-extensions"], ["psygnal"]),
    "comm": ("0.2.3", ["traitlets"], ["comm"]),
    "jupyterlab-widgets": ("3.0.17", [], ["jupyterlab_widgets"]),
}
#: the kernel's own wheels, shipped by the pyodide-kernel extension: name -> (depends, imports)
KERNEL_WHEELS: dict[str, tuple[list[str], list[str]]] = {
    "piplite": (["micropip"], ["piplite"]),
    "ipykernel": (["pyodide-kernel"], ["ipykernel"]),
    "pyodide-kernel": (["comm", "ipython"], ["pyodide_kernel"]),
}
#: what the kernel loads before the first cell, all at once (``loadPyodideOptions.packages``);
#: the kernel installs none of these names again (micropip, piplite, and its five packages)
AT_START = ("gupai-learn", "micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi")
AT_START += ("ipython",)
#: IPython's dependencies only its terminal imports: carried, not loaded at start
TERMINAL_ONLY = ("prompt-toolkit", "wcwidth")
#: what the kernel itself needs from the lock (and the terminal's packages, carried)
KERNEL_NEEDS = ("micropip", "ipython", "jedi", "platformdirs", *KERNEL_WHEELS, *TERMINAL_ONLY)
#: where the pyodide-kernel extension keeps its wheels, in the tools' venv
KERNEL_PYPI = "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
CORE_FILES = (
    "pyodide.mjs",
    "pyodide.js",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "package.json",
)
START = "00.00-Start.ipynb"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
PROGRESS = "/drive/gupai-progress.json"
#: where the built site keeps the pyodide-kernel extension's scripts (its workers among them)
KERNEL_STATIC = "extensions/@jupyterlite/pyodide-kernel-extension/static"
#: in the worker: the drive mounted, then made the current folder (removed by the patch)
MOUNT_THEN_CD = re.compile(r"(\w)\.mount\((\w),\{\},t\),\1\.chdir\(t\),")
#: in the worker: the kernel's start-up script, up to its ``import pyodide_kernel`` line
KERNEL_SCRIPT = re.compile(
    r'async initKernel\((\w)\)\{(.{0,300}?)(\w)\.push\("import pyodide_kernel"\),'
)
#: what the patched start-up script runs once the kernel is imported (lines of Python)
DRIVE_LAST = (
    "import os, sys",
    'os.chdir("/drive")',
    'sys.path[:] = [p for p in sys.path if p != ""] + [""]',
)


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
    # no bytecode compiled up front: the build imports a small part of what pip installs
    pip = [str(home / "bin/python"), "-m", "pip", "install", "-q", "--no-compile"]
    run([*pip, *TOOLS], " ".join(TOOLS))
    stamp.write_text("\n".join(TOOLS))
    return home / "bin"


def pyodide_core() -> Path:
    """Pyodide's core files, from the npm package (unpacked once)."""
    folder = CACHE / f"pyodide-{PYODIDE}"
    if (folder / "package" / "pyodide-lock.json").is_file():
        return folder / "package"
    archive = CACHE / f"pyodide-{PYODIDE}.tgz"
    if not archive.is_file():
        npm = ["npm", "pack", f"pyodide@{PYODIDE}", "--pack-destination", str(CACHE)]
        run(npm, f"npm package pyodide@{PYODIDE}")
    with tarfile.open(archive) as tar:
        tar.extractall(folder, filter="data")
    return folder / "package"


def _download(folder: Path, pins: list[str]) -> list[str]:
    """pip's command that downloads the pure-Python wheels ``pins`` (``name==version``)."""
    return (
        [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d", str(folder)]
        + ["--only-binary=:all:", "--platform=any", "--python-version=3.14"]
        + ["--implementation=py", *pins]
    )


def _wheels() -> Path:
    """.lite-cache/wheels, where PyPI's wheels are kept (made when missing)."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def prefetch(pairs: list[tuple[str, str]]) -> None:
    """Download the wheels of ``pairs`` (name, version) not in .lite-cache/wheels yet, with one
    pip run for all of them (a run per wheel spent most of a first build starting pip). A
    failure here is left to :func:`pure_wheel`, which asks again for each and names the one
    missing."""
    folder = _wheels()
    pins = [f"{name}=={version}" for name, version in pairs if not _cached(folder, name, version)]
    if pins:
        subprocess.run(_download(folder, pins), capture_output=True, text=True)


def pure_wheel(name: str, version: str) -> Path:
    """The pure-Python wheel ``name==version`` from PyPI (cached in .lite-cache/wheels)."""
    folder = _wheels()
    found = _cached(folder, name, version)
    if found is None:
        run(_download(folder, [f"{name}=={version}"]), f"the wheel {name} {version} from PyPI")
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
    pip = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(dist), str(REPO)]
    run(pip, "hatchling, to build gupai-learn's wheel")
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


def stage_pyodide(core: Path, wheel: Path, into: Path, kernel_pypi: Path) -> list[str]:
    """Pyodide's core files, the wheels, and the rewritten lock in ``into``; the carried names.
    ``kernel_pypi`` holds the kernel's own wheels (:data:`KERNEL_WHEELS`)."""
    into.mkdir(parents=True)
    for name in CORE_FILES:
        shutil.copy2(core / name, into / name)
    lock = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))
    packages: dict[str, dict[str, object]] = lock["packages"]
    prefetch([(name, version) for name, (version, _, _) in BUNDLED.items()])
    for name, (version, depends, imports) in BUNDLED.items():
        packages[name] = _entry(name, version, depends, imports, pure_wheel(name, version))
    for name, (depends, imports) in KERNEL_WHEELS.items():
        found = _kernel_wheel(kernel_pypi, name)
        version = found.name.split("-")[1]
        packages[name] = _entry(name, version, depends, imports, found)
    for name, version, body in (wheels.JEDI_LEFT_OUT, wheels.MYPY_EXTENSIONS_LEFT_OUT):
        stub = wheels.left_out_wheel(name, version, body, CACHE / "stubs")
        packages[_canonical(name)] = _entry(_canonical(name), version, [], [name], stub)
    spec = packages["ipython"]
    try:
        patched = wheels.patched_ipython(_local("ipython", spec), CACHE / "patched")
    except wheels.Unpatched as problem:
        raise Missing(str(problem)) from None
    # the terminal's own packages stay in the site (IPython.embed finds them) but out of the start
    depends = [d for d in spec["depends"] if _canonical(d) not in TERMINAL_ONLY]  # type: ignore[attr-defined]
    packages["ipython"] = _entry("ipython", str(spec["version"]), depends, ["IPython"], patched)
    version = wheel.name.split("-")[1]
    depends = ["anywidget", "ipywidgets", "platformdirs", "typing-extensions"]
    packages["gupai-learn"] = _entry("gupai-learn", version, depends, ["gupai_learn"], wheel)
    carried = closure(packages, ["gupai-learn", *KERNEL_NEEDS])
    from_pypi = [n for n in carried if n != "gupai-learn" and _made(packages[n]) is None]
    prefetch([(name, str(packages[name]["version"])) for name in from_pypi])
    files = {name: _carried_file(name, packages[name], wheel) for name in carried}
    files = dict(zip(files, compiled(list(files.values()), core), strict=True))
    for name, spec in packages.items():
        if name not in carried:  # numpy, pandas, matplotlib...: from the full distribution
            spec["file_name"] = FULL_DISTRIBUTION + str(spec["file_name"])
            continue
        local = files[name]
        shutil.copy2(local, into / local.name)
        spec.update(file_name=local.name, sha256=sha256(local))
    (into / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    return carried


#: Runs in Pyodide (under node): adds to each wheel in /wheels/in the bytecode of its modules,
#: compiled by the very Python the site runs, as unchecked hash-based .pyc files (valid whatever
#: the files' dates once unpacked), and writes it to /wheels/out with its RECORD completed.
COMPILE_PY = """
import base64, hashlib, importlib.util, os, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
def digest(b):
    return base64.urlsafe_b64encode(hashlib.sha256(b).digest()).rstrip(b"=").decode()
for name in sorted(os.listdir("/wheels/in")):
    with zipfile.ZipFile("/wheels/in/" + name) as z:
        data = {i.filename: z.read(i) for i in z.infolist()}
    out = dict(data)
    for path, body in data.items():
        if not path.endswith(".py") or ".dist-info/" in path or ".data/" in path:
            continue
        try:
            code = compile(body, path, "exec", dont_inherit=True)
        except SyntaxError:
            continue
        folder, _, base = path.rpartition("/")
        pyc = folder + "/" * bool(folder) + "__pycache__/" + base[:-3]
        pyc += "." + sys.implementation.cache_tag + ".pyc"
        out[pyc] = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(body), False))
    record = next(k for k in out if k.endswith(".dist-info/RECORD"))
    lines = [f"{k},sha256={digest(v)},{len(v)}" for k, v in out.items() if k != record]
    out[record] = ("\\n".join(lines + [record + ",,"]) + "\\n").encode()
    with zipfile.ZipFile("/wheels/out/" + name, "w") as z:
        for k, v in out.items():
            stamp = zipfile.ZipInfo(k, (2020, 1, 1, 0, 0, 0))
            z.writestr(stamp, v, compress_type=zipfile.ZIP_DEFLATED)
"""
#: node: loads Pyodide from the npm package, mounts the work folder, runs COMPILE_PY
COMPILE_MJS = """
import { loadPyodide } from "%s";
import { readFileSync } from "node:fs";
const py = await loadPyodide();
py.FS.mkdirTree("/wheels");
py.mountNodeFS("/wheels", process.argv[2]);
py.runPython(readFileSync(process.argv[3], "utf8"));
"""


def compiled(wheels: list[Path], core: Path) -> list[Path]:
    """``wheels`` with their modules' bytecode inside (kept in .lite-cache/compiled by each
    wheel's sha256, so a rebuild compiles only what changed): the kernel then runs the
    bytecode instead of compiling every module it imports at each start, a third of the
    imports' time in the browser. Compiled by Pyodide itself, under node; without node the
    wheels go as they are, and the build says so."""
    store = CACHE / "compiled"
    made = {w: store / sha256(w)[:16] / w.name for w in wheels}
    todo = [w for w, c in made.items() if not c.is_file()]
    if todo and shutil.which("node") is None:
        print("no node: the wheels go without bytecode (the site starts slower)")
        return wheels
    if todo:
        with tempfile.TemporaryDirectory(dir=CACHE, prefix="compile-") as temp:
            work = Path(temp)
            (work / "in").mkdir()
            (work / "out").mkdir()
            for wheel in todo:
                shutil.copy2(wheel, work / "in" / wheel.name)
            (work / "compile.py").write_text(COMPILE_PY, encoding="utf-8")
            script = work / "compile.mjs"
            script.write_text(COMPILE_MJS % (core / "pyodide.mjs").as_uri(), encoding="utf-8")
            run(
                ["node", str(script), str(work), str(work / "compile.py")],
                "bytecode (node, Pyodide)",
            )
            for wheel in todo:
                made[wheel].parent.mkdir(parents=True, exist_ok=True)
                shutil.move(work / "out" / wheel.name, made[wheel])
    return [made[w] for w in wheels]


def _carried_file(name: str, spec: dict[str, object], project: Path) -> Path:
    """The file a carried lock entry names: the project's wheel, one made or patched here (in
    .lite-cache: the stub, IPython, the kernel's), or PyPI's copy of Pyodide's pure wheel."""
    if name == "gupai-learn":
        return project
    return _made(spec) or _local(name, spec)


def _made(spec: dict[str, object]) -> Path | None:
    """The wheel of a lock entry made or patched here (.lite-cache: stubs, IPython, the
    kernel's own), if it is one."""
    for folder in (CACHE / "stubs", CACHE / "patched", CACHE / "kernel"):
        if (folder / str(spec["file_name"])).is_file():
            return folder / str(spec["file_name"])
    return None


def _kernel_wheel(kernel_pypi: Path, name: str) -> Path:
    """The pyodide-kernel extension's own wheel of ``name``, copied into .lite-cache/kernel."""
    stem = name.replace("-", "_")
    found = sorted(kernel_pypi.glob(f"{stem}-*-py3-none-any.whl"))
    if not found:
        raise Missing(f"the pyodide-kernel extension has no wheel of {name} in {kernel_pypi}")
    copy = CACHE / "kernel" / found[-1].name
    copy.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(found[-1], copy)
    return copy


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


def stage(lite: Path, tools: Path) -> Path:
    """The lite dir (config, Pyodide) and the contents dir (lessons, syllabus); ``tools`` is
    the tools' venv (its ``bin``)."""
    config = json.loads((HERE / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    kernel["loadPyodideOptions"]["packages"] = list(AT_START)
    (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
    shutil.copy2(REPO / "binder" / "overrides.json", lite / "overrides.json")
    kernel_pypi = tools.parent / KERNEL_PYPI
    pyodide = lite / "static" / "pyodide"
    carried = stage_pyodide(pyodide_core(), project_wheel(), pyodide, kernel_pypi)
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
        contents = stage(lite, tools)
        shutil.rmtree(output, ignore_errors=True)
        command = [str(tools / "jupyter"), "lite", "build", f"--lite-dir={lite}"]
        command += [f"--contents={contents}", f"--output-dir={output}", "--no-sourcemaps"]
        command += ["--apps=lab", "--apps=notebooks", "--apps=tree"]
        done = subprocess.run(command, capture_output=True, text=True, cwd=lite)
        if done.returncode != 0:
            sys.stderr.write(done.stdout[-3000:] + done.stderr[-3000:])
            raise Missing("jupyter lite build failed (its output is above)")
    patched = drive_after_kernel(output / KERNEL_STATIC)
    print(f"kernel start patched (the drive after the kernel): {', '.join(patched)}")
    try:
        print(snapshot.start_from_snapshot(output, KERNEL_PLUGIN, KERNEL_STATIC))
    except snapshot.Unpatched as problem:
        raise Missing(str(problem)) from None
    (output / "index.html").write_text(_redirect(), encoding="utf-8")
    # the browser asks the site's root for its icon (a 404 in the console without it)
    shutil.copy2(output / "static" / "favicons" / "favicon.ico", output / "favicon.ico")
    size = sum(p.stat().st_size for p in output.rglob("*") if p.is_file())
    shown = output.relative_to(REPO) if output.is_relative_to(REPO) else output
    print(f"built {shown}/: {size / 1e6:.1f} MB; open index.html (00.00)")


def drive_after_kernel(static: Path) -> list[str]:
    """Patch the pyodide-kernel worker scripts in ``static`` (a built site's
    :data:`KERNEL_STATIC`); the names of the files changed.

    As shipped, the worker mounts the learner's drive at ``/drive`` and makes it the current
    folder before the kernel's start-up script imports IPython and the kernel. The current
    folder is first on ``sys.path``, and the drive answers each look-up with a round trip to the
    page, so every top-level import at start cost one or more requests, and the first one the
    drive's whole listing (139 requests in all; a few seconds). Patched, the drive is mounted as
    before but becomes the current folder at the end of the start-up script, after
    ``import pyodide_kernel``; then the current folder ('') moves to the end of ``sys.path``.

    This site chooses: a learner's own module in the lessons' folder is still imported, unless
    its name is one the standard library or an installed package already has (as shipped, the
    learner's ``random.py`` would have hidden the standard library's). Missing the lines it
    changes, the build stops naming the file."""
    changed = []
    for script in sorted(static.glob("*.js")):
        text = script.read_text(encoding="utf-8")
        if "initFilesystem" not in text and "initKernel" not in text:
            continue
        if json.dumps(DRIVE_LAST[1]) in text:  # patched already (a second run on one site)
            changed.append(script.name)
            continue
        text, mounts = MOUNT_THEN_CD.subn(lambda m: f"{m[1]}.mount({m[2]},{{}},t),", text)
        text, scripts = KERNEL_SCRIPT.subn(_drive_last, text)
        imports = text.count('"import pyodide_kernel"')
        if ".chdir(t" in text or mounts + scripts == 0 or imports != scripts:
            raise Missing(f"{script.name}: the pyodide-kernel worker no longer starts as expected")
        script.write_text(text, encoding="utf-8")
        changed.append(script.name)
    if not changed:
        raise Missing(f"no pyodide-kernel worker script in {static}")
    return changed


def _drive_last(match: re.Match[str]) -> str:
    """The start-up script up to ``import pyodide_kernel``, then :data:`DRIVE_LAST` if the
    drive is mounted (the worker's option ``mountDrive``)."""
    options, before, lines = match[1], match[2], match[3]
    extra = ",".join(json.dumps(line) for line in DRIVE_LAST)
    return (
        f'async initKernel({options}){{{before}{lines}.push("import pyodide_kernel"),'
        f"{options}.mountDrive&&{lines}.push({extra}),"
    )


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
