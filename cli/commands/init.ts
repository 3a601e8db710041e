import fs from "node:fs/promises";
import path from "node:path";
import semver from "semver";
import { getHost } from "../../src/core/hosts/index.js";
import { checkManifest, MANIFEST_FILE } from "../../src/core/project/manifest.js";
import { HOST_CHOICES } from "../hosts/host-choices.js";
import { defineCommand, stringList } from "../command.js";
import { loadEffectiveConfig } from "../home/effective-config.js";
import { readMarketplaces } from "../home/marketplaces-store.js";
import { readGuards } from "../home/guards-store.js";
import { checkProfileName, DEFAULT_PROFILE, profileServers } from "../home/profiles-store.js";
import { projectHostFile } from "../project/project-hosts.js";
import { warn } from "../terminal/output.js";
import { localizedError, say } from "../terminal/language.js";

export const SCHEMA_URL = "https://connectory.dev/schemas/connectory-project.schema.json";

const command = defineCommand({
  usage: "init [--host <host>]… [--profile <name>]",
  description: `
Writes connectory.json in this folder: the project's connectors (name → semver range, marketplace), the
hosts whose project files \`connectory sync\` writes, and the marketplaces it installs from (docs/projects.md).
--host (repeatable) names a host with a project-scope file (claude-code → .mcp.json, cursor →
.cursor/mcp.json, vscode → .vscode/mcp.json, …). --profile seeds the connectors with those of one of
your profiles (each at ^<installed version>; hand-written servers are left out: they are not packages)
and, unless it is "default", writes that profile (its connectors, and the guard modes set for it with
\`guard --profile\`) into the manifest's "profiles", so \`sync\` makes it on every machine.
Then \`connectory add <name>\` adds connectors and \`connectory sync\` installs them and writes the lock.
A folder that already has connectory.json is left alone.`,
  options: {
    host: {
      type: "string",
      multiple: true,
      value: "host",
      complete: HOST_CHOICES,
      description: "a host whose project file sync writes",
    },
    profile: { type: "string", value: "name", description: "start from the connectors of this profile" },
  },
  positionals: { max: 0 },
  async run(args, ctx) {
    const file = path.join(ctx.cwd, MANIFEST_FILE);
    const hosts = stringList(args.values.host);
    for (const h of hosts) projectHostFile(ctx, getHost(h).id, ctx.cwd);
    const manifest: Record<string, unknown> = { $schema: SCHEMA_URL, connectors: {}, hosts };
    if (args.values.profile !== undefined) {
      checkProfileName(args.values.profile);
      Object.assign(manifest, await fromProfile(ctx.home, ctx.env, args.values.profile, (m) => warn(ctx, m)));
    }
    checkManifest(manifest, file);
    const text = JSON.stringify(manifest, null, 2) + "\n";
    try {
      await fs.writeFile(file, text, { flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      throw localizedError(
        "project.exists",
        { key: "project.exists", params: { file } },
        { key: "project.exists-hint" },
      );
    }
    const count = Object.keys(manifest.connectors as object).length;
    return {
      data: { file, manifest },
      text: [
        say("project.wrote", {
          file: MANIFEST_FILE,
          connectors: say(count === 1 ? "project.n-connector" : "project.n-connectors", { n: count }),
          hosts: hosts.length ? say("project.hosts", { hosts: hosts.join(", ") }) : say("project.no-hosts"),
        }),
        say("project.next"),
      ].join("\n"),
    };
  },
});
export default command;

/** The connectors (and their marketplaces) of a profile's servers, as manifest fields. */
async function fromProfile(
  home: string,
  env: Record<string, string | undefined>,
  profile: string,
  note: (message: string) => void,
): Promise<{
  connectors: Record<string, unknown>;
  marketplaces?: Record<string, string>;
  profiles?: Record<string, unknown>;
}> {
  const config = await loadEffectiveConfig(home);
  const { servers } = await profileServers(home, config, profile);
  const markets = await readMarketplaces(home, env);
  const connectors: Record<string, unknown> = {};
  const marketplaces: Record<string, string> = {};
  for (const s of servers) {
    const o = s.origin;
    if (o.kind !== "connector" || !o.connector || !o.marketplace || !o.version) {
      note(say("project.hand-written", { server: s.name }));
      continue;
    }
    const range = semver.prerelease(o.version) === null ? `^${o.version}` : "latest";
    const isDefault = markets[o.marketplace]?.default === true;
    if (!isDefault) marketplaces[o.marketplace] = (markets[o.marketplace]?.url ?? "").replace(/\/+$/, "");
    connectors[o.connector] = isDefault ? range : { version: range, marketplace: o.marketplace };
  }
  // The profile itself, with its connectors as members and the guard modes of their servers.
  const names = Object.keys(connectors);
  const project = servers.filter(
    (s) => s.origin.kind === "connector" && names.includes(s.origin.connector ?? ""),
  );
  let profiles: Record<string, unknown> | undefined;
  if (profile !== DEFAULT_PROFILE && names.length > 0) {
    const table = (await readGuards(home)).profiles?.[profile] ?? {};
    const guards = Object.fromEntries(
      project.flatMap((s) => (Object.hasOwn(table, s.name) ? [[s.name, table[s.name]]] : [])),
    );
    profiles = {
      [profile]: {
        members: names,
        ...(Object.keys(guards).length > 0 ? { guards } : {}),
      },
    };
  }
  return {
    connectors,
    ...(Object.keys(marketplaces).length ? { marketplaces } : {}),
    ...(profiles ? { profiles } : {}),
  };
}
