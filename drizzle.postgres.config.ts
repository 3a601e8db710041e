import { defineConfig } from "drizzle-kit";

// PostgreSQL migrations (DATABASE_URL=postgres://…), beside the SQLite ones (drizzle.config.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/postgres/schema.ts",
  out: "./migrations/pg",
});
