import { createRequire } from "node:module";
import { runCli } from "./main.js";
import { processContext } from "./context.js";

// The only file that reads process.argv or exits.
const { version } = createRequire(import.meta.url)("../../package.json") as { version: string };
const code = await runCli(process.argv.slice(2), processContext(version));
process.exitCode = code;
