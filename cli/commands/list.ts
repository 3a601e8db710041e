import { defineCommand } from "../command.js";
import { loadEffectiveConfig } from "../home/effective-config.js";
import { credentialsFixCommand, reinstallCommand } from "../home/installed-store.js";
import { say } from "../terminal/language.js";
import { textTable } from "../terminal/text-table.js";
import { inactiveReason, inactiveReasonEnglish } from "../terminal/inactive-reason.js";

type ConnectorStatus = "ready" | "needs-credentials" | "needs-consent" | "disabled" | "unreadable";

const command = defineCommand({
  usage: "list",
  description: `
Lists installed connectors with their version, marketplace and status: ready (its servers are active
unless shadowed), needs-credentials (connectory credentials set <name>), disabled (connectory enable
<name>), needs-consent (it declares permissions beyond what you accepted: the reason says how to
accept them), or unreadable (its cached files are damaged: \`connectory install <name>\` repairs them,
keeping its credentials). Reads local files only.`,
  positionals: { max: 0 },
  async run(_args, ctx) {
    const config = await loadEffectiveConfig(ctx.home);
    const connectors = [
      ...config.connectors.map(({ key, entry }) => {
        const servers = config.servers.filter(
          (s) => s.origin.kind === "connector" && `${s.origin.connector}@${s.origin.marketplace}` === key,
        );
        const missing = [...new Set(servers.flatMap((s) => s.missing ?? []))].sort();
        const consent = servers.find((s) => s.status === "needs-consent");
        const status: ConnectorStatus = !entry.enabled
          ? "disabled"
          : consent
            ? "needs-consent"
            : missing.length
              ? "needs-credentials"
              : "ready";
        return {
          name: entry.name,
          marketplace: entry.marketplace,
          version: entry.version,
          status,
          enabled: entry.enabled,
          servers: servers.map((s) => ({ name: s.name, status: s.status })),
          ...(missing.length ? { missing } : {}),
          ...(entry.yanked ? { yanked: true } : {}),
          ...(consent?.why ? { reason: inactiveReasonEnglish(consent) } : {}),
        };
      }),
      ...config.broken.map(({ entry, message }) => ({
        name: entry.name,
        marketplace: entry.marketplace,
        version: entry.version,
        status: "unreadable" as ConnectorStatus,
        enabled: entry.enabled,
        servers: [],
        problem: message,
      })),
    ];
    if (connectors.length === 0) {
      return { data: { connectors }, text: say("list.none") };
    }
    const rows = connectors.map((c) => [
      c.name,
      c.version + ("yanked" in c && c.yanked ? say("list.yanked") : ""),
      c.marketplace,
      c.status + ("missing" in c && c.missing ? ` (${c.missing.join(", ")})` : ""),
      c.servers.map((s) => s.name).join(", "),
    ]);
    // One runnable command per connector still missing credentials: each names its keys (a bare
    // `credentials set <name>` fails without a terminal) and its marketplace when the name is ambiguous.
    const todo = connectors.flatMap((c) => {
      if (!("missing" in c) || !c.missing || c.status !== "needs-credentials") return [];
      const ambiguous = connectors.filter((o) => o.name === c.name).length > 1;
      return [`  ${credentialsFixCommand(ambiguous ? `${c.name}@${c.marketplace}` : c.name, c.missing)}`];
    });
    // The same lines as --json's `reason`, in the run's language: one per connector waiting for consent.
    const consent = config.connectors.flatMap(({ key }) => {
      const s = config.servers.find(
        (s) =>
          s.status === "needs-consent" &&
          s.origin.kind === "connector" &&
          `${s.origin.connector}@${s.origin.marketplace}` === key,
      );
      return s ? [`  ${inactiveReason(s) ?? ""}`] : [];
    });
    const damaged = config.broken.map(({ entry }) => `  ${reinstallCommand(entry)}`);
    const hint =
      (todo.length ? `\n\n${say("list.set-missing")}\n${todo.join("\n")}` : "") +
      (consent.length ? `\n\n${say("list.not-accepted")}\n${consent.join("\n")}` : "") +
      (damaged.length ? `\n\n${say("list.damaged")}\n${damaged.join("\n")}` : "");
    return {
      data: { connectors },
      text:
        textTable(
          [
            say("list.name"),
            say("list.version"),
            say("list.marketplace"),
            say("list.status"),
            say("list.servers"),
          ],
          rows,
        ) + hint,
    };
  },
});
export default command;
