import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { cacheDir, connectorKey, homePaths } from "../../cli/home/home.js";
import type { InstalledEntry, InstalledFile } from "../../cli/home/installed-store.js";
import type { Credentials } from "../../src/core/types.js";
import { ROOT } from "./cli.js";

// From dist/ (the compiled benchmarks import this helper) the samples are one folder further up.
export const SAMPLES = [path.join(ROOT, "plugins-sample"), path.join(ROOT, "..", "plugins-sample")].find(
  (d) => existsSync(d),
) as string;

/** One connector to place in a test home, as if `connectory install` had run. */
export interface FakeInstall {
  /** Copy plugins-sample/<sample>/ into the cache (its plugin.json gives name and version). */
  sample?: string;
  /** Or write these files (relative path → JSON value or text) into the cache. */
  files?: Record<string, unknown>;
  name?: string;
  version?: string;
  marketplace?: string;
  enabled?: boolean;
  /** Stored in credentials.json under `<name>@<marketplace>`. */
  credentials?: Credentials;
}

/**
 * Builds a home with installed connectors straight from folders, no registry: each is copied to
 * plugins/cache/<marketplace>/<name>/<version>/ and recorded in installed.json (and credentials.json).
 */
export async function buildHome(home: string, installs: FakeInstall[]): Promise<void> {
  const paths = homePaths(home);
  await fs.mkdir(paths.cacheRoot, { recursive: true });
  const installed: InstalledFile = {};
  const credentials: Record<string, Credentials> = {};
  for (const install of installs) {
    const manifest = install.sample
      ? (JSON.parse(await fs.readFile(path.join(SAMPLES, install.sample, "plugin.json"), "utf8")) as {
          name: string;
          version: string;
        })
      : undefined;
    const name = install.name ?? manifest?.name;
    const version = install.version ?? manifest?.version ?? "1.0.0";
    const marketplace = install.marketplace ?? "default";
    if (!name) throw new Error("buildHome: give a sample or a name");
    const dir = cacheDir(home, marketplace, name, version);
    await fs.mkdir(dir, { recursive: true });
    if (install.sample) await fs.cp(path.join(SAMPLES, install.sample), dir, { recursive: true });
    for (const [file, content] of Object.entries(install.files ?? {})) {
      await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      const text = typeof content === "string" ? content : JSON.stringify(content, null, 2);
      await fs.writeFile(path.join(dir, file), text);
    }
    const key = connectorKey(name, marketplace);
    installed[key] = fakeEntry(name, marketplace, version, install.enabled ?? true);
    if (install.credentials) credentials[key] = install.credentials;
  }
  await fs.writeFile(paths.installed, JSON.stringify(installed, null, 2));
  if (Object.keys(credentials).length > 0) {
    await fs.chmod(home, 0o700);
    await fs.writeFile(
      paths.credentials,
      JSON.stringify({ connectors: credentials, registries: {} }, null, 2),
      {
        mode: 0o600,
      },
    );
  }
}

function fakeEntry(name: string, marketplace: string, version: string, enabled: boolean): InstalledEntry {
  return {
    name,
    marketplace,
    version,
    integrity: "sha512-test",
    sha256: "0".repeat(64),
    enabled,
    requested: "latest",
    installedAt: "2026-01-01T00:00:00.000Z",
  };
}

/** A package with one stdio server and an optional required secret, for table-driven cases. */
export function simpleConnector(
  name: string,
  servers: string[],
  options: {
    secret?: string;
    version?: string;
    marketplace?: string;
    enabled?: boolean;
    credentials?: Credentials;
  } = {},
): FakeInstall {
  const mcpServers = Object.fromEntries(
    servers.map((s) => [
      s,
      {
        command: "node",
        args: ["${PLUGIN_ROOT}/server.js", s],
        ...(options.secret ? { env: { [options.secret]: "${" + options.secret + "}" } } : {}),
      },
    ]),
  );
  const files: Record<string, unknown> = {
    "plugin.json": {
      name,
      version: options.version ?? "1.0.0",
      description: `${name} test`,
      publisher: "test",
    },
    "mcp.json": { mcpServers },
  };
  if (options.secret) {
    files["token-schema.json"] = {
      type: "object",
      properties: { [options.secret]: { type: "string", secret: true, title: `${name} key` } },
      required: [options.secret],
      additionalProperties: false,
    };
  }
  return {
    name,
    files,
    ...(options.version ? { version: options.version } : {}),
    ...(options.marketplace ? { marketplace: options.marketplace } : {}),
    ...(options.enabled !== undefined ? { enabled: options.enabled } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  };
}
