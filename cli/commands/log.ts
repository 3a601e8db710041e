import { defineCommand } from "../command.js";
import { resolveMarketplace } from "../home/marketplaces-store.js";
import { RegistryClient } from "../registry/registry-client.js";
import { currentCheckpoint } from "../verify/log-inclusion.js";
import { saveTrust, trustedKeys } from "../verify/marketplace-keys.js";
import { say } from "../terminal/language.js";

const command = defineCommand({
  usage: "log verify [<marketplace>]",
  description: `
Checks a marketplace's transparency log from outside, as a monitor does: fetches its newest checkpoint,
verifies it is signed by a pinned key, and that it is consistent with the newest checkpoint this machine
saw before (a consistency proof: the history was only appended to, never rewritten or forked). Remembers
the new checkpoint. Exits 1 with install.signature.log-inconsistent when the history changed (every
install from that marketplace then stops until you investigate), or log-checkpoint when the checkpoint
is not signed by a pinned key. Run it from cron on a machine that never installs, to watch a registry.`,
  positionals: { max: 1 },
  async run(args, ctx) {
    const marketplace = await resolveMarketplace(ctx.home, ctx.env, args.positionals[0]);
    const client = new RegistryClient(marketplace.url, ctx.fetch);
    const trust = await trustedKeys(ctx, client, marketplace);
    const previous = trust.checkpoint?.size;
    const checkpoint = await currentCheckpoint(
      client,
      marketplace.name,
      trust,
      `marketplace ${marketplace.name}`,
    );
    await saveTrust(ctx.home, marketplace.name, trust);
    const data = {
      marketplace: marketplace.name,
      origin: checkpoint.origin,
      size: checkpoint.size,
      root: Buffer.from(checkpoint.root).toString("base64"),
      previousSize: previous ?? null,
      consistent: true,
    };
    const text =
      previous === undefined
        ? say("log.first", { origin: checkpoint.origin, size: checkpoint.size })
        : say("log.consistent", { origin: checkpoint.origin, size: checkpoint.size, previous });
    return { data, text };
  },
});
export default command;
