import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli, spawnCli } from "../helpers/cli.js";
import { buildHome } from "../helpers/home.js";
import { secretServiceMissing, startSecretService, type SecretService } from "../helpers/secret-service.js";
import { listFiles, tempDir } from "../helpers/tmp.js";

// A valid tushare token that must only ever be written to the credential store.
const CANARY = "deadbeef".repeat(7);
// An invalid one (wrong form): it must not be echoed by the error either.
const BAD_CANARY = "canary-not-hex-7f3a";

// Both stores: credentials.json, and the OS keychain (a real Secret Service, test/helpers/secret-service.ts).
const missing = secretServiceMissing();
let service: SecretService | undefined;
beforeAll(async () => {
  if (missing) return;
  service = await startSecretService();
  // The in-process runs reach the keychain through this process's own environment.
  process.env.DBUS_SESSION_BUS_ADDRESS = service.env.DBUS_SESSION_BUS_ADDRESS;
}, 30_000);
afterAll(async () => service?.stop());

describe.each(["file", "keychain"] as const)("with the %s store", (store) => {
  it.skipIf(store === "keychain" && missing !== undefined && !process.env.CI)(
    "a secret never reaches stdout, stderr or any file but the store",
    async () => {
      const env = { CONNECTORY_CREDENTIAL_STORE: store, ...service?.env };
      const home = await tempDir();
      await buildHome(home, [
        { sample: "tushare" },
        { sample: "github" },
        { sample: "weather", enabled: false },
      ]);
      await fs.writeFile(path.join(home, "mcp.json"), '{ "mcpServers": { "mine": { "command": "x" } } }');
      const runs = [
        ["credentials", "set", "tushare", `TUSHARE_TOKEN=${CANARY}`],
        ["credentials", "set", "tushare", `TUSHARE_TOKEN=${BAD_CANARY}`],
        ["credentials", "set", "tushare", BAD_CANARY],
        ["credentials", "set", "tushare", `NOT_DECLARED=${BAD_CANARY}`],
        ["config"],
        ["config", "--explain"],
        ["list"],
        ["credentials", "show", "tushare"],
        ["mcp", "add", "extra", "--", "node", "x.js"],
        ["trust", "mine"],
        ["disable", "tushare"],
        ["config", "--explain"],
        ["enable", "tushare"],
        ["mcp", "remove", "extra"],
      ];
      let output = "";
      for (const argv of runs) {
        for (const json of [false, true]) {
          const r = await cli(json ? [...argv, "--json"] : argv, { home, env });
          output += r.stdout + r.stderr;
        }
      }
      // The built binary too (its error edge and output streams are the real ones).
      for (const argv of [
        ["config", "--explain", "--json"],
        ["credentials", "set", "tushare", `TUSHARE_TOKEN=${BAD_CANARY}`],
      ]) {
        const r = await spawnCli(argv, { home, env });
        output += r.stdout + r.stderr;
      }
      expect(output).toContain("***"); // the redaction really ran
      expect(output).not.toContain(CANARY);
      expect(output).not.toContain(BAD_CANARY);

      for (const file of await listFiles(home)) {
        const text = await fs.readFile(path.join(home, file), "utf8").catch(() => "");
        if (file === "credentials.json" && store === "file") expect(text).toContain(CANARY);
        else expect(text, file).not.toContain(CANARY);
        expect(text, file).not.toContain(BAD_CANARY);
      }
      if (store === "keychain") {
        expect(await listFiles(home)).not.toContain("credentials.json");
        const entry = await service?.lookup("connectory", home);
        expect(entry).toContain(CANARY);
        expect(entry).not.toContain(BAD_CANARY);
      }

      // And it is really in use: --show-secrets renders it into the URL.
      const shown = await cli(["config", "--json", "--show-secrets"], { home, env });
      expect(JSON.parse(shown.stdout).mcpServers.tushare.url).toBe(
        `https://api.tushare.pro/mcp/?token=${CANARY}`,
      );
    },
  );
});
