import { registerDriverFix } from "../db/postgres/driver-fix.js";

// `connectory-registry <command>` (bin/connectory-registry.js; `npm run registry -- …` in a checkout): the
// operator's entry point, the only admin file that reads argv or exits. Exiting (rather than waiting for
// the event loop to drain) ends `serve` promptly once its server has closed; every command's output is
// written out first (flushOutput), so a pipe read slowly still gets all of it. The postgres.js repair is
// installed first when DATABASE_URL is PostgreSQL, and everything else imported after it
// (src/db/postgres/driver-fix-hooks.ts).
registerDriverFix(process.env.DATABASE_URL);
const { flushOutput, processContext } = await import("./process-context.js");
const { runAdmin } = await import("./run-admin.js");
const code = await runAdmin(process.argv.slice(2), processContext());
await flushOutput();
process.exit(code);
