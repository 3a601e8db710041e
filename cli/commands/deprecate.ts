import semver from "semver";
import { listVersions, sortedVersions } from "../../src/core/resolve-version.js";
import { defineCommand } from "../command.js";
import { fetchConnector } from "../registry/open-marketplace.js";
import { MARKETPLACE_OPTION, checkConnectorName, clip, ownerSession } from "../registry/owner-session.js";
import { RegistryClient } from "../registry/registry-client.js";
import { status } from "../terminal/output.js";
import { localizedError, localizedUsageError, say } from "../terminal/language.js";

/** The registry's limit on a deprecation message (src/registry/manage.ts). */
const MAX_MESSAGE = 1000;

const command = defineCommand({
  usage: 'deprecate <name>@<range> "<message>" [--marketplace <name>] [--json]',
  description: `
Deprecates every published version the range matches (an exact version, a range such as <2 or ^1.2,
or a dist-tag; prereleases included), as npm deprecate does: installing one still works, with the
message as a warning, and the connector page marks it. An empty message ("") undeprecates them.
The message is one line of at most ${MAX_MESSAGE} characters. Only the owning publisher's token may
(\`connectory login\`). Versions are changed one at a time; on an error the ones already changed are
listed, and running the command again finishes the rest.
--json prints { name, range, message, marketplace, versions: [changed versions] }.`,
  options: { ...MARKETPLACE_OPTION },
  positionals: { min: 2, max: 2, complete: ["connector"] },
  async run(args, ctx) {
    const [spec, message] = args.positionals as [string, string];
    const at = spec.indexOf("@");
    const example = 'connectory deprecate weather@"<2" "use 2.x"';
    if (at <= 0 || spec.slice(at + 1).trim() === "")
      throw localizedUsageError(
        { key: "usage.no-range", params: { spec: clip(spec) } },
        { key: "usage.no-range-hint", params: { example } },
      );
    const name = checkConnectorName(spec.slice(0, at), example);
    const range = spec.slice(at + 1).trim();
    // eslint-disable-next-line no-control-regex
    if (message.length > MAX_MESSAGE || /[\u0000-\u001f\u007f]/.test(message))
      throw localizedUsageError(
        {
          key: /[\n\r]/.test(message) ? "usage.deprecate-message-break" : "usage.deprecate-message",
          params: { max: MAX_MESSAGE, n: message.length },
        },
        { key: "usage.deprecate-message-hint" },
      );

    const { marketplace, client } = await ownerSession(ctx, args.values.marketplace);
    const doc = await fetchConnector(new RegistryClient(marketplace.url, ctx.fetch), name, marketplace.name);
    const tagged = Object.hasOwn(doc.distTags, range) ? doc.distTags[range] : undefined;
    if (tagged === undefined && semver.validRange(range) === null)
      throw localizedUsageError(
        { key: "usage.not-a-range", params: { range: clip(range), name } },
        { key: "usage.example", params: { example } },
      );
    const matching = sortedVersions(doc).filter((v) =>
      tagged !== undefined ? v === tagged : semver.satisfies(v, range, { includePrerelease: true }),
    );
    if (matching.length === 0) {
      throw localizedError(
        "version.not-found",
        { key: "deprecate.no-match", params: { name, range: clip(range) } },
        { key: "deprecate.versions", params: { versions: listVersions(doc) } },
        { status: 404 },
      );
    }
    const done: string[] = [];
    for (const version of matching) {
      try {
        await client.deprecate(name, version, message);
      } catch (error) {
        if (done.length > 0) status(ctx, say("deprecate.partial", { versions: done.join(", ") }));
        throw error;
      }
      done.push(version);
    }
    return {
      data: { name, range, message, marketplace: marketplace.name, versions: done },
      text: say(message === "" ? "undeprecate.done" : "deprecate.done", {
        n: done.length,
        name,
        marketplace: marketplace.name,
        versions: done.join(", "),
      }),
    };
  },
});
export default command;
