#!/usr/bin/env node
// The published entry: the compiled CLI lives in dist/ (built by `npm run build`, run on install by `prepare`).
import "../dist/cli/index.js";
