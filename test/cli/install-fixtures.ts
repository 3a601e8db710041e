import http from "node:http";
import semver from "semver";
import type { AddressInfo } from "node:net";
import { computeIntegrity } from "../../src/package/integrity.js";
import { packFiles } from "../../src/package/pack.js";
import type { PackageFiles } from "../../src/core/types.js";
import { FakeSigner } from "./fake-signer.js";

// A small registry speaking docs/http-api.md on loopback, that a test controls byte for byte: tampered
// tarballs, a download that stalls half-way, an offline switch. The real registry (test/helpers/registry.ts)
// is used where behaviour of the registry itself matters.

export const TOKEN = "0123456789abcdef0123456789abcdef0123456789abcdef01234567";

const enc = (v: unknown) => new TextEncoder().encode(typeof v === "string" ? v : JSON.stringify(v, null, 2));

/** Files of a package: plugin.json from `manifest`, plus the given files (JSON values or text). */
export function packageFiles(
  manifest: Record<string, unknown>,
  files: Record<string, unknown>,
): PackageFiles {
  const out: PackageFiles = new Map();
  out.set(
    "plugin.json",
    enc({ description: `${String(manifest.name)} connector`, publisher: "acme", ...manifest }),
  );
  for (const [path, value] of Object.entries(files)) out.set(path, enc(value));
  return out;
}

/** A tushare-like remote connector: the secret token rides in the URL. */
export function tushare(
  version = "1.0.0",
  extra: { url?: string; schema?: Record<string, unknown> } = {},
): PackageFiles {
  return packageFiles(
    { name: "tushare", version, displayName: "Tushare", categories: ["finance"], keywords: ["stocks"] },
    {
      "mcp.json": {
        mcpServers: {
          tushare: {
            type: "streamable-http",
            url: extra.url ?? "https://api.tushare.pro/mcp?token=${TUSHARE_TOKEN}",
          },
        },
      },
      "token-schema.json": extra.schema ?? {
        type: "object",
        properties: {
          TUSHARE_TOKEN: {
            type: "string",
            title: "Tushare token",
            description: "From tushare.pro → 个人主页 → 接口TOKEN",
            pattern: "^[0-9a-f]{56}$",
            secret: true,
          },
        },
        required: ["TUSHARE_TOKEN"],
        additionalProperties: false,
      },
      "skills/daily-quotes/SKILL.md":
        "---\nname: daily-quotes\ndescription: Fetch daily quotes\n---\n\n# Daily quotes\n",
    },
  );
}

/** A stdio connector with a bundled server and no credentials. */
export function weather(version = "1.0.0", args = ["${PLUGIN_ROOT}/server/index.js"]): PackageFiles {
  return packageFiles(
    { name: "weather", version, categories: ["weather"], description: "Weather forecasts from bundled data" },
    {
      "mcp.json": { mcpServers: { weather: { command: "node", args } } },
      "server/index.js": "console.log('weather');\n",
    },
  );
}

interface Stored {
  files: PackageFiles;
  bytes: Uint8Array;
  /** What the tarball URL serves (differs from `bytes` when tampered). */
  served: Uint8Array;
  yanked: boolean;
  deprecated?: string;
  /** A tools report as the version document carries it (a hostile registry sends anything). */
  tools?: unknown;
  /** The registry's signed parts of `dist` (statement, signatures, log). */
  signed: Record<string, unknown>;
}

export class FakeRegistry {
  url = "";
  /** Every path requested, in order. */
  readonly requests: string[] = [];
  offline = false;
  /** When set, tarball downloads send half their bytes, call this, then stall until the socket closes. */
  onStall: (() => void) | undefined;
  private readonly server: http.Server;
  private readonly connectors = new Map<string, Map<string, Stored>>();
  private readonly tags = new Map<string, Record<string, string>>();
  /** Signs versions and keeps the transparency log, as the real registry does (cli/verify/ checks them). */
  readonly signer = new FakeSigner();

  constructor() {
    this.server = http.createServer((req, res) => this.handle(req, res));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** Publishes a package; `latest` follows the highest stable version unless set. */
  async publish(
    files: PackageFiles,
    options: {
      yanked?: boolean;
      deprecated?: string;
      tools?: unknown;
      provenance?: Record<string, string>;
    } = {},
  ): Promise<Uint8Array> {
    const manifest = JSON.parse(new TextDecoder().decode(files.get("plugin.json"))) as {
      name: string;
      version: string;
    };
    const bytes = await packFiles(files);
    const versions = this.connectors.get(manifest.name) ?? new Map<string, Stored>();
    versions.set(manifest.version, {
      files,
      bytes,
      signed: this.signer.sign(files, bytes, options.provenance ? { provenance: options.provenance } : {}),
      served: bytes,
      yanked: options.yanked ?? false,
      ...(options.deprecated ? { deprecated: options.deprecated } : {}),
      ...(options.tools ? { tools: options.tools } : {}),
    });
    this.connectors.set(manifest.name, versions);
    const tags = this.tags.get(manifest.name) ?? {};
    if (!manifest.version.includes("-") && !options.yanked) {
      const current = tags.latest;
      if (!current || semver.gt(manifest.version, current)) tags.latest = manifest.version;
    }
    this.tags.set(manifest.name, tags);
    return bytes;
  }

  setTag(name: string, tag: string, version: string): void {
    this.tags.set(name, { ...this.tags.get(name), [tag]: version });
  }

  /** Serves other bytes for a tarball than the document's integrity describes. */
  tamper(name: string, version: string, bytes: Uint8Array): void {
    const stored = this.connectors.get(name)?.get(version);
    if (stored) stored.served = bytes;
  }

  /** Replaces a version's bytes AND the integrity the document describes: a consistent but wrong package. */
  replaceTarball(
    name: string,
    version: string,
    bytes: Uint8Array,
    options: { resign?: PackageFiles } = {},
  ): void {
    const stored = this.connectors.get(name)?.get(version);
    if (!stored) return;
    stored.bytes = stored.served = bytes;
    // resign: a registry that holds the key signs what it serves, claiming `name@version` for the files
    // given (tests of the checks after the signature). Without it, the old signature stays: the attack.
    if (options.resign) stored.signed = this.signer.sign(options.resign, bytes, { name, version });
  }

  tarballCount(): number {
    return this.requests.filter((r) => r.endsWith("/tarball")).length;
  }

  private document(name: string) {
    const versions = this.connectors.get(name);
    if (!versions) return undefined;
    const first = versions.values().next().value as Stored;
    const manifest = JSON.parse(new TextDecoder().decode(first.files.get("plugin.json")));
    return {
      name,
      description: manifest.description,
      publisher: manifest.publisher,
      distTags: this.tags.get(name) ?? {},
      versions: Object.fromEntries(
        [...versions].map(([v, s]) => {
          const { integrity, sha256, size } = computeIntegrity(s.bytes);
          return [
            v,
            {
              version: v,
              publishedAt: "2026-01-01T00:00:00.000Z",
              yanked: s.yanked,
              ...(s.deprecated ? { deprecated: s.deprecated } : {}),
              dist: {
                tarball: `${this.url}/v1/connectors/${name}/${v}/tarball`,
                integrity,
                sha256,
                size,
                ...s.signed,
              },
            },
          ];
        }),
      ),
    };
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? "/", this.url);
    this.requests.push(url.pathname);
    if (this.offline) return void req.socket.destroy();
    const json = (status: number, body: unknown) => {
      res.writeHead(status, {
        "content-type": status < 400 ? "application/json" : "application/problem+json",
      });
      res.end(JSON.stringify(body));
    };
    const notFound = (detail: string) =>
      json(404, {
        type: "about:blank",
        title: "Not Found",
        status: 404,
        detail,
        code: "connector.not-found",
      });
    if (url.pathname === "/healthz") return json(200, { ok: true });
    const logAnswer = this.signer.answer(url);
    if (logAnswer) {
      if (typeof logAnswer.body === "string") {
        res.writeHead(logAnswer.status, { "content-type": "text/plain" });
        return void res.end(logAnswer.body);
      }
      return json(logAnswer.status, logAnswer.body);
    }
    const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
    if (parts[0] !== "v1" || parts[1] !== "connectors") return notFound("no such route");
    if (parts.length === 2) return json(200, { items: this.search(url.searchParams) });
    const name = parts[2] as string;
    const doc = this.document(name);
    if (!doc) return notFound(`no connector named ${name}`);
    if (parts.length === 3) return json(200, doc);
    const version = doc.distTags[parts[3] as string] ?? (parts[3] as string);
    const stored = this.connectors.get(name)?.get(version);
    if (!stored) return notFound(`${name} has no version ${version}`);
    if (parts[4] === "tarball") return this.sendTarball(res, stored.served);
    const text = (p: string) => {
      const b = stored.files.get(p);
      return b === undefined ? undefined : new TextDecoder().decode(b);
    };
    const parse = (p: string) => (text(p) === undefined ? undefined : JSON.parse(text(p) as string));
    return json(200, {
      name,
      version,
      manifest: parse("plugin.json"),
      mcp: parse("mcp.json"),
      tokenSchema: parse("token-schema.json"),
      skills: [...stored.files.keys()]
        .filter((p) => p.endsWith("/SKILL.md"))
        .map((p) => ({
          name: p.split("/")[1],
          description: /description: (.*)/.exec(text(p) ?? "")?.[1] ?? "",
        })),
      readme: text("README.md"),
      yanked: stored.yanked,
      ...(stored.deprecated ? { deprecated: stored.deprecated } : {}),
      ...(stored.tools ? { tools: stored.tools } : {}),
      dist: (doc.versions as Record<string, { dist: unknown }>)[version]?.dist,
    });
  }

  private sendTarball(res: http.ServerResponse, bytes: Uint8Array): void {
    res.writeHead(200, { "content-type": "application/gzip", "content-length": String(bytes.byteLength) });
    if (!this.onStall) return void res.end(Buffer.from(bytes));
    res.write(Buffer.from(bytes.subarray(0, Math.floor(bytes.byteLength / 2))));
    this.onStall();
  }

  private search(params: URLSearchParams) {
    const q = (params.get("q") ?? "").toLowerCase();
    const category = params.get("category");
    return [...this.connectors.keys()]
      .map((name) => this.document(name)!)
      .filter((d) => `${d.name} ${d.description}`.toLowerCase().includes(q))
      .filter((d) => {
        if (!category) return true;
        const latest = this.connectors.get(d.name)?.get(d.distTags.latest ?? "");
        const m = latest && JSON.parse(new TextDecoder().decode(latest.files.get("plugin.json")));
        return (m?.categories ?? []).includes(category);
      })
      .map((d) => ({
        name: d.name,
        description: d.description,
        version: d.distTags.latest,
        publisher: d.publisher,
      }));
  }
}

/** Starts a fake registry on loopback; point a home at it with env CONNECTORY_REGISTRY=<url>. */
export async function startFakeRegistry(): Promise<FakeRegistry> {
  return new FakeRegistry().start();
}

/** Rewrites a version's signed statement in what the fake registry serves (the signature stays). */
export function forgeStatement(
  reg: FakeRegistry,
  name: string,
  version: string,
  patch: Record<string, unknown>,
): void {
  const stored = (
    reg as unknown as { connectors: Map<string, Map<string, { signed: { statement: object } }>> }
  ).connectors
    .get(name)
    ?.get(version);
  if (stored) stored.signed = { ...stored.signed, statement: { ...stored.signed.statement, ...patch } };
}
