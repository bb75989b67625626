"""tools/lite/build.py without a browser: the lock's closure, and offline failures named."""

from __future__ import annotations

import importlib.util
import subprocess
import zipfile
from pathlib import Path

import pytest

# loaded from its file under its own name (a "build" package may be installed too)
_SPEC = importlib.util.spec_from_file_location(
    "gupai_lite_build", Path(__file__).resolve().parents[1] / "tools" / "lite" / "build.py"
)
assert _SPEC is not None and _SPEC.loader is not None
build = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(build)


def test_closure_follows_depends_whatever_the_spelling() -> None:
    packages = {
        "ipython": {"depends": ["prompt_toolkit", "traitlets"]},
        "prompt-toolkit": {"depends": ["wcwidth"]},
        "traitlets": {"depends": []},
        "wcwidth": {"depends": []},
        "numpy": {"depends": []},
    }
    assert build.closure(packages, ["ipython"]) == [
        "ipython",
        "prompt-toolkit",
        "traitlets",
        "wcwidth",
    ]
    with pytest.raises(build.Missing, match="no package nowhere"):
        build.closure(packages, ["nowhere"])


def test_offline_a_missing_wheel_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(build, "CACHE", tmp_path / "cache")
    monkeypatch.setenv("PIP_NO_INDEX", "1")  # as if offline, with an empty cache
    monkeypatch.setenv("PIP_FIND_LINKS", str(tmp_path))
    monkeypatch.delenv("PIP_EXTRA_INDEX_URL", raising=False)
    with pytest.raises(build.Missing, match="the wheel psygnal 0.16.1"):
        build.pure_wheel("psygnal", "0.16.1")

    def offline(output: Path) -> None:
        build.pure_wheel("psygnal", "0.16.1")

    monkeypatch.setattr(build, "build", offline)
    assert build.main(["--output", str(tmp_path / "site")]) == 1
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and "psygnal 0.16.1" in lines[0], lines


def test_the_missing_wheels_are_fetched_in_one_pip_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One pip run for every wheel not cached yet; none when all are; a failed run raises
    nothing (each wheel is then asked for alone, and the missing one named, as above)."""
    monkeypatch.setattr(build, "CACHE", tmp_path)
    (tmp_path / "wheels").mkdir()
    (tmp_path / "wheels" / "six-1.17.0-py2.py3-none-any.whl").write_bytes(b"")
    runs: list[list[str]] = []

    def pip(command: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
        runs.append(command)
        return subprocess.CompletedProcess(command, 1, "", "no network")

    monkeypatch.setattr(build.subprocess, "run", pip)
    build.prefetch([("six", "1.17.0"), ("psygnal", "0.16.1"), ("wcwidth", "0.2.13")])
    assert len(runs) == 1 and runs[0][:4] == [build.sys.executable, "-m", "pip", "download"]
    assert [a for a in runs[0] if "==" in a] == ["psygnal==0.16.1", "wcwidth==0.2.13"]
    build.prefetch([("six", "1.17.0")])
    assert len(runs) == 1


def test_a_binary_wheel_cannot_be_carried() -> None:
    spec = {
        "file_name": "numpy-2.4.6-cp314-cp314-pyemscripten_2026_0_wasm32.whl",
        "version": "2.4.6",
    }
    with pytest.raises(build.Missing, match="numpy is not a pure-Python wheel"):
        build._local("numpy", spec)


def _wheel(path: Path, files: dict[str, str]) -> Path:
    """A small wheel of ``files`` with a RECORD, as PyPI's wheels have."""
    import zipfile

    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w") as out:
        for name, text in files.items():
            out.writestr(name, text)
        out.writestr("demo-1.0.dist-info/RECORD", "".join(f"{n},,\n" for n in files))
    return path


def _record_matches(wheel: Path) -> None:
    """Every file of ``wheel`` is in its RECORD with its own sha256 and size."""
    import zipfile

    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        record = next(n for n in names if n.endswith(".dist-info/RECORD"))
        rows = {r.split(",")[0]: r.split(",")[1:] for r in z.read(record).decode().splitlines()}
        assert set(rows) == set(names)
        for name in names:
            if name != record:
                body = z.read(name)
                assert rows[name] == [f"sha256={build.wheels._digest(body)}", str(len(body))], name


def test_a_left_out_package_refuses_to_import(tmp_path: Path) -> None:
    """jedi's stand-in: IPython's completer finds it missing (ImportError), and does without."""
    import subprocess
    import sys

    wheel = build.wheels.left_out_wheel(
        "gupai_probe", "0.0.0+left.out", build.wheels.JEDI_LEFT_OUT[2], tmp_path
    )
    assert wheel.name == "gupai_probe-0.0.0+left.out-py3-none-any.whl"
    _record_matches(wheel)
    code = f"import sys; sys.path.insert(0, {str(wheel)!r})\ntry:\n    import gupai_probe\n"
    code += "except ImportError as e:\n    print(e)\n"
    said = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout
    assert "left out of this site" in said


#: IPython 9's display.py, where it asks whether display data names a file
_DISPLAY = (
    "import os\n\n\ndef _safe_exists(path):\n"
    '    """Check path, but don\'t let exceptions raise"""\n'
    "    try:\n        return os.path.exists(path)\n    except Exception:\n        return False\n"
)


def test_ipython_imports_its_terminal_when_first_used(tmp_path: Path) -> None:
    init = "import sys\nfrom .core import release\nfrom .terminal.embed import embed\nX = 1\n"
    files = {"IPython/__init__.py": init, "IPython/core/display.py": _DISPLAY}
    source = _wheel(tmp_path / "ipython-9.0.0-py3-none-any.whl", files)
    patched = build.wheels.patched_ipython(source, tmp_path / "patched")
    with zipfile.ZipFile(patched) as z:
        text = z.read("IPython/__init__.py").decode()
    assert "\nfrom .terminal.embed import embed\n" not in text.split("def __getattr__")[0]
    assert "def __getattr__(name):" in text and "X = 1" in text
    _record_matches(patched)
    plain = _wheel(tmp_path / "other" / "ipython-9.0.0-py3-none-any.whl", {"IPython/x.py": ""})
    with pytest.raises(build.wheels.Unpatched, match="no longer imports the terminal"):
        build.wheels.patched_ipython(plain, tmp_path / "patched2")


def test_ipython_takes_markup_for_markup_not_for_a_file_name(tmp_path: Path) -> None:
    """In the site, HTML('<b>x</b>') and SVG('<svg ...>') no longer look their text up as a
    path (on the drive, a round trip to the page each); a file's name is still a file's."""
    init = "from .terminal.embed import embed\n"
    files = {"IPython/__init__.py": init, "IPython/core/display.py": _DISPLAY}
    source = _wheel(tmp_path / "ipython-9.0.0-py3-none-any.whl", files)
    with zipfile.ZipFile(build.wheels.patched_ipython(source, tmp_path / "patched")) as z:
        display = z.read("IPython/core/display.py").decode()
    looked: list[str] = []
    space = {"os": type("os", (), {"path": type("p", (), {"exists": looked.append})})}
    exec(display.split("\n", 1)[1], space)  # without its import of os: a stand-in that records
    assert space["_safe_exists"]("  <svg width='2'></svg>") is False
    space["_safe_exists"]("page.html")
    assert looked == ["page.html"]
    old = tmp_path / "old" / "ipython-9.0.0-py3-none-any.whl"
    source = _wheel(old, {"IPython/__init__.py": init})
    with pytest.raises(build.wheels.Unpatched, match="display.py no longer checks whether"):
        build.wheels.patched_ipython(source, tmp_path / "patched3")


#: the two places the pyodide-kernel 0.8.6 worker scripts patched (minified, as shipped)
_WORKER = (
    'async initFilesystem(e){if(e.mountDrive){let t="/drive",{FS:V}=this._pyodide,'
    "a=new Dt({FS:V,mountpoint:t});V.mkdirTree(t),V.mount(a,{},t),V.chdir(t),this._driveFS=a}}"
    'async initKernel(e){let t=[],V=[];V.push("import pyodide_kernel"),'
    'e.mountDrive&&this._localPath&&V.push("import os",`os.chdir("${this._localPath}")`),'
    'await this._pyodide.runPythonAsync(V.join("\\n"))}'
)


def test_the_drive_becomes_the_current_folder_once_the_kernel_is_imported(
    tmp_path: Path,
) -> None:
    """The kernel's imports at start no longer ask the drive (one round trip each): the mount
    stays, its chdir moves after ``import pyodide_kernel``, and '' goes last on sys.path."""
    (tmp_path / "comlink.worker.1.js").write_text(_WORKER.replace("V", "i"), encoding="utf-8")
    (tmp_path / "393.2.js").write_text(_WORKER.replace("V", "s"), encoding="utf-8")
    (tmp_path / "style.js").write_text("body{}", encoding="utf-8")
    assert build.drive_after_kernel(tmp_path) == ["393.2.js", "comlink.worker.1.js"]
    for name, v in (("393.2.js", "s"), ("comlink.worker.1.js", "i")):
        text = (tmp_path / name).read_text(encoding="utf-8")
        assert f"{v}.mount(a,{{}},t),this._driveFS=a" in text and ".chdir(t)" not in text
        after = text.split('push("import pyodide_kernel"),', 1)[1]
        assert after.startswith(f'e.mountDrive&&{v}.push("import os, sys","os.chdir(')
        assert 'sys.path[:] = [p for p in sys.path if p != \\"\\"] + [\\"\\"]' in after
    again = (tmp_path / "393.2.js").read_text(encoding="utf-8")
    build.drive_after_kernel(tmp_path)  # a second run changes nothing
    assert (tmp_path / "393.2.js").read_text(encoding="utf-8") == again
    (tmp_path / "comlink.worker.1.js").write_text(
        _WORKER.replace("V.chdir(t),", "V.chdir(t+1),").replace("V", "s"), encoding="utf-8"
    )
    with pytest.raises(build.Missing, match="comlink.worker.1.js: the pyodide-kernel worker"):
        build.drive_after_kernel(tmp_path)


def test_the_patched_start_puts_the_drive_last(tmp_path: Path) -> None:
    """The Python the patched worker runs: the current folder is the drive, and '' (the
    current folder) is searched after everything else, once."""
    import subprocess
    import sys

    lines = ["import sys", "sys.path.insert(0, '')", *build.DRIVE_LAST]
    code = "\n".join(lines).replace('"/drive"', repr(str(tmp_path)))
    code += "\nprint(os.getcwd()); print(sys.path.count(''), sys.path[-1] == '')"
    said = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert said.stdout.split("\n")[:2] == [str(tmp_path), "1 True"], said.stderr


def test_the_kernel_finds_everything_it_needs_named_at_start() -> None:
    """The pyodide-kernel worker skips micropip's own load, piplite's install, and its
    piplite.install of ipykernel, comm, pyodide-kernel, jedi and ipython only for names in
    ``loadPyodideOptions.packages``: all of them are there, and each is carried."""
    worker_installs = {"micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi"}
    assert worker_installs | {"ipython", "gupai-learn"} <= set(build.AT_START)
    assert set(build.KERNEL_WHEELS) | {"jedi", "micropip"} <= set(build.KERNEL_NEEDS)


@pytest.mark.slow
def test_compiled_wheels_hold_bytecode_pyodide_runs(tmp_path: Path) -> None:
    """The bytecode is compiled by Pyodide itself (its Python's cache tag); needs node and a
    built cache (``make lite`` once)."""
    import shutil
    import zipfile

    core = build.CACHE / f"pyodide-{build.PYODIDE}" / "package"
    if shutil.which("node") is None or not (core / "pyodide.mjs").is_file():
        pytest.skip("no node or no Pyodide in .lite-cache (run make lite once)")
    source = _wheel(tmp_path / "demo-1.0-py3-none-any.whl", {"demo/__init__.py": "X = 1\n"})
    (made,) = build.compiled([source], core)
    with zipfile.ZipFile(made) as z:
        names = z.namelist()
    assert any(n.startswith("demo/__pycache__/__init__.cpython-3") for n in names), names
    _record_matches(made)
