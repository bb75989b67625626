// Make the browser site's start snapshot (tools/lite/snapshot.py runs this with Node).
//
//   node snapshot.mjs PYODIDE_DIR SNAPSHOT.gz FILES.gz OPTIONS_JSON
//
// OPTIONS_JSON: {"env": {...}, "packages": [...], "imports": "import ..."}: the kernel's own
// loadPyodide options (the same environment: os.environ is kept in the snapshot), the packages
// it loads at start, and the Python line run before the snapshot is taken. The snapshot is
// Pyodide's memory once those modules are imported, gzip-compressed. Python may hold parts of
// Pyodide's API at that point (the API, its functions, methods taken from them); they are
// written down by their path in the API and given back by the worker (see snapshot.py). Any
// other object of JavaScript's stops the script with a line naming it. FILES.gz holds the files the packages installed
// (the memory does not): the worker writes them back instead of installing the packages again.
import { gzipSync } from "node:zlib";
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { join, resolve } from "node:path";

const [folder, output, filesOutput, optionsText] = process.argv.slice(2);
const options = JSON.parse(optionsText);
const where = resolve(folder) + "/";
const { loadPyodide } = await import(pathToFileURL(join(where, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: where,
  env: options.env,
  _makeSnapshot: true,
  stdout: () => {},
  stderr: (line) => process.stderr.write(line + "\n"),
});
const before = files(pyodide.FS, "/", new Map());
await pyodide.loadPackage(options.packages, { messageCallback: () => {} });
const installed = [...files(pyodide.FS, "/", new Map())].filter(([path]) => !before.has(path));
const loaded = Object.keys(pyodide.loadedPackages);
pyodide.runPython(options.imports);
// the worker loads the packages again (their files are not in the memory): it must not find
// them marked as loaded already
for (const name of Object.keys(pyodide.loadedPackages)) delete pyodide.loadedPackages[name];
const snapshot = pyodide.makeMemorySnapshot({
  serializer: (object) => {
    if (object === pyodide) return { path: [] };
    // a part of the API's (or of its _api): an object, a function, or a method taken from it
    // (so bound): micropip keeps loadPackage, loadedPackages and _api.install, the kernel
    // loadPackagesFromImports
    for (const [path, owner] of [[[], pyodide], [["_api"], pyodide._api]]) {
      for (const name of Object.getOwnPropertyNames(owner)) {
        const part = owner[name];
        const bound = typeof part === "function" && object.name === `bound ${name}`;
        if (part === object || bound) return { path: [...path, name], call: typeof part === "function" };
      }
    }
    throw new Error(`Python holds a JavaScript object the worker cannot give back: ${String(object).slice(0, 80)} ${object.name}`);
  },
});
writeFileSync(output, gzipSync(snapshot, { level: 6 }));
writeFileSync(filesOutput, gzipSync(packed(installed, loaded), { level: 6 }));
console.log(`${(snapshot.length / 1e6).toFixed(1)} MB of memory, ${installed.length} files`);

// Every file under `folder` in Pyodide's file system: path -> its bytes (the packages' files).
function files(FS, folder, found) {
  for (const name of FS.readdir(folder)) {
    const path = folder === "/" ? `/${name}` : `${folder}/${name}`;
    if (name === "." || name === ".." || ["/dev", "/proc", "/tmp"].includes(path)) continue;
    if (FS.isDir(FS.lstat(path).mode)) files(FS, path, found);
    else found.set(path, FS.readFile(path));
  }
  return found;
}

// The files the packages installed, in one block the worker writes back: 4 bytes (the length
// of a JSON head, little-endian), the head {"packages": [names], "files": [[path, size], ...]},
// then every file's bytes in that order.
function packed(installed, packages) {
  const head = new TextEncoder().encode(
    JSON.stringify({ packages, files: installed.map(([path, bytes]) => [path, bytes.length]) }),
  );
  const length = new Uint8Array(new Uint32Array([head.length]).buffer);
  return Buffer.concat([length, head, ...installed.map(([, bytes]) => bytes)]);
}
