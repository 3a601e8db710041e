import { redact } from "../../src/core/secrets.js";
import { defineCommand } from "../command.js";
import { say } from "../terminal/language.js";
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

    const rows: Row[] = listed.map((entry) => serverRow(entry, hostCheck?.missing, hide, paths));
    for (const s of config.servers.filter((s) => s.status === "needs-credentials")) {
      const skip = { status: "skip" as const };
      rows.push({
        server: s.name,
        origin: s.origin,
        ok: false,
        problems: [s.reason ?? "missing credentials"],
        starts: skip,
        handshake: skip,
        tools: skip,
        pins: skip,
        hosts: skip,
        credentials: { status: "fail", detail: `missing ${(s.missing ?? []).join(", ")}` },
      });
    }
    const notes: string[] = [];
    for (const b of config.broken)
      notes.push(`FAIL ${b.key}: its installed package cannot be read (${b.message}); reinstall it`);
    for (const s of hostCheck?.stale ?? [])
      notes.push(
        `FAIL ${fileLabel(s.export)} still lists "${s.server}", which is no longer active: run \`${exportCommand(s.export, paths)}\``,
      );
    for (const e of hostCheck?.noProfile ?? []) notes.push(`FAIL ${noProfileNote(e)}`);
    // A gateway export's one entry is not a server row: its absence is a note of its own.
    const rowNames = new Set(rows.map((r) => r.server));
    const lostEntries = [...(hostCheck?.missing ?? [])].filter(([name]) => !rowNames.has(name));
    for (const [name, files] of lostEntries)
      for (const e of files)
        notes.push(
          `FAIL ${fileLabel(e)} lacks the gateway entry "${name}": run \`${exportCommand(e, paths)}\``,
        );
    for (const e of gone)
      notes.push(
        `WARN ${fileLabel(e)} no longer exists: Connectory forgot what it had exported there (export again: \`${exportCommand(e, paths)}\`)`,
      );
    if (!exports) notes.push(say("doctor.not-exported"));
    const skills = await skillsOverview(ctx.home, config);
    const skillIssues = await skillFindings(ctx.home, config);
    for (const f of skillIssues) notes.push(`${f.level} ${f.text}`);
    // Cached files changed since install: run refuses to launch them (cli/install/verify-launch.ts).
    const checked = await checkCaches(config, ctx.home);
    const caches = checked.filter((c) => c.damage && !intact(c.damage));
    for (const c of caches)
      notes.push(
        `FAIL ${c.key}: ${tampered(c.entry, c.damage as CacheDamage).message}: ${reinstallCommand(c.entry, true)}`,
      );
    // The registry signature kept at install, verified offline (docs/security.md, "Verifying what you install").
    for (const c of checked.filter((c) => c.signature))
      notes.push(
        `FAIL ${c.key}: ${c.signature!.code}: ${c.signature!.message}; ${c.signature!.hint ?? ""}`.trim(),
      );
    const sandbox = await probeSandbox(ctx.env);
    notes.push(`${sandbox.available ? "" : "WARN "}sandbox: ${sandbox.detail}`);
    const credentialStore = await credentialStoreNote(ctx.home);
    notes.push(...credentialStore.notes);
    const leftovers = await findLeftovers(ctx.home);
    for (const l of leftovers) {
      const what = [l.credentials ? "credentials" : "", l.cache ? "cached files" : ""].filter(Boolean);
      notes.push(
        `WARN ${l.key} is not installed but its ${what.join(" and ")} remain (an interrupted install or uninstall): run \`connectory uninstall ${l.key}\` to remove them`,
      );
    }
    notes.push(...(await gatewayNotes(ctx.home)));
    // The project in this folder: does this machine match its lock (what `sync --check` says)?
    const project = await findProject(ctx.cwd).then(
      (found) => (found ? projectDrift(ctx, found) : undefined),
      // A manifest or lock that cannot be read is drift of its own: the rest of the checks still run.
      (error: Error) => ({ project: ctx.cwd, drift: [error.message], needsCredentials: [] }),
    );
    for (const d of project?.drift ?? []) notes.push(`FAIL project: ${d}: run \`connectory sync\``);
    for (const n of project?.needsCredentials ?? [])
      notes.push(
        `WARN project: ${n.name} needs ${n.missing.join(", ")}: run \`connectory sync\` on a terminal`,
      );
    if (project && project.drift.length === 0)
      notes.push(`project: this machine matches ${project.project}/connectory.lock`);
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
        off.length
          ? `WARN ${say("doctor.guards-off", { server, modes, off: off.join(", "), kinds: off.join(" --kind ") })}`
          : say("doctor.guards", { server, modes }),
      );
    }
    for (const s of config.servers.filter((s) => s.status === "needs-consent"))
      notes.push(`WARN ${s.name} is inactive: ${s.reason}`);
    for (const [server, state] of await authStates(ctx.home, active, ctx.now()))
      if (state !== "signed-in")
        notes.push(`FAIL ${server}: needs-auth (${state}): sign in with \`connectory auth ${server}\``);
    const inactive = config.servers.filter(
      (s) => !["active", "needs-credentials", "needs-consent"].includes(s.status),
    );
    if (inactive.length)
      notes.push(
        say("doctor.inactive", {
          n: inactive.length,
          list: inactive.map((s) => `${s.name}: ${s.status}`).join(", "),
        }),
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
            rows.map((r) => [r.server, ...columns.map((c) => cell(r[c]))]),
          );
    const details = rows
      .filter((r) => r.problems.length)
      .flatMap((r) => [`${r.server}:`, ...r.problems.map((p) => `  ${p.replace(/\n/g, "\n  ")}`)]);
    const text = [
      table,
      ...(details.length ? ["", ...details] : []),
      ...(notes.length ? ["", ...notes] : []),
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
        sandbox,
        credentialStore: credentialStore.data,
        project: project ?? null,
        notes,
      },
      config.secretValues,
    );
    return { data, text: hide(text), exitCode: failed ? 1 : 0 };
  },
});
export default command;
