import { isConnectoryError } from "../../src/core/errors.js";
import { normalizeDomain } from "../../src/core/publishers/domain.js";
import { defineCommand } from "../command.js";
import { publishToken } from "../credentials/credentials-store.js";
import { resolveMarketplace } from "../home/marketplaces-store.js";
import { MARKETPLACE_OPTION } from "../registry/owner-session.js";
import { PublisherClient } from "../registry/publisher-client.js";
import { say } from "../terminal/language.js";

// The codes that mean "the proof is not there (yet)": the command then says what to publish where.
const NOT_YET = new Set(["publisher.proof.failed", "publisher.proof.blocked"]);

const command = defineCommand({
  usage: "publisher verify <domain> [--dns] [--marketplace <name>] [--json]",
  description: `
Proves that your publisher controls <domain>, for the "verified" badge on every listing of its connectors.
The first run asks the registry for a challenge and says what to publish: the line
connectory-verification=<challenge> at https://<domain>/.well-known/connectory-publisher, or (--dns) as a
TXT record of <domain>. Publish it and run the command again: the registry looks, and the domain is
verified. A DNS proof covers the domain's subdomains too. Running it for a verified domain changes nothing.
Exits 1 while the proof is not found. --json prints { domain, method, status, verified, challenge, proof:
{ http: { url, body }, dns: { name, type, value } }, marketplace, problem?: { code, message } }.`,
  options: {
    dns: { type: "boolean", description: "prove by a DNS TXT record instead of the HTTPS file" },
    ...MARKETPLACE_OPTION,
  },
  positionals: { min: 1, max: 1 },
  async run(args, ctx) {
    const domain = normalizeDomain(args.positionals[0]!); // a bad domain is refused before any request
    const method = args.values.dns === true ? "dns" : "http";
    const m = await resolveMarketplace(ctx.home, ctx.env, args.values.marketplace ?? undefined);
    const client = new PublisherClient(m.url, ctx.fetch, await publishToken(ctx.home, ctx.env, m));
    const requested = await client.requestDomain(domain);
    let doc = requested;
    let problem: { code: string; message: string } | undefined;
    if (requested.status !== "verified") {
      try {
        doc = await client.verifyDomain(domain, method);
      } catch (error) {
        if (!isConnectoryError(error) || !NOT_YET.has(error.code)) throw error;
        problem = { code: error.code, message: error.message };
      }
    }
    const verified = doc.status === "verified";
    const data = {
      domain,
      method: doc.method ?? method,
      status: doc.status,
      verified,
      challenge: doc.challenge,
      proof: doc.proof,
      marketplace: m.name,
      ...(problem ? { problem } : {}),
    };
    if (verified) {
      return {
        data,
        text: say("verify.done", { domain, marketplace: m.name, method: doc.method ?? method }),
      };
    }
    const where =
      method === "dns"
        ? say("verify.dns", { name: doc.proof.dns.name, value: doc.proof.dns.value })
        : say("verify.http", { url: doc.proof.http.url, body: doc.proof.http.body.trim() });
    return {
      data,
      text: say("verify.not-yet", {
        domain,
        problem: problem?.message ?? say("verify.not-found"),
        where,
        dns: method === "dns" ? " --dns" : "",
      }),
      exitCode: 1,
    };
  },
});
export default command;
