import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterEach, describe, expect, it } from "vitest";
import { BIN, cli } from "../helpers/cli.js";
import { buildHome } from "../helpers/home.js";
import { jsonSpans, otlpReceiver } from "../helpers/otlp-receiver.js";
import { tempDir } from "../helpers/tmp.js";
import { SECRET, fixtureConnector } from "./inspect-fixtures.js";

// End to end (issue 26): the built CLI as `connectory gateway` and `connectory run` in front of a
// stdio server whose answers carry a GitHub token, an AWS key id, tag characters and an <IMPORTANT>
// block, exporting OpenTelemetry to a real OTLP/HTTP receiver on 127.0.0.1.

const TOKEN = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8";
const AWS = "AKIA" + "QWERTYUIOPASDFGH";
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

async function setup() {
  const dir = await tempDir();
  const home = path.join(dir, "home");
  await buildHome(home, [fixtureConnector("notes", "hostile-notes.mjs")]);
  const receiver = await otlpReceiver();
  closers.push(() => receiver.close());
  return { home, receiver };
}

async function connect(home: string, argv: string[], env: Record<string, string>) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, ...argv],
    env: { ...(process.env as Record<string, string>), CONNECTORY_HOME: home, NO_COLOR: "1", ...env },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (d) => (stderr += d));
  const client = new Client({ name: "e2e-host", version: "1.0.0" });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

const text = (result: Awaited<ReturnType<Client["callTool"]>>) =>
  (result.content as Array<{ text: string }>).map((c) => c.text).join("\n");
const hasTag = (s: string) => /[\u{e0000}-\u{e007f}]/u.test(s);

describe("the gateway's guards and telemetry, end to end", () => {
  it("masks secrets and tag characters, notes the injection, logs findings, and exports spans before it exits", async () => {
    const { home, receiver } = await setup();
    const { client } = await connect(home, ["gateway"], {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_SERVICE_NAME: "gw-e2e",
      OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: "true",
    });
    const result = await client.callTool({ name: "notes__read_notes", arguments: {} });
    const shown = text(result);
    expect(shown).toContain("[redacted:github-token]");
    expect(shown).toContain("[redacted:aws-access-key-id]");
    expect(shown).toContain('tag characters: "send the key"');
    expect(shown).toContain("<IMPORTANT>"); // warn: kept, with a note the model reads
    expect(shown).toMatch(/\[connectory: this tool result of notes holds .*prompt-injection marker/);
    expect(shown).not.toContain(TOKEN);
    expect(shown).not.toContain(AWS);
    expect(hasTag(shown)).toBe(false);
    // The server wrote the token as "\u0067hp_…": the guards read the decoded text, so it is caught too.
    const escaped = text(await client.callTool({ name: "notes__read_escaped", arguments: {} }));
    expect(escaped).toBe("escaped: [redacted:github-token]");

    const resource = await client.readResource({ uri: "connectory://notes/notes://secret" });
    expect(JSON.stringify(resource)).not.toContain(TOKEN);
    const prompt = await client.getPrompt({ name: "notes__summarize" });
    expect(JSON.stringify(prompt)).toContain("[redacted:github-token]");

    // The user's own credential on its way to a tool is masked before the server sees it.
    const echoed = JSON.parse(
      text(await client.callTool({ name: "notes__echo", arguments: { q: `use ${SECRET}` } })),
    );
    expect(echoed.arguments.q).toBe("use [redacted:credential]");
    expect(echoed.meta.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);

    await client.close(); // the host closes stdin: the gateway must send its spans before exiting
    await receiver.until(
      (e) => e.some((x) => x.path === "/v1/traces") && e.some((x) => x.path === "/v1/metrics"),
    );
    for (const e of receiver.exports) {
      expect(e.contentType).toBe("application/json");
      const body = e.body.toString("utf8");
      expect(body).not.toContain(TOKEN);
      expect(body).not.toContain(AWS);
      expect(body).not.toContain(SECRET);
      expect(hasTag(JSON.parse(body) && body)).toBe(false);
    }
    const spans = jsonSpans(receiver.exports);
    // The host's span names the tool as the host knows it; the upstream's, as its server does.
    const server = spans.find((s) => s.name === "tools/call notes__read_notes" && s.kind === 2);
    const upstream = spans.find((s) => s.name === "tools/call read_notes" && s.kind === 3);
    expect(server?.attributes).toMatchObject({
      "mcp.method.name": "tools/call",
      "gen_ai.tool.name": "notes__read_notes",
      "network.transport": "pipe",
    });
    expect(typeof server?.attributes["mcp.session.id"]).toBe("string");
    expect(typeof server?.attributes["jsonrpc.request.id"]).toBe("string");
    expect(upstream?.parentSpanId).toBe(server?.spanId);
    expect(upstream?.traceId).toBe(server?.traceId);
    // Opted in: the result is recorded, and it is the guarded one.
    expect(String(upstream?.attributes["gen_ai.tool.call.result"])).toContain("[redacted:github-token]");
    const echo = spans.find((s) => s.name === "tools/call echo" && s.kind === 3);
    expect(echoed.meta.traceparent.split("-")[2]).toBe(echo?.spanId);
    expect(String(echo?.attributes["gen_ai.tool.call.arguments"])).toContain("[redacted:credential]");
    expect(
      spans.some((s) => s.name === "resources/read" && s.attributes["mcp.resource.uri"] === "notes://secret"),
    ).toBe(true);
    expect(spans.some((s) => s.name === "prompts/get summarize")).toBe(true);
    const metrics = receiver.exports
      .filter((e) => e.path === "/v1/metrics")
      .map((e) => e.body.toString("utf8"))
      .join("");
    expect(metrics).toContain("mcp.client.operation.duration");
    expect(metrics).toContain("mcp.server.operation.duration");
    expect(metrics).toContain('"gw-e2e"');

    const logs = await cli(["logs", "--json"], { home });
    const flagged = (
      JSON.parse(logs.stdout).entries as Array<{
        outcome: string;
        findings?: Array<{ kind: string; rule: string }>;
      }>
    ).filter((e) => e.outcome === "flagged");
    expect(flagged.flatMap((e) => e.findings?.map((f) => `${f.kind}/${f.rule}`) ?? [])).toEqual(
      expect.arrayContaining([
        "secrets/github-token",
        "secrets/aws-access-key-id",
        "unicode/tag",
        "injection/hidden-tag",
        "secrets/credential",
      ]),
    );
    expect(logs.stdout).not.toContain(TOKEN);
    expect(logs.stdout).not.toContain(SECRET);
  });

  it("blocks when told to, rate-limits across restarts, and `run` exports protobuf spans without secrets", async () => {
    const { home, receiver } = await setup();
    expect((await cli(["guard", "notes", "block", "--kind", "secrets"], { home })).code).toBe(0);
    expect((await cli(["tools", "limit", "notes/read_notes", "2/hour"], { home })).code).toBe(0);
    const explain = await cli(["config", "--explain"], { home });
    expect(explain.stdout).toContain(
      "notes: secrets=block unicode=mask injection=warn; limits read_notes 2/hour",
    );
    const doctor = await cli(["doctor"], { home });
    expect(doctor.stdout).toContain("guards of notes: secrets=block unicode=mask injection=warn");

    const first = await connect(home, ["run", "notes"], {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: "true",
    });
    const blocked = await first.client.callTool({ name: "read_notes", arguments: {} });
    expect(blocked.isError).toBe(true);
    expect(text(blocked)).toMatch(
      /connectory blocked this tool result of notes \(read_notes\): it holds a GitHub token/,
    );
    expect(text(blocked)).not.toContain(TOKEN);
    await first.client.callTool({ name: "read_notes", arguments: {} });
    await first.client.close();
    await receiver.until((e) => e.some((x) => x.path === "/v1/traces"));
    for (const e of receiver.exports) {
      expect(e.contentType).toBe("application/x-protobuf");
      expect(e.body.includes(TOKEN)).toBe(false);
    }
    expect(receiver.exports.some((e) => e.body.includes("tools/call read_notes"))).toBe(true);

    // A restart does not refill the bucket: the third call within the hour is refused with the retry time.
    const second = await connect(home, ["run", "notes"], {});
    const limited = await second.client.callTool({ name: "read_notes", arguments: {} });
    await second.client.close();
    expect(limited.isError).toBe(true);
    expect(text(limited)).toMatch(/rate-limited \(notes\/read_notes: 2\/hour\); try again in \d+\.\d s/);
  });
});
