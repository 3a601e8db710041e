import { randomBytes } from "node:crypto";
import { packFiles } from "../../src/package/pack.js";

/**
 * A valid connector package of about `size` bytes once packed: random bytes, base64 in the README, which
 * gzip cannot shrink below their own size.
 */
export function benchPackage(name: string, version: string, size = 0): Promise<Uint8Array> {
  const text = (s: string) => new TextEncoder().encode(s);
  return packFiles(
    new Map([
      [
        "plugin.json",
        text(JSON.stringify({ name, version, publisher: "acme", description: `${name} bench connector` })),
      ],
      [
        "mcp.json",
        text(JSON.stringify({ mcpServers: { s: { type: "http", url: "https://example.com/mcp" } } })),
      ],
      ["README.md", text(`# ${name}\n\n${randomBytes(size).toString("base64")}\n`)],
    ]),
  );
}
