"""The browser site's start snapshot: the kernel starts from Python's memory as it stands once
the kernel and the lessons' modules are imported, instead of starting Python and importing
them on every visit (issue 36).

At build time (:func:`make`), Node runs Pyodide on the site's own files (``snapshot.mjs``):
it loads the start packages with the kernel's own options, imports :data:`START_IMPORTS`
and writes Pyodide's memory, gzip-compressed, to :data:`NAME` beside Pyodide. Then
:func:`patch` changes two scripts of the built site:

- the pyodide-kernel worker fetches the snapshot while Pyodide loads and hands it to
  ``loadPyodide`` (Pyodide's ``_loadSnapshot``), with the parts of Pyodide's API that Python
  held when the snapshot was taken (micropip keeps ``loadPackage`` and ``_api.install``, the
  kernel ``loadPackagesFromImports``) given back by name; after the start it seeds ``random``
  again, which the snapshot would otherwise start from the same state on every visit;
- ``pyodide.mjs`` grows the memory to the snapshot's size before copying it in (as shipped,
  restoring a snapshot larger than a fresh start's memory fails).

The packages' files are not part of the memory (modules not yet imported, data, tracebacks'
source lines need them). Node also writes the files the start packages installed to
:data:`FILES`, and the worker, instead of installing those packages again (unzipping each wheel
in Python), writes the files back and marks the packages loaded. A site built where Node cannot
run (or where the snapshot fails) starts the usual way, and the build says so in one line.

This site chooses: ``os.environ``, ``sys.path`` and the hash seed of every visit are those of
the build (the environment is the kernel's own configuration, so nothing differs).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: the snapshot, beside Pyodide's files in the built site
NAME = "gupai-start.snapshot.gz"
#: the files the start packages installed, beside it (the memory does not hold them)
FILES = "gupai-start.files.gz"
#: what the snapshot has imported: the kernel, the widgets and what a first lesson imports
START_IMPORTS = (
    "import pyodide_kernel, micropip, piplite, ipywidgets, anywidget, IPython.display, "
    "xml.dom.minidom, gupai_learn, gupai_learn.widgets, gupai_learn.puzzles"
)
#: run before the snapshot is taken: a file Python holds open would not be open after the restore
#: (the files are not in the memory), and closing it then fails aloud. importlib.metadata keeps
#: the standard library's zip open in a cache (anywidget and psygnal ask for their versions):
#: the cache is emptied and the garbage collected; any file still open stops the build.
SETTLE = """
import gc, io, importlib.metadata
importlib.metadata.FastPath.__new__.cache_clear()
gc.collect()
_open = [f for f in gc.get_objects() if isinstance(f, io.IOBase) and not f.closed]
_std = ("<stdin>", "<stdout>", "<stderr>")
_open = [repr(f) for f in _open if getattr(f, "name", None) not in _std]
if _open:
    raise RuntimeError("files left open before the snapshot: " + ", ".join(_open))
del _open, _std
"""
#: in the worker: Pyodide loaded with the worker's options (its loader, the index folder, what
#: comes between, the worker's start options)
LOAD_CALL = re.compile(
    r"this\._pyodide=await (\w)\(\{indexURL:(\w),(.{0,400}?)\.\.\.(\w)\.loadPyodideOptions\}\)"
)
#: in the worker: the start, once Pyodide is loaded
RUNTIME_DONE = re.compile(r"await this\.initRuntime\((\w)\),")
#: in the worker: the kernel's start-up script imports the kernel ...
KERNEL_IMPORT = '.push("import pyodide_kernel")'
#: ... and then seeds ``random`` again (restored, it would start from one state every visit)
RESEEDED = '.push("import pyodide_kernel","import random","random.seed()")'
#: in pyodide.mjs: the snapshot copied into memory
RESTORE = "t&&(s=i.restoreSnapshot(t))"
#: the same, once the memory holds the snapshot (``m``: the module, ``n``: the bytes needed)
GROWN = (
    "t&&(((m,n)=>{let q=[];while(m.HEAP8.length<n)q.push(m._malloc(1<<20));"
    "q.forEach(p=>m._free(p))})(e,t.length),s=i.restoreSnapshot(t))"
)


class Unpatched(Exception):
    """A script of the site no longer looks as :func:`patch` expects: the message names it."""


def start_from_snapshot(site: Path, plugin: str, kernel_static: str) -> str:
    """Let the built ``site``'s kernel start from a snapshot when Node can make one: the line
    the build prints (what was patched, or why the kernel starts the usual way). ``plugin`` is
    the kernel's settings key in the site's configuration, ``kernel_static`` the folder of its
    worker scripts. :class:`Unpatched` when a script no longer looks as expected."""
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))
    options = config["jupyter-config-data"]["litePluginSettings"][plugin]["loadPyodideOptions"]
    why_not = make(site / "static" / "pyodide", options)
    if why_not is not None:
        return f"start snapshot not made ({why_not}): the kernel starts the usual way"
    patched = patch(site, kernel_static)
    size = (site / "static" / "pyodide" / NAME).stat().st_size
    return f"start snapshot made ({size / 1e6:.1f} MB): {', '.join(patched)} patched"


def make(pyodide: Path, options: dict[str, object]) -> str | None:
    """Write the snapshot into ``pyodide`` (the site's Pyodide folder) for a kernel loaded
    with ``options`` (its ``loadPyodideOptions``: ``env`` and ``packages``). None when it was
    made; otherwise why not, in a few words (the site then starts without it)."""
    node = shutil.which("node")
    if node is None:
        return "Node is not installed"
    settings = {"env": options.get("env", {}), "packages": options["packages"]}
    settings["imports"] = START_IMPORTS + "\n" + SETTLE
    command = [node, str(HERE / "snapshot.mjs"), str(pyodide), str(pyodide / NAME)]
    command.append(str(pyodide / FILES))
    done = subprocess.run(
        [*command, json.dumps(settings)], capture_output=True, text=True, timeout=600
    )
    if done.returncode != 0:
        (pyodide / NAME).unlink(missing_ok=True)
        (pyodide / FILES).unlink(missing_ok=True)
        last = [line for line in done.stderr.splitlines() if line.startswith("Error")]
        return (last or ["Node failed"])[-1][:200]
    return None


def patch(site: Path, kernel_static: str) -> list[str]:
    """Make the built ``site`` start from its snapshot (see the module's text); the names of
    the files changed. ``kernel_static`` is the folder of the pyodide-kernel worker scripts."""
    changed = [_patch_worker(script) for script in _workers(site / kernel_static)]
    pyodide = site / "static" / "pyodide" / "pyodide.mjs"
    text = pyodide.read_text(encoding="utf-8")
    if GROWN not in text:
        if text.count(RESTORE) != 1:
            raise Unpatched(f"{pyodide.name}: Pyodide no longer restores a snapshot as expected")
        pyodide.write_text(text.replace(RESTORE, GROWN), encoding="utf-8")
    return [*changed, pyodide.name]


def _workers(static: Path) -> list[Path]:
    """The worker scripts that load Pyodide."""
    found = [p for p in sorted(static.glob("*.js")) if "async initRuntime" in p.read_text("utf-8")]
    if not found:
        raise Unpatched(f"no pyodide-kernel worker script in {static}")
    return found


def _patch_worker(script: Path) -> str:
    """Load the snapshot in one worker script; its name."""
    text = script.read_text(encoding="utf-8")
    if NAME in text:  # patched already
        return script.name
    text, count = LOAD_CALL.subn(_with_snapshot, text)
    text, written = RUNTIME_DONE.subn(lambda m: f"{m[0]}await({WRITE_FILES})(this._pyodide),", text)
    seeds = text.count(KERNEL_IMPORT)
    text = text.replace(KERNEL_IMPORT, RESEEDED)
    if count != 1 or written != 1 or seeds != 1:
        raise Unpatched(f"{script.name}: the worker no longer starts Pyodide as expected")
    script.write_text(text, encoding="utf-8")
    return script.name


#: the worker, once Pyodide is loaded (``p``): the packages' files written back from
#: :data:`FILES` (see snapshot.mjs for its layout), the packages marked loaded, Python's import
#: caches emptied
WRITE_FILES = (
    "async p=>{let b=new Uint8Array(await this._gupaiFiles),"
    "l=new DataView(b.buffer).getUint32(0,!0),"
    "h=JSON.parse(new TextDecoder().decode(b.subarray(4,4+l))),o=4+l;"
    "for(let[f,s]of h.files){p.FS.mkdirTree(f.slice(0,f.lastIndexOf('/')));"
    "p.FS.writeFile(f,b.subarray(o,o+s));o+=s}"
    "for(let k of h.packages)p.loadedPackages[k]='default channel';this._gupaiFiles=null;"
    "p.runPython('import importlib\\nimportlib.invalidate_caches()')}"
)


def _with_snapshot(match: re.Match[str]) -> str:
    """The worker's ``loadPyodide`` call with the snapshot among its options: fetched (with
    the packages' files) while Pyodide loads, and the API's parts Python held given back (a
    function calls the loaded Pyodide's; an object answers with the loaded Pyodide's). No
    package is installed at the start: the files are written back from :data:`FILES`."""
    load, index = match[1], match[2]
    # g: a part of the API of the Pyodide being loaded, by its path (this._pyodide once loaded)
    part = "g=p=>p.reduce((o,k)=>o[k],this._pyodide)"
    # an object of the API's: every use asks the loaded Pyodide
    proxy = (
        "new Proxy({},{get:(_,k)=>{let o=g(p),v=o[k];return typeof v=='function'?v.bind(o):v},"
        "has:(_,k)=>k in g(p),ownKeys:()=>Reflect.ownKeys(g(p)),"
        "getOwnPropertyDescriptor:(_,k)=>{let d=Reflect.getOwnPropertyDescriptor(g(p),k);"
        "return d&&{...d,configurable:!0}}})"
    )
    # a function: called on its owner, as Python called the method it took
    call = "(...a)=>g(p.slice(0,-1))[p[p.length-1]](...a)"
    given = f"({{path:p,call:c}})=>c?{call}:{proxy}"
    fetched = (
        f"fetch({index}+{json.dumps(NAME)}).then(r=>new Response(r.body.pipeThrough("
        "new DecompressionStream('gzip'))).arrayBuffer())"
    )
    files = fetched.replace(json.dumps(NAME), json.dumps(FILES))
    options = f"...(({part})=>(this._gupaiFiles={files},"
    options += f"{{_loadSnapshot:{fetched},_snapshotDeserializer:{given}}}))(),"
    between, start = match[3], match[4]
    return (
        f"this._pyodide=await {load}({{{options}indexURL:{index},{between}"
        f"...{start}.loadPyodideOptions,packages:[]}})"
    )
