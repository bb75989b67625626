// Make the browser site's start snapshot (tools/lite/snapshot.py runs this with Node).
//
//   node snapshot.mjs PYODIDE_DIR OUTPUT.gz OPTIONS_JSON
//
// OPTIONS_JSON: {"env": {...}, "packages": [...], "imports": "import ..."}: the kernel's own
// loadPyodide options (the same environment: os.environ is kept in the snapshot), the packages
// it loads at start, and the Python line run before the snapshot is taken. The snapshot is
// Pyodide's memory once those modules are imported, gzip-compressed. Python may hold two
// objects of JavaScript's at that point, the Pyodide API and its loadPackagesFromImports; they
// are written down by name and given back by the worker (see snapshot.py). Any other object
// stops the script with a line naming it.
import { gzipSync } from "node:zlib";
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { join, resolve } from "node:path";

const [folder, output, optionsText] = process.argv.slice(2);
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
await pyodide.loadPackage(options.packages, { messageCallback: () => {} });
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
console.log(`${(snapshot.length / 1e6).toFixed(1)} MB of memory`);
