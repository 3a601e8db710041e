#!/usr/bin/env node
"use strict";
// The published entry: the CLI bundled by `npm run build` (scripts/bundle-cli.ts; run on install by
// `prepare`) into dist/cli-bundle/: one file per chunk instead of hundreds of modules to load.
//
// CommonJS (bin/package.json says so): `connectory --version` (or -v) alone is answered here, before
// Node's ES module loader or any of the bundle loads (issue 29: within 15 ms of `node -e 0`), with
// the same line the full CLI prints, from the same package.json. Every other invocation (--json,
// --lang, a verb) imports the bundle.
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-v"))
  process.stdout.write(`${require("../package.json").version}\n`);
else
  import("../dist/cli-bundle/index.mjs").catch((error) => {
    process.exitCode = 1;
    throw error;
  });
