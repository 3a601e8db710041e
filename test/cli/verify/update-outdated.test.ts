import fs from "node:fs/promises";
import { afterEach, beforeEach, expect, it } from "vitest";
import { homePaths } from "../../../cli/home/home.js";
import { cli } from "../../helpers/cli.js";
import { tempDir } from "../../helpers/tmp.js";
import { FakeRegistry, forgeStatement, startFakeRegistry, weather } from "../install-fixtures.js";

let reg: FakeRegistry;
let home: string;
const run = (...argv: string[]) => cli(argv, { home, env: { CONNECTORY_REGISTRY: reg.url } });
const installedVersion = async () =>
  JSON.parse(await fs.readFile(homePaths(home).installed, "utf8"))["weather@default"].version as string;

beforeEach(async () => {
  reg = await startFakeRegistry();
  home = await tempDir();
});
afterEach(() => reg.close());

it("update refuses a version without provenance when an earlier one had it, unless overridden", async () => {
  await reg.publish(weather("1.0.0"), { provenance: { sha: "abc" } });
  expect((await run("install", "weather", "--yes")).code).toBe(0);
  await reg.publish(weather("1.1.0"));
  const refused = await run("update", "weather", "--yes", "--json");
  expect(refused.code).toBe(1);
  expect(JSON.parse(refused.stdout).error.code).toBe("update.trust.downgrade");
  expect(refused.stderr).toContain("weather@1.1.0 has no build provenance, but 1.0.0 had it");
  expect(await installedVersion()).toBe("1.0.0");
  // info shows the downgrade before anyone updates.
  const info = await run("info", "weather", "--json");
  expect(info.code, info.stderr).toBe(0);
  expect(JSON.parse(info.stdout)).toMatchObject({ version: "1.1.0", trustDowngrade: { from: "1.0.0" } });
  expect((await run("info", "weather")).stdout).toContain(
    "TRUST DOWNGRADE: 1.1.0 has no build provenance, but 1.0.0 had it",
  );
  expect(JSON.parse((await run("info", "weather@1.0.0", "--json")).stdout).trustDowngrade).toBeUndefined();
  const forced = await run("update", "weather", "--yes", "--allow-provenance-downgrade");
  expect(forced.code).toBe(0);
  expect(forced.stderr).toContain("updating anyway (--allow-provenance-downgrade)");
  expect(await installedVersion()).toBe("1.1.0");
});

it("update keeps going when provenance stays", async () => {
  await reg.publish(weather("1.0.0"), { provenance: { sha: "abc" } });
  expect((await run("install", "weather", "--yes")).code).toBe(0);
  await reg.publish(weather("1.1.0"), { provenance: { sha: "def" } });
  expect(JSON.parse((await run("info", "weather", "--json")).stdout).trustDowngrade).toBeUndefined();
  expect((await run("update", "weather", "--yes")).code).toBe(0);
  expect(await installedVersion()).toBe("1.1.0");
});

it("outdated verifies what it offers: a forged newer version is reported as failed, not offered", async () => {
  await reg.publish(weather("1.0.0"));
  expect((await run("install", "weather", "--yes")).code).toBe(0);
  await reg.publish(weather("1.1.0"));
  const ok = JSON.parse((await run("outdated", "--json")).stdout);
  expect(ok.outdated[0]).toMatchObject({ name: "weather", wanted: "1.1.0" });
  await reg.publish(weather("1.2.0"));
  forgeStatement(reg, "weather", "1.2.0", { integrity: "sha512-forged" });
  const r = await run("outdated", "--json");
  expect(r.code).toBe(1);
  const out = JSON.parse(r.stdout);
  expect(out.outdated).toEqual([]);
  expect(out.failed[0].error.code).toBe("install.signature.invalid");
});

it("a key the registry rotated to is learned only through an endorsement by a pinned key", async () => {
  await reg.publish(weather("1.0.0"));
  expect((await run("install", "weather", "--yes")).code).toBe(0);
  // The registry's key is replaced without a chain: what it signs now is refused.
  const { generateKeyPairSync } = await import("node:crypto");
  reg.signer.privateKey = generateKeyPairSync("ed25519").privateKey;
  await reg.publish(weather("1.1.0"));
  const r = await run("update", "weather", "--yes", "--json");
  expect(JSON.parse(r.stdout).error.code).toBe("install.signature.unknown-key");
  expect(await installedVersion()).toBe("1.0.0");
});

it("marketplace add pins and prints the key; --key pins exactly one and refuses an unknown fingerprint", async () => {
  const added = await run("marketplace", "add", "acme", reg.url);
  expect(added.code).toBe(0);
  expect(added.stdout).toContain(`signing key pinned: ${reg.signer.fingerprint}`);
  const wrong = await run(
    "marketplace",
    "add",
    "other",
    reg.url,
    "--key",
    `sha256:${"0".repeat(64)}`,
    "--json",
  );
  expect(JSON.parse(wrong.stdout).error.code).toBe("marketplace.key.unknown");
  const marketplaces = JSON.parse(await fs.readFile(homePaths(home).marketplaces, "utf8"));
  expect(Object.keys(marketplaces)).not.toContain("other");
  const bad = await run("marketplace", "add", "other", reg.url, "--key", "nope");
  expect(bad.code).toBe(2);
  const ok = await run("marketplace", "add", "other", reg.url, "--key", reg.signer.fingerprint, "--json");
  expect(JSON.parse(ok.stdout).keys).toEqual([reg.signer.fingerprint]);
});

it("log verify remembers the checkpoint and stops at a rewritten history", async () => {
  await reg.publish(weather("1.0.0"));
  const first = JSON.parse((await run("log", "verify", "--json")).stdout);
  expect(first).toMatchObject({ size: 1, previousSize: null, consistent: true });
  await reg.publish(weather("1.1.0"));
  const second = JSON.parse((await run("log", "verify", "--json")).stdout);
  expect(second).toMatchObject({ size: 2, previousSize: 1 });
  // The operator (or an attacker) rewrites the first entry: the new tree does not extend the old one.
  reg.signer.leaves[0] = reg.signer.leaves[1]!;
  await reg.publish(weather("1.2.0"));
  const forked = await run("log", "verify", "--json");
  expect(forked.code).toBe(1);
  expect(JSON.parse(forked.stdout).error.code).toBe("install.signature.log-inconsistent");
  // And every install from it stops, with the same clear error.
  const install = await run("install", "weather@1.2.0", "--yes", "--json");
  expect(JSON.parse(install.stdout).error.code).toBe("install.signature.log-inconsistent");
  expect(install.stderr).toContain("every install from it stops");
});
