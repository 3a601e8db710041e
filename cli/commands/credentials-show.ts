import { secretKeys } from "../../src/core/secrets.js";
import type { Command } from "../command.js";
import { readCredentials } from "../home/credentials-store.js";
import { readCachedServers } from "../home/effective-config.js";
import { findInstalled, readInstalled } from "../home/installed-store.js";
import { textTable } from "../terminal/text-table.js";

const command: Command = {
  usage: "credentials show <name>[@marketplace]",
  description: `
Shows the credentials an installed connector declares and which are set. Secret values always print
as ***; the others as stored (or their default).`,
  positionals: { min: 1, max: 1 },
  async run(args, ctx) {
    const { key, entry } = findInstalled(await readInstalled(ctx.home), args.positionals[0] as string);
    const [{ tokenSchema }, store] = await Promise.all([
      readCachedServers(ctx.home, entry),
      readCredentials(ctx.home),
    ]);
    const stored = (Object.hasOwn(store.connectors, key) ? store.connectors[key] : undefined) ?? {};
    const secret = new Set(secretKeys(tokenSchema));
    const required = new Set(tokenSchema?.required ?? []);
    const credentials = Object.entries(tokenSchema?.properties ?? {}).map(([name, p]) => {
      const value = stored[name];
      return {
        key: name,
        ...(p.title ? { title: p.title } : {}),
        secret: secret.has(name),
        required: required.has(name),
        set: value !== undefined,
        // Never the secret itself, not even its length.
        ...(value !== undefined ? { value: secret.has(name) ? "***" : value } : {}),
        ...(value === undefined && p.default !== undefined ? { default: p.default } : {}),
      };
    });
    const missing = credentials
      .filter((c) => c.required && !c.set && c.default === undefined)
      .map((c) => c.key);
    const data = { name: entry.name, marketplace: entry.marketplace, credentials, missing };
    if (credentials.length === 0) return { data, text: `${key} needs no credentials.` };
    const rows = credentials.map((c) => [
      c.key,
      c.set ? String(c.value) : c.default !== undefined ? `(default ${String(c.default)})` : "(not set)",
      [c.required ? "required" : "optional", c.secret ? "secret" : ""].filter(Boolean).join(", "),
    ]);
    const tail = missing.length
      ? `\n\nMissing: ${missing.join(", ")}. Set them: connectory credentials set ${args.positionals[0]}`
      : "";
    return { data, text: `${key}\n\n${textTable(["KEY", "VALUE", "KIND"], rows, "  ")}${tail}` };
  },
};
export default command;
