import { defineConfig } from "drizzle-kit";

// SQLite migrations (the default database). PostgreSQL gets its own folder beside it (migrations/pg).
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/db/sqlite/schema.ts",
  out: "./migrations/sqlite",
});
