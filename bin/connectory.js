#!/usr/bin/env node
// The published entry: the CLI bundled by `npm run build` (scripts/bundle-cli.ts; run on install by
// `prepare`) into dist/cli-bundle/: one file per chunk instead of hundreds of modules to load.
import "../dist/cli-bundle/index.js";
