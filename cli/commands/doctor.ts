import { redact } from "../../src/core/secrets.js";
import { defineCommand } from "../command.js";
import { errorText, say, sayBoth, sayEnglish, type SaidBoth, type Speak } from "../terminal/language.js";
import { inactiveReasonIn } from "../terminal/inactive-reason.js";
import { authStates } from "../auth/auth-state.js";
import { loadEffectiveConfig } from "../home/effective-config.js";
import {
  expectedEntries,
  exportCommand,
  exportProblems,
  noProfileNote,
  fileLabel,
  pathWorld,
  readExports,
} from "../hosts/host-exports.js";
import { overviewLines, skillFindings, skillsOverview } from "../hosts/skill-report.js";
import { gatewayNotes } from "../gateway/gateway-health.js";
import { findLeftovers } from "../install/leftovers.js";
import { credentialStoreNote } from "../credentials/credential-store-report.js";
import { intact, type CacheDamage } from "../install/file-hashes.js";
import { checkCaches, tampered } from "../install/verify-launch.js";
import { reinstallCommand } from "../home/installed-store.js";
import { TIMEOUT_OPTION, hideSecrets, mcpWorld } from "../mcp/mcp-targets.js";
import { probeSandbox } from "../sandbox/sandbox-probe.js";
import { explainControls } from "../gateway/explain-controls.js";
import { guardModesText } from "../../src/core/guards/guard-modes.js";
import { listServerTools } from "../mcp/server-tools.js";
import { CHECKS, cell, serverRow, type Row } from "../mcp/doctor-row.js";
import type { ExplainedServer } from "../../src/core/merge.js";
import { textTable } from "../terminal/text-table.js";
import { findProject } from "../project/project-files.js";
import { projectDrift } from "../project/project-drift.js";

const HEADERS = {
  starts: "doctor.h-starts",
  handshake: "doctor.h-handshake",
  tools: "doctor.h-tools",
  pins: "doctor.h-pins",
  credentials: "doctor.h-credentials",
  hosts: "doctor.h-hosts",
} as const;

const command = defineCommand({
  usage: "doctor [--timeout <ms>]",
  description: `
Checks every active server: it starts, completes the MCP handshake, lists its tools, the tools match
what you approved (pins), its credentials are complete, and the host files you exported to are
current (each fix names the file, its host and scope, and repeats the export that wrote it; an export
of a profile holds that profile's servers, a gateway export just its one entry, and a profile deleted
since fails). A host file that no longer exists is reported once and forgotten. Connectors missing credentials are checked
too, and what an interrupted install or uninstall left behind is listed. Each connector's skills are listed with the skills
folders they were exported to; an exported skill whose connector is no longer active fails, one removed
or edited by hand warns. In a project folder (connectory.json) it also says whether this machine
matches the project's lock, as \`connectory sync --check\` does; drift fails. Prints a table; exits 1
when a check fails.`,
  options: { ...TIMEOUT_OPTION },
  positionals: { max: 0 },
  async run(args, ctx) {
    const world = mcpWorld(ctx, args.values.timeout);
    const config = await loadEffectiveConfig(ctx.home);
    const active = config.servers.filter((s) => s.status === "active");
    const listed = await listServerTools(ctx.home, active, config, world);
    const { exports, gone } = await readExports(ctx);
    const paths = pathWorld(ctx);
    const hostCheck = exports
      ? exportProblems(exports, await expectedEntries(ctx.home, config, exports))
      : undefined;
    const hide = (t: string) => redact(t, config.secretValues);

    // Each row twice: in English for --json, in the run's language for the text.
    const rowsIn = (speak: Speak): Row[] => [
      ...listed.map((entry) => serverRow(entry, hostCheck?.missing, hide, paths, speak)),
      ...config.servers
        .filter((s) => s.status === "needs-credentials")
        .map((s) => needsCredentialsRow(s, speak)),
    ];
    const rows = rowsIn(sayEnglish);
    const textRows = rowsIn(say);
    const notes: SaidBoth[] = [];
    for (const b of config.broken)
      notes.push(sayBoth((t) => t("doctor.broken", { key: b.key, message: b.message })));
    for (const s of hostCheck?.stale ?? [])
      notes.push(
        sayBoth((t) =>
          t("doctor.stale", {
            file: fileLabel(s.export, t),
            server: s.server,
            command: exportCommand(s.export, paths),
          }),
        ),
      );
    for (const e of hostCheck?.noProfile ?? []) notes.push(sayBoth((t) => `FAIL ${noProfileNote(e, t)}`));
    // A gateway export's one entry is not a server row: its absence is a note of its own.
    const rowNames = new Set(rows.map((r) => r.server));
    const lostEntries = [...(hostCheck?.missing ?? [])].filter(([name]) => !rowNames.has(name));
    for (const [name, files] of lostEntries)
      for (const e of files)
        notes.push(
          sayBoth((t) =>
            t("doctor.lost-gateway", {
              file: fileLabel(e, t),
              server: name,
              command: exportCommand(e, paths),
            }),
          ),
        );
    for (const e of gone)
      notes.push(
        sayBoth((t) => t("doctor.gone", { file: fileLabel(e, t), command: exportCommand(e, paths) })),
      );
    if (!exports) notes.push(sayBoth((t) => t("doctor.not-exported")));
    const skills = await skillsOverview(ctx.home, config);
    const skillIssues = await skillFindings(ctx.home, config);
    for (const f of skillIssues) notes.push(sayBoth((t) => t(f.said.key, f.said.params)));
    // Cached files changed since install: run refuses to launch them (cli/install/verify-launch.ts).
    const checked = await checkCaches(config, ctx.home);
    const caches = checked.filter((c) => c.damage && !intact(c.damage));
    for (const c of caches) {
      const error = tampered(c.entry, c.damage as CacheDamage);
      const line = (message: string) => `FAIL ${c.key}: ${message}: ${reinstallCommand(c.entry, true)}`;
      notes.push({ en: line(error.message), text: line(errorText(error).message) });
    }
    // The registry signature kept at install, verified offline (docs/security.md, "Verifying what you install").
    for (const c of checked.filter((c) => c.signature)) {
      const error = c.signature!;
      const line = (said: { message: string; hint: string | undefined }) =>
        `FAIL ${c.key}: ${error.code}: ${said.message}; ${said.hint ?? ""}`.trim();
      notes.push({ en: line(error), text: line(errorText(error)) });
    }
    const sandbox = await probeSandbox(ctx.env);
    const sandboxKey = sandbox.available ? "doctor.sandbox" : "doctor.sandbox-warn";
    notes.push({
      en: sayEnglish(sandboxKey, { detail: sandbox.detail }),
      text: say(sandboxKey, { detail: sandbox.text }),
    });
    const credentialStore = await credentialStoreNote(ctx.home);
    notes.push(...credentialStore.notes.map((n) => sayBoth((t) => t(n.key, n.params))));
    const leftovers = await findLeftovers(ctx.home);
    for (const l of leftovers) {
      const key =
        l.credentials && l.cache
          ? "doctor.leftover-both"
          : l.credentials
            ? "doctor.leftover-credentials"
            : "doctor.leftover-cache";
      notes.push(sayBoth((t) => t(key, { key: l.key })));
    }
    notes.push(...(await gatewayNotes(ctx.home)).map(sayBoth));
    // The project in this folder: does this machine match its lock (what `sync --check` says)?
    const project = await findProject(ctx.cwd).then(
      (found) => (found ? projectDrift(ctx, found) : undefined),
      // A manifest or lock that cannot be read is drift of its own: the rest of the checks still run.
      (error: Error) => ({ project: ctx.cwd, drift: [error.message], needsCredentials: [] }),
    );
    for (const d of project?.drift ?? []) notes.push(sayBoth((t) => t("doctor.project-drift", { drift: d })));
    for (const n of project?.needsCredentials ?? [])
      notes.push(
        sayBoth((t) => t("doctor.project-credentials", { name: n.name, keys: n.missing.join(", ") })),
      );
    if (project && project.drift.length === 0)
      notes.push(sayBoth((t) => t("doctor.project-ok", { project: project.project })));
    // What run and the gateway do with what each active server returns (connectory guard).
    for (const [server, c] of await explainControls(
      ctx.home,
      active.map((s) => s.name),
    )) {
      const off = (Object.keys(c.guards) as Array<keyof typeof c.guards>).filter(
        (k) => c.guards[k] === "off",
      );
      const modes = guardModesText(c.guards);
      notes.push(
        sayBoth((t) =>
          off.length
            ? `WARN ${t("doctor.guards-off", { server, modes, off: off.join(", "), kinds: off.join(" --kind ") })}`
            : t("doctor.guards", { server, modes }),
        ),
      );
    }
    for (const s of config.servers.filter((s) => s.status === "needs-consent"))
      notes.push(
        sayBoth((t) => t("doctor.consent", { server: s.name, reason: inactiveReasonIn(s, t) ?? "" })),
      );
    for (const [server, state] of await authStates(ctx.home, active, ctx.now()))
      if (state !== "signed-in") notes.push(sayBoth((t) => t("doctor.needs-auth", { server, state })));
    const inactive = config.servers.filter(
      (s) => !["active", "needs-credentials", "needs-consent"].includes(s.status),
    );
    if (inactive.length)
      notes.push(
        sayBoth((t) =>
          t("doctor.inactive", {
            n: inactive.length,
            list: inactive.map((s) => `${s.name}: ${s.status}`).join(", "),
          }),
        ),
      );

    const failed =
      rows.some((r) => !r.ok) ||
      config.broken.length > 0 ||
      caches.length > 0 ||
      (hostCheck?.stale.length ?? 0) > 0 ||
      (hostCheck?.noProfile.length ?? 0) > 0 ||
      lostEntries.length > 0 ||
      skillIssues.some((f) => f.level === "FAIL") ||
      credentialStore.data.store === "error" ||
      (project?.drift.length ?? 0) > 0;
    const columns = exports ? CHECKS : CHECKS.filter((c) => c !== "hosts");
    const table =
      rows.length === 0
        ? say("doctor.none")
        : textTable(
            [say("doctor.h-server"), ...columns.map((c) => say(HEADERS[c]))],
            textRows.map((r) => [r.server, ...columns.map((c) => cell(r[c]))]),
          );
    const details = textRows
      .filter((r) => r.problems.length)
      .flatMap((r) => [`${r.server}:`, ...r.problems.map((p) => `  ${p.replace(/\n/g, "\n  ")}`)]);
    const text = [
      table,
      ...(details.length ? ["", ...details] : []),
      ...(notes.length ? ["", ...notes.map((n) => n.text)] : []),
      ...(skills.length ? ["", ...overviewLines(skills)] : []),
      "",
      failed ? say("doctor.failed") : say("doctor.passed"),
    ].join("\n");
    const data = hideSecrets(
      {
        ok: !failed,
        servers: rows,
        broken: config.broken.map((b) => ({ key: b.key, message: b.message })),
        tampered: caches.map((c) => ({ key: c.key, ...c.damage })),
        hostsChecked: exports !== undefined,
        skills,
        leftovers: leftovers.map((l) => ({ key: l.key, credentials: l.credentials, cache: l.cache ?? null })),
        hostFilesGone: gone.map((e) => ({ host: e.host, file: e.file, scope: e.scope })),
        sandbox: { available: sandbox.available, detail: sandbox.detail },
        credentialStore: credentialStore.data,
        project: project ?? null,
        notes: notes.map((n) => n.en),
      },
      config.secretValues,
    );
    return { data, text: hide(text), exitCode: failed ? 1 : 0 };
  },
});
export default command;

/** The row of a server missing credentials: nothing ran, its credentials check failed. */
function needsCredentialsRow(s: ExplainedServer, speak: Speak): Row {
  const skip = { status: "skip" as const };
  const reason = inactiveReasonIn(s, speak);
  return {
    server: s.name,
    origin: s.origin,
    ok: false,
    problems: [reason ?? speak("doctor.missing-credentials")],
    starts: skip,
    handshake: skip,
    tools: skip,
    pins: skip,
    hosts: skip,
    credentials: {
      status: "fail",
      detail: speak("doctor.cell-missing", { keys: (s.missing ?? []).join(", ") }),
    },
  };
}
