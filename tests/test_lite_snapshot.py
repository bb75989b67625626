"""tools/lite/snapshot.py without a browser: the scripts it patches, what the patched worker
hands to Pyodide (run in Node), and a build without Node. The browser tests run the real
site, built with the snapshot, end to end (tests/browser/test_lite*_browser.py)."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

_SPEC = importlib.util.spec_from_file_location(
    "gupai_lite_snapshot_test",
    Path(__file__).resolve().parents[1] / "tools" / "lite" / "snapshot.py",
)
assert _SPEC is not None and _SPEC.loader is not None
snapshot = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(snapshot)

#: the places patched, as the pyodide-kernel 0.8.6 worker and Pyodide 314 ship them (minified)
_WORKER = (
    "class K{async initialize(e){await this.initRuntime(e),await this.initKernel(e)}"
    "async initRuntime(e){let{pyodideUrl:t,indexUrl:s}=e,{loadPyodide:n}=await L(t);"
    "this._pyodide=await n({indexURL:s,stdout:e=>{},...e.loadPyodideOptions})}"
    'async initKernel(e){let s=[];s.push("import pyodide_kernel"),'
    'await this._pyodide.runPythonAsync(s.join("\\n"))}}'
)
_PYODIDE = (
    "function Ae(e,t,n){let i=e.API,s;return t&&(s=i.restoreSnapshot(t)),"
    "i.finalizeBootstrap(s,n._snapshotDeserializer)}"
)
_STATIC = "extensions/kernel/static"


def _site(root: Path, worker: str = _WORKER) -> Path:
    (root / _STATIC).mkdir(parents=True)
    (root / _STATIC / "comlink.worker.1.js").write_text(worker, encoding="utf-8")
    (root / _STATIC / "style.js").write_text("body{}", encoding="utf-8")
    (root / "static" / "pyodide").mkdir(parents=True)
    (root / "static" / "pyodide" / "pyodide.mjs").write_text(_PYODIDE, encoding="utf-8")
    return root


def test_the_worker_and_pyodide_are_patched_once(tmp_path: Path) -> None:
    site = _site(tmp_path)
    assert snapshot.patch(site, _STATIC) == ["comlink.worker.1.js", "pyodide.mjs"]
    worker = (site / _STATIC / "comlink.worker.1.js").read_text(encoding="utf-8")
    assert "_loadSnapshot:fetch(s+" + json.dumps(snapshot.NAME) in worker
    assert "this._gupaiFiles=fetch(s+" + json.dumps(snapshot.FILES) in worker
    assert worker.count("...e.loadPyodideOptions,packages:[]})") == 1
    assert snapshot.RESEEDED in worker and worker.count("random.seed()") == 1
    pyodide = (site / "static" / "pyodide" / "pyodide.mjs").read_text(encoding="utf-8")
    assert snapshot.GROWN in pyodide and snapshot.RESTORE not in pyodide
    before = {p: p.read_text(encoding="utf-8") for p in site.rglob("*.*js")}
    snapshot.patch(site, _STATIC)  # a second run changes nothing
    assert {p: p.read_text(encoding="utf-8") for p in site.rglob("*.*js")} == before


@pytest.mark.parametrize(
    ("old", "new", "named"),
    [
        ("this._pyodide=await n({indexURL:s,", "this._pyodide=await n({url:s,", "comlink"),
        ('s.push("import pyodide_kernel")', 's.push("import kernel")', "comlink"),
        ("await this.initRuntime(e),", "await this.initRuntime(e);", "comlink"),
    ],
)
def test_a_worker_that_changed_is_named(tmp_path: Path, old: str, new: str, named: str) -> None:
    site = _site(tmp_path, _WORKER.replace(old, new))
    with pytest.raises(snapshot.Unpatched, match=f"{named}.worker.1.js: the worker no longer"):
        snapshot.patch(site, _STATIC)


def test_a_pyodide_that_changed_is_named(tmp_path: Path) -> None:
    site = _site(tmp_path)
    (site / "static" / "pyodide" / "pyodide.mjs").write_text("export{}", encoding="utf-8")
    with pytest.raises(snapshot.Unpatched, match="pyodide.mjs: Pyodide no longer restores"):
        snapshot.patch(site, _STATIC)


def test_without_node_the_site_starts_the_usual_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(snapshot.shutil, "which", lambda name: None)
    options = {"packages": ["gupai-learn"], "env": {}}
    assert snapshot.make(tmp_path, options) == "Node is not installed"
    assert not (tmp_path / snapshot.NAME).exists()


#: the patched worker run in Node with a stand-in Pyodide: what loadPyodide is handed, and what
#: the parts Python held become once Pyodide is loaded
_RUN = """
const head = new TextEncoder().encode(JSON.stringify({ packages: ["p1"],
  files: [["/lib/site/a.py", 3], ["/share/x/b.txt", 2]] }));
const blob = new Uint8Array([...new Uint8Array(new Uint32Array([head.length]).buffer), ...head,
  ...new TextEncoder().encode("abcde")]).buffer;
globalThis.fetch = async (url) => ({ body: { pipeThrough: () => url.endsWith("files.gz") ? blob
  : "gz:" + url } });
globalThis.Response = class {
  constructor(b) { this.b = b; }
  async arrayBuffer() { return this.b; }
};
globalThis.DecompressionStream = class {};
const ran = [], written = [], made = [];
const api = { loadPackage(x) { return ["loaded", x, this === api]; }, loadedPackages: { a: 1 },
  _api: { install: (w) => "installed " + w },
  FS: { mkdirTree: (d) => made.push(d),
    writeFile: (f, b) => written.push([f, String.fromCharCode(...b)]) },
  runPython: (code) => ran.push(code), runPythonAsync: async (code) => ran.push(code) };
let handed;
const L = async () => ({ loadPyodide: async (o) => { handed = o; return api; } });
%s
const k = new K();
await k.initialize({ pyodideUrl: "", indexUrl: "/static/pyodide/",
  loadPyodideOptions: { packages: ["p1"] } });
const give = handed._snapshotDeserializer;
const held = give({ path: [] }), load = give({ path: ["loadPackage"], call: true });
const install = give({ path: ["_api", "install"], call: true });
const loaded = give({ path: ["loadedPackages"], call: false });
console.log(JSON.stringify([await handed._loadSnapshot, handed.indexURL, held.loadPackage("x"),
  load("y"), install("w"), loaded.a, "a" in loaded, "b" in loaded, Object.keys(loaded),
  handed.packages, written, made, ran, k._gupaiFiles]));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is not installed")
def test_the_patched_worker_hands_pyodide_the_snapshot_and_the_api(tmp_path: Path) -> None:
    """The snapshot is fetched from beside Pyodide and unzipped; the API's parts Python held
    call (or read) the Pyodide that was loaded; no package is installed at the start: the
    packages' files are written back and the packages marked loaded; random is seeded again."""
    site = _site(tmp_path)
    snapshot.patch(site, _STATIC)
    worker = (site / _STATIC / "comlink.worker.1.js").read_text(encoding="utf-8")
    script = tmp_path / "run.mjs"
    script.write_text(_RUN % worker, encoding="utf-8")
    done = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout) == [
        f"gz:/static/pyodide/{snapshot.NAME}",
        "/static/pyodide/",
        ["loaded", "x", True],
        ["loaded", "y", True],
        "installed w",
        1,
        True,
        False,
        ["a", "p1"],
        [],
        [["/lib/site/a.py", "abc"], ["/share/x/b.txt", "de"]],
        ["/lib/site", "/share/x"],
        [
            "import importlib\nimportlib.invalidate_caches()",
            "import pyodide_kernel\nimport random\nrandom.seed()",
        ],
        None,
    ]


def test_a_file_left_open_stops_the_snapshot(tmp_path: Path) -> None:
    """Restored, a file Python held open would be gone and closing it would fail aloud in a
    lesson; before the snapshot, importlib.metadata's cache is emptied (it holds a zip open)
    and any other file still open stops the build, named."""
    import sys

    def settle(before: str) -> subprocess.CompletedProcess[str]:
        code = before + "\n" + snapshot.SETTLE + "\nprint('settled')"
        return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)

    zipped = tmp_path / "lib.zip"
    with zipfile.ZipFile(zipped, "w") as archive:
        archive.writestr("pkg-1.0.dist-info/METADATA", "Name: pkg\nVersion: 1.0\n")
    cached = f"import sys, importlib.metadata\nsys.path.append({str(zipped)!r})\n"
    cached += "assert importlib.metadata.version('pkg') == '1.0'"
    assert settle(cached).stdout == "settled\n", settle(cached).stderr
    left = settle(f"held = open({str(zipped)!r}, 'rb')")
    assert "files left open before the snapshot" in left.stderr and "lib.zip" in left.stderr
