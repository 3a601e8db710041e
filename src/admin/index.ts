import { flushOutput, processContext } from "./process-context.js";
import { runAdmin } from "./run-admin.js";

// `connectory-registry <command>` (bin/connectory-registry.js; `npm run registry -- …` in a checkout): the
// operator's entry point, the only admin file that reads argv or exits. Exiting (rather than waiting for
// the event loop to drain) ends `serve` promptly once its server has closed; every command's output is
// written out first (flushOutput), so a pipe read slowly still gets all of it. On PostgreSQL, the driver's
// repair is installed when the database is opened (src/db/open-database.ts).
const code = await runAdmin(process.argv.slice(2), processContext());
await flushOutput();
process.exit(code);
