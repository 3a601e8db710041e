import { processContext } from "./process-context.js";
import { runAdmin } from "./run-admin.js";

// `connectory-registry <command>` (bin/connectory-registry.js; `npm run registry -- …` in a checkout): the
// operator's entry point, the only admin file that reads argv or exits. Exiting (rather than waiting for
// the event loop to drain) ends `serve` promptly once its server has closed.
process.exit(await runAdmin(process.argv.slice(2), processContext()));
