#!/usr/bin/env node
// The registry's operator command in a checkout (`npm run registry -- …`, `npx connectory-registry …`),
// run from the build output of `npm run build`. The registry package ships its own bin (scripts/build-packages.ts).
// bin/ is CommonJS (bin/package.json: the CLI answers --version before the ES module loader), so the
// registry's ES modules load through a dynamic import.
void import("../dist/src/admin/index.js");
