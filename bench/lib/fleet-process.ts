import { mcpFleet } from "./mcp-fleet.js";

// The bench's remote servers in a process of their own (so they do not share the checker's event loop):
// prints the fleet's base URL on stdout, serves until stdin closes.
const fleet = await mcpFleet();
process.stdout.write(`${fleet.url}\n`);
process.stdin.resume();
process.stdin.on("end", () => void fleet.close().then(() => process.exit(0)));
