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

The kernel's worker is also started early (:func:`start_early`): as shipped, JupyterLab makes
it only once its own front end has loaded and the notebook is open (about 6 s on this machine),
and Python's start then waits on that. The pages that open notebooks now make the worker as
they load, and it restores the snapshot while the front end loads beside it; the first kernel
the page starts takes that worker. A page that starts no kernel within two minutes ends it.

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
import os
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
#: in the worker: Pyodide loaded with the worker's options (what comes before, with the address
#: of Pyodide; its loader, the index folder, what comes between, the worker's start options)
LOAD_CALL = re.compile(
    r"(let\{pyodideUrl:(\w),indexUrl:\w\}=\w,\{loadPyodide:\w\}=await \w+\(\w\);)"
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
    patched = patch(site, kernel_static) + start_early(site, kernel_static, options)
    patched = list(dict.fromkeys(patched))
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
    if script.name.startswith("comlink.worker"):  # the worker a page starts (not a chunk's copy)
        text = _early_worker() + text
    script.write_text(text, encoding="utf-8")
    return script.name


#: the packages' files written back into Pyodide ``p`` from the bytes ``b`` of :data:`FILES`
#: (see snapshot.mjs for its layout), the packages marked loaded, Python's import caches emptied
WRITE = (
    "(p,b)=>{let l=new DataView(b.buffer).getUint32(0,!0),"
    "h=JSON.parse(new TextDecoder().decode(b.subarray(4,4+l))),o=4+l;"
    "for(let[f,s]of h.files){p.FS.mkdirTree(f.slice(0,f.lastIndexOf('/')));"
    "p.FS.writeFile(f,b.subarray(o,o+s));o+=s}"
    "for(let k of h.packages)p.loadedPackages[k]='default channel';"
    "p.runPython('import importlib\\nimportlib.invalidate_caches()')}"
)
#: the worker, once Pyodide is loaded (``p``): the files written back, unless a Pyodide started
#: early had them written already
WRITE_FILES = (
    "async p=>{let f=await this._gupaiFiles;this._gupaiFiles=null;"
    f"f&&({WRITE})(p,new Uint8Array(f))}}"
)


def _given(holder: str) -> str:
    """The snapshot's deserializer: the parts of Pyodide's API that Python held, given back by
    their path in the Pyodide ``holder`` names once it is loaded (a function calls the loaded
    Pyodide's; an object answers with the loaded Pyodide's)."""
    # g: a part of the API of the Pyodide being loaded, by its path
    part = f"g=p=>p.reduce((o,k)=>o[k],{holder})"
    # an object of the API's: every use asks the loaded Pyodide
    proxy = (
        "new Proxy({},{get:(_,k)=>{let o=g(p),v=o[k];return typeof v=='function'?v.bind(o):v},"
        "has:(_,k)=>k in g(p),ownKeys:()=>Reflect.ownKeys(g(p)),"
        "getOwnPropertyDescriptor:(_,k)=>{let d=Reflect.getOwnPropertyDescriptor(g(p),k);"
        "return d&&{...d,configurable:!0}}})"
    )
    # a function: called on its owner, as Python called the method it took
    call = "(...a)=>g(p.slice(0,-1))[p[p.length-1]](...a)"
    return f"(({part})=>({{path:p,call:c}})=>c?{call}:{proxy})()"


def _fetched(folder: str, name: str) -> str:
    """A promise of the file ``name`` in ``folder`` (a JavaScript expression), unzipped."""
    return (
        f"fetch({folder}+{json.dumps(name)}).then(r=>new Response(r.body.pipeThrough("
        "new DecompressionStream('gzip'))).arrayBuffer())"
    )


def _with_snapshot(match: re.Match[str]) -> str:
    """The worker's ``loadPyodide`` call with the snapshot among its options: fetched (with
    the packages' files) while Pyodide loads, and the API's parts Python held given back
    (:func:`_given`). No package is installed at the start: the files are written back from
    :data:`FILES`. A Pyodide the worker started early (:func:`_early_worker`) is taken instead
    when it was loaded from the same place."""
    before, url, load, index = match[1], match[2], match[3], match[4]
    options = f"...(this._gupaiFiles={_fetched(index, FILES)},"
    options += f"{{_loadSnapshot:{_fetched(index, NAME)},"
    options += f"_snapshotDeserializer:{_given('this._pyodide')}}}),"
    between, start = match[5], match[6]
    return (
        f"{before}this._pyodide=await self.gupaiEarly?.take({url},this)||await {load}({{{options}"
        f"indexURL:{index},{between}...{start}.loadPyodideOptions,packages:[]}})"
    )


#: the mark in the address of the worker a page starts early; its value says where Pyodide is
#: (from the worker's folder) and with which options the kernel loads it
EARLY = "gupai-early"
#: the pages of the site that open notebooks (and so start kernels)
PAGES = ("lab/index.html", "notebooks/index.html")
#: in the page's kernel code: the kernel makes its worker
MAKE_WORKER = re.compile(r'initWorker\((\w)\)\{let (\w)=(\w)=>new Worker\(\3,\{type:"module"\}\);')


def start_early(site: Path, kernel_static: str, options: dict[str, object]) -> list[str]:
    """Start the kernel's worker as the pages that open notebooks load (see the module's
    text), once :func:`patch` has patched the worker; the names of the files changed.
    ``options`` are the kernel's ``loadPyodideOptions``. :class:`Unpatched` when a script no
    longer looks as expected."""
    static = site / kernel_static
    workers = [p for p in _workers(static) if "self.gupaiEarly=" in p.read_text("utf-8")]
    hooks = [p for p in sorted(static.glob("*.js")) if _makes_worker(p.read_text("utf-8"))]
    if len(workers) != 1 or len(hooks) != 1:
        raise Unpatched(f"{kernel_static}: the kernel no longer makes its worker as expected")
    pyodide = os.path.relpath("static/pyodide/pyodide.mjs", kernel_static)
    early: dict[str, object] = {"pyodide": pyodide.replace(os.sep, "/"), "options": options}
    for name in PAGES:
        page = site / name
        folder = page.parent.relative_to(site)
        worker = os.path.relpath(f"{kernel_static}/{workers[0].name}", folder)
        html = page.read_text(encoding="utf-8")
        if EARLY not in html:
            if html.count("</head>") != 1:
                raise Unpatched(f"{name}: the page no longer has one head")
            script = _page_script(worker.replace(os.sep, "/"), early)
            page.write_text(html.replace("</head>", script + "</head>"), encoding="utf-8")
    hook = hooks[0].read_text(encoding="utf-8")
    hooks[0].write_text(MAKE_WORKER.sub(_taken_first, hook), encoding="utf-8")
    return [*PAGES, hooks[0].name]


def _makes_worker(script: str) -> bool:
    """Whether ``script`` is the kernel's code that makes its worker (patched or not)."""
    return MAKE_WORKER.search(script) is not None or "self.gupaiEarlyWorker?.(" in script


def _taken_first(match: re.Match[str]) -> str:
    """The kernel's ``initWorker``: the worker the page started early, when it is the one asked
    for and not yet taken; otherwise a new one, as shipped."""
    options, make, url = match[1], match[2], match[3]
    return (
        f"initWorker({options}){{let {make}={url}=>self.gupaiEarlyWorker?.({url})"
        f'||new Worker({url},{{type:"module"}});'
    )


def _page_script(worker: str, early: dict[str, object]) -> str:
    """The page's start of the worker (``worker``: its address from the page's folder), with
    ``early`` in its address; ``self.gupaiEarlyWorker(url)`` hands it over once, to whoever
    asks for that worker's script; unasked after two minutes, it ends."""
    return (
        "<script>/* gupai-learn: the kernel's worker starts as the page loads */\n"
        "(()=>{if(self.crossOriginIsolated||!self.Worker||!self.DecompressionStream)return;"
        f"let u=new URL({json.dumps(worker)},document.baseURI),w;"
        f"u.searchParams.set({json.dumps(EARLY)},{json.dumps(json.dumps(early))});"
        "try{w=new Worker(u,{type:'module'})}catch(e){return}"
        "let idle=setTimeout(()=>{w&&w.terminate();w=null},120000);"
        "self.gupaiEarlyWorker=a=>{if(!w||new URL(a,document.baseURI).pathname!==u.pathname)"
        "return;clearTimeout(idle);let t=w;w=null;return t}})();\n</script>\n"
    )


def _early_worker() -> str:
    """The worker's prelude. In the worker a page started early (its address carries
    :data:`EARLY`), Pyodide starts from the snapshot at once; ``self.gupaiEarly.take(url,
    kernel)`` gives it to the first kernel that loads Pyodide from ``url`` (with what Python
    wrote meanwhile, into that kernel's log), the packages' files written back already.
    Anywhere else, for any other address, after that first time or when the early start
    failed, it gives null and the kernel loads Pyodide itself."""
    return (
        f"self.gupaiEarly=(()=>{{let q=new URLSearchParams(self.location.search).get("
        f"{json.dumps(EARLY)});if(!q)return{{take:async()=>null}};"
        "let o=JSON.parse(q),url=new URL(o.pyodide,self.location.href).href,"
        "s=url.slice(0,url.lastIndexOf('/')+1),held=null,kernel=null,lines=[],"
        "say=l=>d=>{(l=='info'?console.log:console.error)(d);"
        "kernel?kernel._logMessage({type:'text',level:l,data:d}):lines.push([l,d])},"
        f"files={_fetched('s', FILES)},snap={_fetched('s', NAME)},"
        "py=import(url).then(m=>m.loadPyodide({_loadSnapshot:snap,"
        f"_snapshotDeserializer:{_given('held')},indexURL:s,stdout:say('info'),"
        "stderr:say('critical'),...o.options,packages:[]}))"
        f".then(async p=>{{({WRITE})(p,new Uint8Array(await files));return held=p}},()=>null);"
        "return{take:async(u,k)=>{if(u!==url||kernel)return null;kernel=k;"
        "for(let[l,d]of lines)k._logMessage({type:'text',level:l,data:d});return py}}})();\n"
    )
