import type { Command } from "../command.js";
import { gatewayToken, tokenPath } from "../gateway/gateway-token.js";

const command: Command = {
  usage: "gateway token [--rotate]",
  description: `
Prints the bearer token \`connectory gateway --http\` requires (Authorization: Bearer <token>), making
it first if there is none. It is kept in $CONNECTORY_HOME/gateway-token, mode 0600, and printed only
here. --rotate makes a new one: hosts holding the old one are refused from then on.
--json prints { token, file }.`,
  options: {
    rotate: { type: "boolean", description: "replace the token by a new one (the old one stops working)" },
  },
  positionals: { max: 0 },
  async run(args, ctx) {
    const token = await gatewayToken(ctx.home, { rotate: args.values.rotate === true });
    return { data: { token, file: tokenPath(ctx.home) }, text: token };
  },
};
export default command;
