/** `trusted-publisher add`, `list` and `remove`: the CI identities that may publish a connector. */

import { defineCommand } from "../command.js";
import { trustedPublisherLine } from "../publish/trusted-publisher-line.js";
import { checkConnectorName, MARKETPLACE_OPTION, ownerSession } from "../registry/owner-session.js";
import { localizedUsageError, say } from "../terminal/language.js";

export const addCommand = defineCommand({
  usage:
    "trusted-publisher add <name> --repository <owner/repo> --workflow <file> [--issuer <url>] [--environment <name>] [--marketplace <m>] [--json]",
  description: `
Lets a CI workflow publish <name> without a stored token (trusted publishing): \`connectory publish\`
in that workflow exchanges the CI's ID token for a 15-minute token that publishes <name> only, and
the version records where it was built. <name> may not exist yet (a pending publisher: the first
trusted publish creates it for your publisher). --issuer defaults to GitHub Actions'
(https://token.actions.githubusercontent.com; GitLab: https://gitlab.com). With --environment only
jobs running in that deployment environment may publish. Needs your publish token.
--json prints the trusted publisher { id, connector, publisher, issuer, repository, workflow,
environment, repositoryOwnerId, createdAt, pending }.`,
  options: {
    repository: { type: "string", value: "owner/repo", description: "the repository whose CI publishes" },
    workflow: {
      type: "string",
      value: "file",
      description: "the workflow file (release.yml) or GitLab CI config path",
    },
    issuer: { type: "string", value: "url", description: "the CI's OIDC issuer (default GitHub Actions')" },
    environment: { type: "string", value: "name", description: "only jobs in this deployment environment" },
    ...MARKETPLACE_OPTION,
  },
  positionals: { min: 1, max: 1 },
  async run(args, ctx) {
    const name = checkConnectorName(
      args.positionals[0] as string,
      "connectory trusted-publisher add weather",
    );
    const { repository, workflow, issuer, environment } = args.values;
    if (repository === undefined || workflow === undefined)
      throw localizedUsageError({ key: "usage.trusted-publisher-add" });
    const { marketplace, client } = await ownerSession(ctx, args.values.marketplace);
    const added = await client.addTrustedPublisher(name, {
      repository,
      workflow,
      ...(issuer !== undefined ? { issuer } : {}),
      ...(environment !== undefined ? { environment } : {}),
    });
    return {
      data: { ...added, marketplace: marketplace.name },
      text: say("trusted.added", { name, marketplace: marketplace.name, line: trustedPublisherLine(added) }),
    };
  },
});

export const listCommand = defineCommand({
  usage: "trusted-publisher list <name> [--marketplace <m>] [--json]",
  description: `
Lists the CI identities that may publish <name> (trusted publishing): id, repository, workflow,
environment, issuer; pending ones (the connector does not exist yet) are marked. Needs your publish
token. --json prints { connector, marketplace, items }.`,
  options: { ...MARKETPLACE_OPTION },
  positionals: { min: 1, max: 1 },
  async run(args, ctx) {
    const name = checkConnectorName(
      args.positionals[0] as string,
      "connectory trusted-publisher list weather",
    );
    const { marketplace, client } = await ownerSession(ctx, args.values.marketplace);
    const list = await client.trustedPublishers(name);
    return {
      data: { ...list, marketplace: marketplace.name },
      text: list.items.length
        ? list.items.map(trustedPublisherLine).join("\n")
        : say("trusted.none", { name }),
    };
  },
});

export const removeCommand = defineCommand({
  usage: "trusted-publisher remove <name> <id> [--marketplace <m>] [--json]",
  description: `
Removes one trusted publisher of <name> (the id is in \`trusted-publisher list\`): that CI identity can
no longer exchange its token for <name>. Tokens it already holds expire within 15 minutes. Needs your
publish token. --json prints the removed trusted publisher.`,
  options: { ...MARKETPLACE_OPTION },
  positionals: { min: 2, max: 2 },
  async run(args, ctx) {
    const name = checkConnectorName(
      args.positionals[0] as string,
      "connectory trusted-publisher remove weather 3",
    );
    const id = args.positionals[1] as string;
    if (!/^\d{1,9}$/.test(id))
      throw localizedUsageError(
        { key: "usage.trusted-publisher-id", params: { id: id.slice(0, 20) } },
        { key: "usage.trusted-publisher-id-hint", params: { name } },
      );
    const { marketplace, client } = await ownerSession(ctx, args.values.marketplace);
    const removed = await client.removeTrustedPublisher(name, Number(id));
    return {
      data: { ...removed, marketplace: marketplace.name },
      text: say("trusted.removed", { line: trustedPublisherLine(removed) }),
    };
  },
});
