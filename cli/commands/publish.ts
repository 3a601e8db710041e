import fs from "node:fs/promises";
import { problemLine } from "../terminal/problem-words-zh-cn.js";
import { convertNoteText } from "../terminal/convert-notes-zh-cn.js";
import os from "node:os";
import path from "node:path";
import { ConnectoryError } from "../../src/core/errors.js";
import { MAX_COMPRESSED_BYTES } from "../../src/core/package/limits.js";
import { validatePackage, type ConnectorPackage } from "../../src/core/package/validate-package.js";
import {
  MAX_SCHEMA_BYTES,
  MAX_SCHEMA_DEPTH,
  MAX_TOOLS,
  MAX_TOOLS_BYTES,
} from "../../src/core/tools/report.js";
import { packFiles } from "../../src/package/pack.js";
import { readPackageContents } from "../../src/package/read-dir.js";
import { readTarball } from "../../src/package/read-tarball.js";
import { unpackTarball } from "../../src/package/unpack.js";
import { defineCommand, stringList } from "../command.js";
import { parseConfigPairs } from "../install/collect-credentials.js";
import type { CommandContext } from "../context.js";
import { publishToken } from "../credentials/credentials-store.js";
import { resolveMarketplace } from "../home/marketplaces-store.js";
import { TIMEOUT_OPTION, mcpWorld } from "../mcp/mcp-targets.js";
import { status, warn } from "../terminal/output.js";
import { ENV_OPTIONS, envConsent } from "../install/collect-credentials.js";
import { listPackageTools, type ReportedTool } from "../mcp/package-tools.js";
import type { ToolsReportedDocument } from "../../src/core/api/documents.js";
import { PublishClient } from "../registry/publish-client.js";
import { convertForPublish, isForeignInput } from "../convert/foreign-input.js";
import { ciPublishToken, ciTokenSource } from "../publish/ci-token.js";
import type { PackageFiles } from "../../src/core/types.js";
import { errorText, localizedError, localizedUsageError, say, sayEnglish } from "../terminal/language.js";

const command = defineCommand({
  usage:
    "publish <dir|file.tgz> [--marketplace <m>] [--with-tools [--config KEY=VALUE]… [--config-from-env | --config-env KEY…] [--timeout <ms>]] [--tools-only] [--json]",
  description: `
Publishes a connector to a marketplace. A folder is validated and packed (as \`connectory pack\`);
a tarball is read and validated; another ecosystem's file (server.json, manifest.json,
marketplace.json#plugin, .mcp.json, server.yaml, or a plugin or bundle folder without plugin.json) is
converted first as \`connectory convert\` does, under the token's publisher, and its notes are shown.
Nothing is uploaded when the package has errors. The token is the
one \`connectory login <marketplace>\` stored, or CONNECTORY_TOKEN. In a GitHub Actions job with
\`id-token: write\` (ACTIONS_ID_TOKEN_REQUEST_URL) or a GitLab job with an \`id_tokens\` entry named
CONNECTORY_ID_TOKEN, and no CONNECTORY_TOKEN, no token is needed: the CI's ID token is exchanged for a
15-minute token of this connector (trusted publishing; \`connectory trusted-publisher add\` binds it).

--with-tools first starts every server of the package as \`connectory inspect\` would (bundled servers
from the package itself, remote ones over the network) and lists its tools; after the upload they are
reported to the registry, which shows them on the connector page as reported by the publisher. The
servers' credentials come from --config KEY=VALUE, and from environment variables named like the keys
only with --config-from-env (every key) or --config-env KEY (that key). If a
server cannot be listed, or its tools break the registry's limits (at most ${MAX_TOOLS} tools,
${MAX_TOOLS_BYTES / 1024 / 1024} MiB in all, each inputSchema at most ${MAX_SCHEMA_BYTES / 1024} KiB and ${MAX_SCHEMA_DEPTH} levels deep), nothing
is published. --tools-only reports the tools of a version that is already published (again, e.g.
when a remote server's tools changed), without uploading it.

Prints the connector's web page and the API URL of the published version. --json prints { name,
version, url, page, tarball, integrity, sha256, size, marketplace, tools? } (tools: { reportedBy,
reportedAt, count }; converted: { format, notes: [{ code, path, message }] } for a converted file).`,
  options: {
    marketplace: {
      type: "string",
      value: "name",
      complete: "marketplace",
      description: "the marketplace to publish to (default: the default marketplace)",
    },
    "with-tools": {
      type: "boolean",
      description: "start the package's servers, list their tools and report them after the upload",
    },
    "tools-only": { type: "boolean", description: "only report the tools of an already published version" },
    config: {
      type: "string",
      short: "c",
      multiple: true,
      value: "KEY=VALUE",
      description: "a credential for --with-tools (default: environment variables named like the keys)",
    },
    ...ENV_OPTIONS,
    ...TIMEOUT_OPTION,
  },
  positionals: { min: 1, max: 1 },
  async run(args, ctx) {
    const given = args.positionals[0]!;
    const target = path.resolve(ctx.cwd, given);
    const toolsOnly = args.values["tools-only"] === true;
    const withTools = toolsOnly || args.values["with-tools"] === true;
    const config = parseConfigPairs(stringList(args.values.config));
    const fromEnv = envConsent(args.values);
    if (!withTools && (Object.keys(config).length > 0 || fromEnv || args.values.timeout !== undefined))
      throw localizedUsageError({ key: "usage.publish-config-with-tools" });
    const marketplace = await resolveMarketplace(ctx.home, ctx.env, args.values.marketplace ?? undefined);
    // In a CI job that can hand out an ID token (and no CONNECTORY_TOKEN is set): trusted publishing.
    const oidc = !ctx.env.CONNECTORY_TOKEN && ciTokenSource(ctx.env) !== undefined;
    if (oidc && (await isForeignInput(target)))
      throw localizedError(
        "publish.oidc.convert",
        { key: "oidc.convert-first" },
        { key: "oidc.convert-first-hint", params: { given } },
      );
    let client = oidc
      ? undefined
      : new PublishClient(marketplace.url, ctx.fetch, await publishToken(ctx.home, ctx.env, marketplace));
    // Another ecosystem's file is converted first, under the token's publisher (convert does the rest).
    const foreign =
      client && (await isForeignInput(target))
        ? await convertForPublish(target, given, (await client.whoami()).publisher)
        : undefined;
    if (foreign) {
      status(ctx, say("publish.converted", { format: foreign.format, n: foreign.notes.length }));
      for (const n of foreign.notes) {
        const [what, ...detail] = convertNoteText(n);
        const said = detail.length > 0 ? `${what}（${detail.join("；")}）` : what;
        warn(ctx, `${n.code}${n.path ? ` ${n.path}` : ""}: ${said}`);
      }
    }
    const prepared = await preparePackage(target, ctx, foreign);
    const { bytes, name, version } = prepared;
    if (!client) {
      const exchanged = await ciPublishToken(ctx.env, ctx.fetch, marketplace.url, name);
      status(ctx, say("publish.trusted", { source: exchanged.source, name, expires: exchanged.expiresAt }));
      client = new PublishClient(marketplace.url, ctx.fetch, exchanged.token);
    }
    const publisher = client;

    // The tools are listed before anything is uploaded: a server that cannot be inspected stops the publish.
    let tools: ReportedTool[] | undefined;
    if (withTools) {
      const servers = Object.keys(prepared.pkg.servers);
      status(ctx, say("publish.listing-tools", { n: servers.length, name, version }));
      tools = await withPackageRoot(prepared, (root) =>
        listPackageTools(ctx, mcpWorld(ctx, args.values.timeout), {
          root,
          servers: prepared.pkg.servers,
          tokenSchema: prepared.pkg.tokenSchema,
          ...(prepared.pkg.manifest.permissions ? { permissions: prepared.pkg.manifest.permissions } : {}),
          label: name,
          given: config,
          fromEnv,
          retry: `connectory publish ${given} --with-tools --config KEY=VALUE`,
        }),
      );
    }
    if (toolsOnly) {
      const reported = await publisher.reportTools(name, version, tools ?? []);
      return {
        data: { name, version, marketplace: marketplace.name, tools: reported.tools },
        text: say("publish.reported", { n: reported.tools.count, name, version }),
      };
    }

    status(
      ctx,
      say("publish.uploading", {
        name,
        version,
        bytes: bytes.byteLength,
        marketplace: marketplace.name,
        url: marketplace.url,
      }),
    );
    const result = await publisher.publish(name, bytes);
    let reported: ToolsReportedDocument | undefined;
    if (tools) {
      try {
        reported = await publisher.reportTools(name, version, tools);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        // The failure's own words inside this error's: translated when they come from the tables.
        const shown = error instanceof ConnectoryError ? errorText(error).message : reason;
        const hint = { key: "publish.tools-report-hint" as const, params: { given } };
        throw new ConnectoryError(
          "publish.tools.report",
          sayEnglish("publish.tools-report-failed", { name, version, reason }),
          {
            hint: sayEnglish(hint.key, hint.params),
            ...(error instanceof ConnectoryError ? { problems: error.problems } : {}),
            cause: error,
            localized: {
              message: { key: "publish.tools-report-failed", params: { name, version, reason: shown } },
              hint,
            },
          },
        );
      }
    }
    const toolsLine = reported ? `\n${say("publish.reported-tools", { n: reported.tools.count })}` : "";
    const page = webPage(result, marketplace.url);
    return {
      data: {
        ...result,
        page,
        marketplace: marketplace.name,
        ...(reported ? { tools: reported.tools } : {}),
        ...(foreign ? { converted: { format: foreign.format, notes: foreign.notes } } : {}),
      },
      text: `${say("publish.published", { name: result.name, version: result.version })}\n${page}\n${result.url}${toolsLine}`,
    };
  },
});
export default command;

/**
 * The connector's page on the registry's web marketplace (`/c/<name>`), under the registry's public
 * base: the part of the version URL before `/v1/connectors/`, else the marketplace's URL.
 */
export function webPage(result: { name: string; url: string }, marketplaceUrl: string): string {
  const at = result.url.lastIndexOf("/v1/connectors/");
  const base = at > 0 ? result.url.slice(0, at) : marketplaceUrl.replace(/\/+$/, "");
  return `${base}/c/${encodeURIComponent(result.name)}`;
}

interface PreparedPackage {
  bytes: Uint8Array;
  name: string;
  version: string;
  pkg: ConnectorPackage;
  /** The folder given, or undefined for a tarball. */
  dir: string | undefined;
}

/** Reads a folder (packing it) or a tarball, and validates it; throws before any upload on errors. */
async function preparePackage(
  target: string,
  ctx: CommandContext,
  converted?: { files: PackageFiles; executables: Set<string> },
): Promise<PreparedPackage> {
  const stat = converted ? undefined : await fs.stat(target).catch(() => undefined);
  if (!stat && !converted)
    throw localizedError(
      "publish.path.missing",
      { key: "publish.path-missing", params: { target } },
      { key: "publish.path-missing-hint" },
    );
  let bytes: Uint8Array;
  let files;
  if (converted) {
    files = converted.files;
    bytes = await packFiles(files, { executables: converted.executables });
  } else if (stat!.isDirectory()) {
    const contents = await readPackageContents(target);
    files = contents.files;
    bytes = await packFiles(files, { executables: contents.executables });
  } else {
    if (stat!.size > MAX_COMPRESSED_BYTES) {
      throw localizedError(
        "tar.size.compressed",
        { key: "publish.tarball-too-large", params: { target } },
        { key: "publish.tarball-too-large-hint" },
      );
    }
    bytes = new Uint8Array(await fs.readFile(target));
    files = await readTarball(bytes);
  }
  const report = validatePackage(files);
  const errors = report.problems.filter((p) => p.severity === "error");
  if (errors.length > 0 || !report.package) {
    throw localizedError(
      "publish.invalid",
      { key: "publish.invalid", params: { target, n: errors.length } },
      { key: "publish.invalid-hint" },
      { problems: errors },
    );
  }
  for (const p of report.problems.filter((p) => p.severity === "warning")) warn(ctx, problemLine(p));
  const manifest = report.package.manifest;
  return {
    bytes,
    name: manifest.name,
    version: manifest.version,
    pkg: report.package,
    dir: stat?.isDirectory() ? target : undefined,
  };
}

/** Runs `fn` with the package as a folder: the folder given, or the tarball unpacked into a temp folder. */
async function withPackageRoot<T>(prepared: PreparedPackage, fn: (root: string) => Promise<T>): Promise<T> {
  if (prepared.dir) return fn(prepared.dir);
  const temp = await fs.mkdtemp(path.join(os.tmpdir(), "connectory-publish-"));
  try {
    const root = path.join(temp, "package");
    await unpackTarball(prepared.bytes, root);
    return await fn(root);
  } finally {
    await fs.rm(temp, { recursive: true, force: true });
  }
}
