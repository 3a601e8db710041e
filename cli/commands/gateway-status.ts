import type { Command } from "../command.js";
import { readGatewayStates } from "../gateway/gateway-state.js";
import { textTable } from "../terminal/text-table.js";

const command: Command = {
  usage: "gateway status",
  description: `
Shows every running \`connectory gateway\` (each host starts its own) and the health of its servers:
idle (not started yet), starting, running (with its pid), crashed (with the last error; it starts
again on next use) or stopped, and how often each was restarted. Read from the state files the
gateways keep in $CONNECTORY_HOME/gateway/; a gateway that was killed is not shown.
--json prints { gateways: [{ pid, startedAt, updatedAt, profile, url, client, servers }] } (url: the
address of a gateway started with --http).`,
  positionals: { max: 0 },
  async run(_args, ctx) {
    const gateways = await readGatewayStates(ctx.home);
    const rows = gateways.flatMap((g) =>
      Object.entries(g.servers).map(([name, h]) => [
        String(g.pid),
        g.client ? `${g.client.name} ${g.client.version}` : "-",
        name,
        h.state,
        h.pid === undefined ? "-" : String(h.pid),
        String(h.restarts),
        h.lastError ?? "",
      ]),
    );
    const text =
      gateways.length === 0
        ? "no gateway is running"
        : rows.length === 0
          ? `${gateways.length} gateway(s) running, with no servers`
          : textTable(["GATEWAY", "CLIENT", "SERVER", "STATE", "PID", "RESTARTS", "LAST ERROR"], rows);
    const urls = gateways.filter((g) => g.url).map((g) => `gateway ${g.pid} serves ${g.url}`);
    return { data: { gateways }, text: [text, ...urls].join("\n") };
  },
};
export default command;
