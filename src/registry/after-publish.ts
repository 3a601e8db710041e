import type { BundledChecker } from "./checks/bundled-queue.js";
import type { OfficialApi } from "./official/official-api.js";
import type { Registry } from "./registry.js";

// What follows every accepted publish, whoever called it (the PUT route, the importer, the web): the
// version's MCP Bundles are built right away (if that fails, the first request builds them) and the
// bundled stdio servers are queued for a live check (the answer does not wait for it). The one place
// that wraps `registry.publish`; createApp only wires it.

/** Makes `registry.publish` build the official bundles and queue the bundled checks after each publish. */
export function followPublishes(
  registry: Registry,
  after: { official: OfficialApi; bundledChecks?: BundledChecker; log: (error: unknown) => void },
): void {
  const publish = registry.publish;
  registry.publish = async (input) => {
    const result = await publish(input);
    await after.official.buildBundles(result.name, result.version).catch(after.log);
    after.bundledChecks?.enqueue(result.name, result.version);
    return result;
  };
}
