import fs from "node:fs/promises";
import path from "node:path";

/** A small valid connector (remote server with a bearer token), written from scratch for CLI tests. */
export const VALID_CONNECTOR: Record<string, string> = {
  "plugin.json": JSON.stringify(
    {
      name: "demo-notes",
      version: "1.2.3",
      description: "Notes for tests.",
      publisher: "tests",
      license: "MIT",
      categories: ["productivity"],
    },
    null,
    2,
  ),
  "mcp.json": JSON.stringify(
    {
      mcpServers: {
        notes: {
          type: "streamable-http",
          url: "https://notes.example.com/mcp",
          headers: { Authorization: "Bearer ${NOTES_TOKEN}" },
        },
      },
    },
    null,
    2,
  ),
  "token-schema.json": JSON.stringify(
    {
      type: "object",
      properties: { NOTES_TOKEN: { type: "string", title: "Notes token", secret: true } },
      required: ["NOTES_TOKEN"],
      additionalProperties: false,
    },
    null,
    2,
  ),
  "README.md": "# Demo notes\n",
};

/** Writes a connector folder at `dir` from a file map (`undefined` values are left out). */
export async function writeConnector(
  dir: string,
  files: Record<string, string | undefined>,
): Promise<string> {
  for (const [name, text] of Object.entries(files)) {
    if (text === undefined) continue;
    const file = path.join(dir, ...name.split("/"));
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, text);
  }
  return dir;
}
