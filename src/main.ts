import { processContext } from "./admin/process-context.js";
import { runAdmin } from "./admin/run-admin.js";

// `npm start`, and deployments that run `node dist/src/main.js`: the same as `connectory-registry serve`.
// On PostgreSQL, the driver's repair is installed when the database is opened (src/db/open-database.ts).
process.exit(await runAdmin(["serve", ...process.argv.slice(2)], processContext()));
