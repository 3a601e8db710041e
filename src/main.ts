import { registerDriverFix } from "./db/postgres/driver-fix.js";

// `npm start`, and deployments that run `node dist/src/main.js`: the same as `connectory-registry serve`.
// The postgres.js repair is installed before anything loads the driver, when DATABASE_URL is PostgreSQL
// (src/db/postgres/driver-fix-hooks.ts).
registerDriverFix(process.env.DATABASE_URL);
const { processContext } = await import("./admin/process-context.js");
const { runAdmin } = await import("./admin/run-admin.js");
process.exit(await runAdmin(["serve", ...process.argv.slice(2)], processContext()));
