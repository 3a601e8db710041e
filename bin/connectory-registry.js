#!/usr/bin/env node
// The registry's operator command in a checkout (`npm run registry -- …`, `npx connectory-registry …`),
// run from the build output of `npm run build`. The registry package ships its own bin (scripts/build-packages.ts).
import "../dist/src/admin/index.js";
