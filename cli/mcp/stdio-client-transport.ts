import type { SandboxRequest } from "../../src/core/sandbox/permissions.js";
import type { StdioServer } from "../../src/core/types.js";
import { stdioLaunch } from "./child-env.js";
import { planLaunch, prefetch, type PlannedLaunch, type SandboxWorld } from "../sandbox/sandbox-launch.js";
import { StdioTransport } from "./stdio-transport.js";

// The client transport to a stdio server, for `run`, the gateway, `inspect`, `doctor`, `tools` and
// `publish --with-tools`: planned through the sandbox (planLaunch), its package fetched first when it runs
// without network (prefetch), spawned without a shell, and what the plan holds (a filtering proxy)
// released when the process ends or never starts. No MCP SDK client here (client-transport.ts has the
// HTTP ones): `run` of a stdio server, what hosts start most, loads neither it nor zod.

/** What a stdio server's launch needs: the sandbox's world and the values `${…}` in its spec read. */
export type StdioWorld = SandboxWorld & { cwd: string };

/**
 * A stdio server's transport, not yet started: planned through the sandbox, its package fetched when it
 * runs without network, the plan's resources released when the process ends (or here, if the fetch
 * fails). `stderr` receives the server's own stderr; without it the transport keeps a tail for errors.
 */
export async function stdioTransport(
  spec: StdioServer,
  sandbox: SandboxRequest | undefined,
  world: StdioWorld,
  io: { stderr?: (chunk: string) => void } = {},
): Promise<{ transport: StdioTransport; planned: PlannedLaunch }> {
  const plan = await planLaunch(stdioLaunch(spec, world), sandbox, world);
  // Released once, whichever comes first: the process's end, a failed start, the caller's close.
  let released: Promise<void> | undefined;
  const release = plan.release;
  const planned: PlannedLaunch = release ? { ...plan, release: () => (released ??= release()) } : plan;
  try {
    await prefetch(planned);
  } catch (error) {
    await planned.release?.();
    throw error;
  }
  const transport = new StdioTransport(planned.launch, {
    ...(io.stderr ? { stderr: io.stderr } : {}),
    ended: () => void planned.release?.(),
  });
  return { transport, planned };
}
