import { readGatewayStates } from "./gateway-state.js";

/**
 * One line per running gateway for `doctor`: how many of its servers run, and which crashed (WARN:
 * a crashed server starts again on its next use, so it is not a failure by itself).
 */
export async function gatewayNotes(home: string): Promise<string[]> {
  const states = await readGatewayStates(home);
  return states.map((g) => {
    const servers = Object.entries(g.servers);
    const crashed = servers.filter(([, h]) => h.state === "crashed");
    const running = servers.filter(([, h]) => h.state === "running").length;
    const client = g.client ? ` for ${g.client.name}` : "";
    const summary = `gateway ${g.pid}${client}: ${running} of ${servers.length} server(s) running`;
    if (crashed.length === 0) return `${summary} (\`connectory gateway status\`)`;
    const which = crashed.map(
      ([name, h]) => `${name}: ${h.lastError ?? "crashed"}, ${h.restarts} restart(s)`,
    );
    return `WARN ${summary}; crashed: ${which.join("; ")} (\`connectory gateway status\`)`;
  });
}
