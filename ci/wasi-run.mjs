// Runs a wasm32-wasip1 program under Node's built-in WASI (node:wasi), as
// cargo's runner:
//
//   CARGO_TARGET_WASM32_WASIP1_RUNNER="node ci/wasi-run.mjs" cargo test --target wasm32-wasip1
//
// cargo calls `runner program.wasm ARGS...` with the package root as the
// working directory. The program gets ARGS (so libtest filters and flags
// work), the environment variables that the tests read (RAPIDUTF_*,
// PROPTEST_*, RUST_BACKTRACE; nothing else of the host leaks in), and two
// preopened directories, both the working directory: "." for relative
// paths and the directory's own absolute path, so that paths built from
// env!("CARGO_MANIFEST_DIR") at compile time resolve unchanged. The exit
// status is the program's (a Rust panic aborts the wasm instance: that is
// a trap, reported as status 101 like a failed native test binary).
//
// Needs Node 20 or later (node:wasi with version "preview1").

import { readFile } from "node:fs/promises";
import process from "node:process";
import { WASI } from "node:wasi";

const [wasmPath, ...args] = process.argv.slice(2);
if (!wasmPath) {
  process.stderr.write("usage: node wasi-run.mjs PROGRAM.wasm [ARGS...]\n");
  process.exit(2);
}

const passEnv = /^(RAPIDUTF_|PROPTEST_|RUST_BACKTRACE$|RUST_TEST_)/;
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => passEnv.test(k)));

const cwd = process.cwd();
const wasi = new WASI({
  version: "preview1",
  args: [wasmPath, ...args],
  env,
  preopens: { ".": cwd, [cwd]: cwd },
  returnOnExit: true,
});

let status;
try {
  const module = await WebAssembly.compile(await readFile(wasmPath));
  const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
  status = wasi.start(instance);
} catch (e) {
  // An `unreachable` trap: Rust's panic=abort on wasm, or a real fault.
  process.stderr.write(`wasi-run: ${wasmPath}: ${e}\n`);
  status = 101;
}
process.exitCode = status;
