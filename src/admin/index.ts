import { runAdmin } from "./run-admin.js";

// `npm run registry -- …`: an operator's entry point, reading the same env as `npm start`.
const result = await runAdmin(process.argv.slice(2), {
  databaseUrl: process.env.DATABASE_URL || "./data/registry.db",
});
process.stdout.write(result.stdout);
process.stderr.write(result.stderr);
process.exitCode = result.code;
