import fs from "node:fs/promises";
import path from "node:path";
import { ConnectoryError } from "../../src/core/errors.js";
import { MAX_COMPRESSED_BYTES } from "../../src/core/package/limits.js";
import { validatePackage } from "../../src/core/package/validate-package.js";
import { packFiles } from "../../src/package/pack.js";
import { readPackageContents } from "../../src/package/read-dir.js";
import { readTarball } from "../../src/package/read-tarball.js";
import type { Command } from "../lib/command.js";
import type { CommandContext } from "../lib/context.js";
import { readCredentials } from "../lib/credentials-store.js";
import { resolveMarketplace } from "../lib/marketplaces-store.js";
import { status, warn } from "../lib/output.js";
import { PublishClient } from "../lib/publish-client.js";

const command: Command = {
  usage: "publish <dir|file.tgz> [--marketplace <m>] [--json]",
  description: `
Publishes a connector to a marketplace. A folder is validated and packed (as \`connectory pack\`);
a tarball is read and validated. Nothing is uploaded when the package has errors. The token is the
one \`connectory login <marketplace>\` stored, or CONNECTORY_TOKEN.

Prints the URL of the published version. --json prints { name, version, url, tarball, integrity,
sha256, size, marketplace }.`,
  options: { marketplace: { type: "string" } },
  positionals: { min: 1, max: 1 },
  async run(args, ctx) {
    const target = path.resolve(ctx.cwd, args.positionals[0]!);
    const marketplace = await resolveMarketplace(
      ctx.home,
      ctx.env,
      typeof args.values.marketplace === "string" ? args.values.marketplace : undefined,
    );
    const token =
      (await readCredentials(ctx.home)).registries[marketplace.name]?.token ?? ctx.env.CONNECTORY_TOKEN;
    if (!token) {
      throw new ConnectoryError(
        "publish.token.missing",
        `no publish token for marketplace "${marketplace.name}"`,
        {
          hint: `run \`connectory login ${marketplace.name} --token <token>\` (or set CONNECTORY_TOKEN)`,
        },
      );
    }
    const { bytes, name, version } = await preparePackage(target, ctx);
    status(
      ctx,
      `publishing ${name}@${version} (${bytes.byteLength} bytes) to ${marketplace.name} (${marketplace.url})…`,
    );
    const result = await new PublishClient(marketplace.url, ctx.fetch, token).publish(name, bytes);
    return {
      data: { ...result, marketplace: marketplace.name },
      text: `published ${result.name}@${result.version}\n${result.url}`,
    };
  },
};
export default command;

/** Reads a folder (packing it) or a tarball, and validates it; throws before any upload on errors. */
async function preparePackage(target: string, ctx: CommandContext) {
  const stat = await fs.stat(target).catch(() => undefined);
  if (!stat)
    throw new ConnectoryError("publish.path.missing", `${target} does not exist`, {
      hint: "give a connector folder or a .tgz",
    });
  let bytes: Uint8Array;
  let files;
  if (stat.isDirectory()) {
    const contents = await readPackageContents(target);
    files = contents.files;
    bytes = await packFiles(files, { executables: contents.executables });
  } else {
    if (stat.size > MAX_COMPRESSED_BYTES) {
      throw new ConnectoryError("tar.size.compressed", `${target} is larger than 5 MiB, the tarball limit`, {
        hint: "remove large files from the package and pack again",
      });
    }
    bytes = new Uint8Array(await fs.readFile(target));
    files = await readTarball(bytes);
  }
  const report = validatePackage(files);
  const errors = report.problems.filter((p) => p.severity === "error");
  const manifest = report.package?.manifest;
  if (errors.length > 0 || !manifest) {
    throw new ConnectoryError(
      "publish.invalid",
      `${target} is not a valid connector package (${errors.length} errors); nothing was uploaded`,
      {
        problems: errors,
        hint: `fix the errors above; \`connectory validate\` shows the full report`,
      },
    );
  }
  for (const p of report.problems.filter((p) => p.severity === "warning"))
    warn(ctx, `${p.code} ${p.file}${p.path ? ` ${p.path}` : ""}: ${p.message}`);
  return { bytes, name: manifest.name, version: manifest.version };
}
