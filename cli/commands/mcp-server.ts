import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { say } from "../terminal/language.js";
import type { Readable, Writable } from "node:stream";
import { PassThrough } from "node:stream";
import { defineCommand } from "../command.js";
import { createMarketplaceServer } from "../registry/marketplace-tools.js";
import { resolveMarketplace } from "../home/marketplaces-store.js";
import { status } from "../terminal/output.js";
import { RegistryClient } from "../registry/registry-client.js";

const command = defineCommand({
  usage: "mcp-server [--marketplace <name>]",
  description: `
Serves the marketplace itself as an MCP server on stdin/stdout, so any agent can discover and set up
connectors. Tools: search_connectors, get_connector, get_install_config. Add it to a host as
\`connectory mcp-server\`. It runs until its stdin closes.`,
  options: {
    marketplace: {
      type: "string",
      value: "name",
      complete: "marketplace",
      description: "the marketplace to serve (default: the default marketplace)",
    },
  },
  positionals: { max: 0 },
  protocolStdout: true,
  async run(args, ctx) {
    const market = await resolveMarketplace(ctx.home, ctx.env, args.values.marketplace);
    const server = createMarketplaceServer(new RegistryClient(market.url, ctx.fetch), ctx.fetch, ctx.version);
    // ctx.stdout may be a plain sink (tests): give the transport a stream that writes into it.
    const out = new PassThrough();
    out.on("data", (chunk: Buffer) => ctx.stdout.write(chunk.toString("utf8")));
    const transport = new StdioServerTransport(ctx.stdin as Readable, out as Writable);
    const closed = new Promise<void>((resolve) => {
      transport.onclose = resolve;
      (ctx.stdin as Readable).once("end", () => void server.close());
    });
    await server.connect(transport);
    status(ctx, say("mcp-server.serving", { name: market.name, url: market.url }));
    await closed;
    return { data: null, text: "" };
  },
});
export default command;
