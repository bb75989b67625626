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
globalThis.self = globalThis;
globalThis.location = { search: "", href: "file:///site/lab/index.html" };
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


#: a kernel and its worker as the pyodide-kernel 0.8.6 page chunk ships them (minified)
_HOOK = (
    "class W{constructor(e){this._worker=this.initWorker(e)}initWorker(e){let t=e=>new Worker(e,"
    '{type:"module"});return crossOriginIsolated?t(new URL("c.js",s.b)):t(new URL("w.js",s.b))}}'
)
_PAGE = "<html><head><title>JupyterLite</title></head><body></body></html>"


def _early_site(root: Path) -> Path:
    site = _site(root)
    snapshot.patch(site, _STATIC)
    (site / _STATIC / "393.1.js").write_text(_HOOK, encoding="utf-8")
    for page in snapshot.PAGES:
        (site / page).parent.mkdir(parents=True)
        (site / page).write_text(_PAGE, encoding="utf-8")
    return site


def test_the_pages_start_the_worker_and_the_kernel_takes_it(tmp_path: Path) -> None:
    site = _early_site(tmp_path)
    options = {"env": {"HOME": "/home/pyodide"}, "packages": ["gupai-learn"]}
    changed = snapshot.start_early(site, _STATIC, options)
    assert changed == [*snapshot.PAGES, "393.1.js"]
    page = (site / "lab" / "index.html").read_text(encoding="utf-8")
    assert page.count(snapshot.EARLY) == 1 and page.index(snapshot.EARLY) < page.index("</head>")
    assert '"../extensions/kernel/static/comlink.worker.1.js"' in page
    assert '\\"pyodide\\": \\"../../../static/pyodide/pyodide.mjs\\"' in page
    hook = (site / _STATIC / "393.1.js").read_text(encoding="utf-8")
    assert 'let t=e=>self.gupaiEarlyWorker?.(e)||new Worker(e,{type:"module"});' in hook
    before = {p: p.read_bytes() for p in site.rglob("*.*")}
    snapshot.start_early(site, _STATIC, options)  # a second run changes nothing
    assert {p: p.read_bytes() for p in site.rglob("*.*")} == before


def test_a_kernel_chunk_that_changed_is_named(tmp_path: Path) -> None:
    site = _early_site(tmp_path)
    (site / _STATIC / "393.1.js").write_text(_HOOK.replace("initWorker", "makeWorker"), "utf-8")
    with pytest.raises(snapshot.Unpatched, match="no longer makes its worker"):
        snapshot.start_early(site, _STATIC, {})


#: the page's script run in Node: the worker it makes, and who gets it
_PAGE_RUN = """
const made = [];
globalThis.self = globalThis;
globalThis.document = { baseURI: "http://site/lab/index.html?path=a.ipynb" };
globalThis.DecompressionStream = class {};
globalThis.Worker = class {
  constructor(u, o) { made.push([String(u), o.type]); this.n = made.length; }
  terminate() { made.push("ended"); } };
globalThis.setTimeout = () => 1; globalThis.clearTimeout = () => {};
%s
const worker = "http://site/extensions/kernel/static/comlink.worker.1.js";
const other = self.gupaiEarlyWorker(new URL("http://site/extensions/kernel/static/c.js"));
const first = self.gupaiEarlyWorker(new URL(worker)), again = self.gupaiEarlyWorker(worker);
console.log(JSON.stringify([made, other ?? null, first && first.n, again ?? null]));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is not installed")
def test_the_page_hands_its_worker_once_to_the_kernel_that_asks_for_it(tmp_path: Path) -> None:
    site = _early_site(tmp_path)
    snapshot.start_early(site, _STATIC, {"env": {}, "packages": []})
    page = (site / "lab" / "index.html").read_text(encoding="utf-8")
    code = page.split("<script>", 1)[1].split("</script>", 1)[0]
    script = tmp_path / "page.mjs"
    script.write_text(_PAGE_RUN % code, encoding="utf-8")
    done = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    made, other, first, again = json.loads(done.stdout)
    assert len(made) == 1 and made[0][1] == "module"
    address = made[0][0]
    assert address.startswith("http://site/extensions/kernel/static/comlink.worker.1.js?")
    assert "gupai-early=" in address
    assert (other, first, again) == (None, 1, None)


#: the patched worker, started early by a page, run in Node with a stand-in Pyodide module
_EARLY_RUN = """
globalThis.self = globalThis;
globalThis.location = { search: "?gupai-early=" + encodeURIComponent(JSON.stringify({
  pyodide: "../../../static/pyodide/pyodide.mjs", options: { env: { HOME: "/h" } } })),
  href: %(worker)s };
const head = new TextEncoder().encode(JSON.stringify({ packages: ["p1"],
  files: [["/a/b.py", 2]] }));
const blob = new Uint8Array([...new Uint8Array(new Uint32Array([head.length]).buffer), ...head,
  ...new TextEncoder().encode("xy")]).buffer;
const asked = [];
globalThis.fetch = async (url) => { asked.push(url); return { body: { pipeThrough: () =>
  url.endsWith("files.gz") ? blob : "gz:" + url } }; };
globalThis.Response = class {
  constructor(b) { this.b = b; }
  async arrayBuffer() { return this.b; } };
globalThis.DecompressionStream = class {};
let own = 0;
const L = async () => ({ loadPyodide: async (o) => { own += 1; return globalThis.early; } });
%(code)s
await new Promise((r) => setTimeout(r, 50));
const before = [...asked], early = [own, globalThis.handed !== undefined,
  [...globalThis.early.written]];
const pyodide = new URL("../../../static/pyodide/pyodide.mjs", %(worker)s).href;
const logged = [];
const k = new K(); k._logMessage = (m) => logged.push(m.data);
await k.initialize({ pyodideUrl: pyodide, indexUrl: "unused/", loadPyodideOptions: {} });
const h = globalThis.handed, written = [...globalThis.early.written];
const second = new K(); second._logMessage = () => {};
await second.initialize({ pyodideUrl: pyodide, indexUrl: "/other/", loadPyodideOptions: {} });
console.log(JSON.stringify([before.map(u => u.slice(u.lastIndexOf("/") + 1)), early, own,
  k._pyodide === globalThis.early, h.indexURL === pyodide.slice(0, -11), h.env, h.packages,
  await h._loadSnapshot === "gz:" + pyodide.slice(0, -11) + "gupai-start.snapshot.gz",
  h._snapshotDeserializer({ path: ["loadPackage"], call: true })("z"), logged, written]));
"""
_EARLY_PYODIDE = """
const api = { loadPackage: (x) => "loaded " + x, loadedPackages: {}, written: [],
  FS: { mkdirTree: () => {}, writeFile: (f, b) => api.written.push(f) },
  runPython: () => {}, runPythonAsync: async () => {} };
globalThis.early = api;
export async function loadPyodide(o) { globalThis.handed = o; o.stdout("hello"); return api; }
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is not installed")
def test_a_worker_started_early_restores_the_snapshot_before_the_kernel_asks(
    tmp_path: Path,
) -> None:
    """At once, before the kernel's options come: the snapshot and the files are fetched from
    beside Pyodide and Pyodide loaded with the page's options; the first kernel that loads
    that Pyodide takes it (and what Python wrote meanwhile); a second one loads its own."""
    site = _site(tmp_path)
    snapshot.patch(site, _STATIC)
    (site / "static" / "pyodide" / "pyodide.mjs").write_text(_EARLY_PYODIDE, encoding="utf-8")
    worker = (site / _STATIC / "comlink.worker.1.js").read_text(encoding="utf-8")
    address = json.dumps((site / _STATIC / "comlink.worker.1.js").as_uri())
    script = tmp_path / "early.mjs"
    script.write_text(_EARLY_RUN % {"worker": address, "code": worker}, encoding="utf-8")
    done = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout.splitlines()[-1]) == [
        [snapshot.FILES, snapshot.NAME],
        [0, True, ["/a/b.py"]],
        1,
        True,
        True,
        {"HOME": "/h"},
        [],
        True,
        "loaded z",
        ["hello"],
        ["/a/b.py"],
    ]
