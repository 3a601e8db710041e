import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCredentials, updateCredentials } from "../../../cli/credentials/credentials-store.js";
import { configureCredentialStore } from "../../../cli/credentials/credential-store-world.js";
import { spawnCli } from "../../helpers/cli.js";
import { buildHome } from "../../helpers/home.js";
import {
  secretServiceMissing,
  startBareBus,
  startSecretService,
  type SecretService,
} from "../../helpers/secret-service.js";
import { listFiles, tempDir } from "../../helpers/tmp.js";

// The keychain store against a real Secret Service (gnome-keyring on a private D-Bus bus), through the
// built binary: what is stored where (secret-tool reads the keychain), moves both ways, two processes at
// once, and a locked keychain. CI installs the programs (.ci/services); without them these tests fail there.

const missing = secretServiceMissing();
const TOKEN = "c0ffee".repeat(8) + "00112233"; // 56 hex: a valid tushare token
const PAT = "ghp_" + "k".repeat(36);

let service: SecretService;
beforeAll(async () => {
  if (!missing) service = await startSecretService();
}, 30_000);
afterAll(async () => service?.stop());

const keychain = () => ({ ...service.env, CONNECTORY_CREDENTIAL_STORE: "keychain" });
const fileStore = () => ({ ...service.env, CONNECTORY_CREDENTIAL_STORE: "file" });
const auto = () => ({ ...service.env, CONNECTORY_CREDENTIAL_STORE: "" });

async function home(): Promise<string> {
  const dir = await tempDir();
  await buildHome(dir, [{ sample: "tushare" }, { sample: "github" }]);
  return dir;
}

async function filesContaining(dir: string, text: string): Promise<string[]> {
  const hits: string[] = [];
  for (const f of await listFiles(dir))
    if ((await fs.readFile(path.join(dir, f), "utf8").catch(() => "")).includes(text)) hits.push(f);
  return hits;
}

const stored = async (dir: string) => {
  const text = await service.lookup("connectory", dir);
  return text === undefined ? undefined : (JSON.parse(text) as { connectors: Record<string, unknown> });
};

describe.skipIf(missing !== undefined && !process.env.CI)("the keychain credential store", () => {
  it("keeps a secret in the Secret Service and nowhere in the home; doctor says so", async () => {
    const dir = await home();
    const set = await spawnCli(["credentials", "set", "tushare", `TUSHARE_TOKEN=${TOKEN}`], {
      home: dir,
      env: auto(),
    });
    expect(set.code, set.stderr).toBe(0);
    expect((await stored(dir))?.connectors["tushare@default"]).toEqual({ TUSHARE_TOKEN: TOKEN });
    expect(existsSync(path.join(dir, "credentials.json"))).toBe(false);
    expect(await filesContaining(dir, TOKEN)).toEqual([]);
    // The marker names the entry, and holds no secret.
    expect(JSON.parse(await fs.readFile(path.join(dir, "credential-store.json"), "utf8"))).toEqual({
      store: "keychain",
      service: "connectory",
      account: dir,
    });
    // In use: the launcher config renders it.
    const shown = await spawnCli(["config", "--json", "--show-secrets"], { home: dir, env: auto() });
    expect(JSON.parse(shown.stdout).mcpServers.tushare.url).toContain(TOKEN);

    const doctor = await spawnCli(["doctor", "--json"], { home: dir, env: auto() });
    const report = JSON.parse(doctor.stdout);
    expect(report.credentialStore).toMatchObject({ store: "keychain", choice: "auto", leftover: false });
    expect(report.credentialStore.location).toContain("Secret Service");
    expect(report.notes.join("\n")).toContain(
      `credentials: in the OS keychain (Secret Service), service "connectory", account "${dir}"`,
    );
    expect(doctor.stdout + doctor.stderr).not.toContain(TOKEN);
  });

  it("moves the file's secrets into the keychain and back, leaving nothing behind either way", async () => {
    const dir = await home();
    for (const argv of [
      ["credentials", "set", "tushare", `TUSHARE_TOKEN=${TOKEN}`],
      ["credentials", "set", "github", `GITHUB_PAT=${PAT}`],
    ]) {
      const r = await spawnCli(argv, { home: dir, env: fileStore() });
      expect(r.code, r.stderr).toBe(0);
    }
    // A registry token too, as `connectory login` stores it.
    const credentials = path.join(dir, "credentials.json");
    const doc = JSON.parse(await fs.readFile(credentials, "utf8"));
    doc.registries = { default: { token: "registry-token-5f1e", url: "http://127.0.0.1:9" } };
    await fs.writeFile(credentials, JSON.stringify(doc), { mode: 0o600 });
    const before = await fs.readFile(credentials, "utf8");
    expect(await stored(dir)).toBeUndefined();

    // A read-only command moves them: the keychain holds the same document, the file is gone.
    const list = await spawnCli(["list", "--json"], { home: dir, env: keychain() });
    expect(list.code, list.stderr).toBe(0);
    expect(await stored(dir)).toEqual(JSON.parse(before));
    expect(existsSync(path.join(dir, "credentials.json"))).toBe(false);
    expect(await filesContaining(dir, PAT)).toEqual([]);
    expect(await filesContaining(dir, "registry-token-5f1e")).toEqual([]);

    // And back: the file again (0600), the keychain entry and the marker deleted.
    const doctor = await spawnCli(["doctor", "--json"], { home: dir, env: fileStore() });
    expect(JSON.parse(doctor.stdout).credentialStore).toMatchObject({ store: "file", choice: "file" });
    expect(JSON.parse(await fs.readFile(path.join(dir, "credentials.json"), "utf8"))).toEqual(
      JSON.parse(before),
    );
    expect((await fs.stat(path.join(dir, "credentials.json"))).mode & 0o777).toBe(0o600);
    expect(await stored(dir)).toBeUndefined();
    expect(existsSync(path.join(dir, "credential-store.json"))).toBe(false);
  });

  it("a change from another process survives: concurrent sets from two terminals all land", async () => {
    const dir = await home();
    const runs = [];
    for (let i = 0; i < 3; i++) {
      runs.push(
        spawnCli(["credentials", "set", "tushare", `TUSHARE_TOKEN=${TOKEN.slice(0, -1)}${i}`], {
          home: dir,
          env: keychain(),
        }),
        spawnCli(["credentials", "set", "github", `GITHUB_TOOLSETS=repos_${"abc"[i]}`], {
          home: dir,
          env: keychain(),
        }),
      );
    }
    for (const r of await Promise.all(runs)) expect(r.code, r.stderr).toBe(0);
    const doc = await stored(dir);
    expect(Object.keys(doc?.connectors ?? {}).sort()).toEqual(["github@default", "tushare@default"]);
    expect(doc?.connectors["github@default"]).toMatchObject({
      GITHUB_TOOLSETS: expect.stringMatching(/^repos_[abc]$/),
    });
    expect(existsSync(path.join(dir, "credentials.json"))).toBe(false);
  });

  it("refuses what it did not write: a bad CONNECTORY_CREDENTIAL_STORE, a damaged entry, a file put back by hand", async () => {
    const dir = await home();
    const bad = await spawnCli(["credentials", "set", "tushare", `TUSHARE_TOKEN=${TOKEN}`, "--json"], {
      home: dir,
      env: { ...service.env, CONNECTORY_CREDENTIAL_STORE: "vault" },
    });
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout).error.code).toBe("credentials.store.invalid");
    expect(await listFiles(dir)).not.toContain("credentials.json");

    // Not JSON in the keychain entry: named, never quoted, never overwritten.
    await service.store("connectory", dir, `{"connectors": ${PAT}`);
    await fs.writeFile(
      path.join(dir, "credential-store.json"),
      JSON.stringify({ store: "keychain", service: "connectory", account: dir }),
    );
    const damaged = await spawnCli(["credentials", "set", "tushare", `TUSHARE_TOKEN=${TOKEN}`, "--json"], {
      home: dir,
      env: auto(),
    });
    expect(JSON.parse(damaged.stdout).error.code).toBe("credentials.keychain.invalid");
    expect(damaged.stdout + damaged.stderr).not.toContain(PAT);
    expect(await service.lookup("connectory", dir)).toBe(`{"connectors": ${PAT}`);

    // A credentials.json beside a keychain that holds other credentials: neither is touched.
    await service.store("connectory", dir, JSON.stringify({ connectors: {}, registries: {} }));
    const file = JSON.stringify({ connectors: { "github@default": { GITHUB_PAT: PAT } }, registries: {} });
    await fs.writeFile(path.join(dir, "credentials.json"), file, { mode: 0o600 });
    for (const env of [auto(), fileStore()]) {
      const conflict = await spawnCli(["config", "--json"], { home: dir, env });
      expect(JSON.parse(conflict.stdout).error.code).toBe("credentials.store.conflict");
      expect(await fs.readFile(path.join(dir, "credentials.json"), "utf8")).toBe(file);
      expect(await service.lookup("connectory", dir)).toBe(
        JSON.stringify({ connectors: {}, registries: {} }),
      );
    }
  });

  it("no Secret Service: forced keychain is an error that writes nothing, auto uses the file", async () => {
    const dir = await home();
    const none = { DBUS_SESSION_BUS_ADDRESS: `unix:path=${path.join(dir, "no-bus")}` };
    const forced = await spawnCli(["credentials", "set", "tushare", `TUSHARE_TOKEN=${TOKEN}`, "--json"], {
      home: dir,
      env: { ...none, CONNECTORY_CREDENTIAL_STORE: "keychain" },
    });
    expect(forced.code).toBe(1);
    const error = JSON.parse(forced.stdout).error;
    expect(error.code).toBe("credentials.keychain.unavailable");
    expect(error.hint).toContain("CONNECTORY_CREDENTIAL_STORE=file");
    expect(await filesContaining(dir, TOKEN)).toEqual([]);
    // No bus at all: said without loading the binding.
    const noBus = await spawnCli(["credentials", "set", "tushare", `TUSHARE_TOKEN=${TOKEN}`, "--json"], {
      home: dir,
      env: { DBUS_SESSION_BUS_ADDRESS: "", XDG_RUNTIME_DIR: "", CONNECTORY_CREDENTIAL_STORE: "keychain" },
    });
    expect(JSON.parse(noBus.stdout).error).toMatchObject({
      code: "credentials.keychain.unavailable",
      message: expect.stringContaining("no D-Bus session bus"),
    });
    expect(await filesContaining(dir, TOKEN)).toEqual([]);

    const fallback = await spawnCli(["credentials", "set", "tushare", `TUSHARE_TOKEN=${TOKEN}`], {
      home: dir,
      env: { ...none, CONNECTORY_CREDENTIAL_STORE: "" },
    });
    expect(fallback.code, fallback.stderr).toBe(0);
    expect(await filesContaining(dir, TOKEN)).toEqual(["credentials.json"]);
    const doctor = JSON.parse(
      (await spawnCli(["doctor", "--json"], { home: dir, env: { ...none, CONNECTORY_CREDENTIAL_STORE: "" } }))
        .stdout,
    );
    expect(doctor.credentialStore).toMatchObject({ store: "file", choice: "auto" });
    expect(doctor.credentialStore.keychain).toContain("the OS keychain cannot be used");

    // A session bus where nothing provides the Secret Service (a headless session): the file, and why.
    const bare = await startBareBus();
    try {
      const headless = await home();
      const r = await spawnCli(["credentials", "set", "tushare", `TUSHARE_TOKEN=${TOKEN}`], {
        home: headless,
        env: { ...bare.env, CONNECTORY_CREDENTIAL_STORE: "" },
      });
      expect(r.code, r.stderr).toBe(0);
      expect(await filesContaining(headless, TOKEN)).toEqual(["credentials.json"]);
      const why = JSON.parse(
        (
          await spawnCli(["doctor", "--json"], {
            home: headless,
            env: { ...bare.env, CONNECTORY_CREDENTIAL_STORE: "" },
          })
        ).stdout,
      ).credentialStore.keychain;
      expect(why).toContain("org.freedesktop.secrets");
    } finally {
      await bare.stop();
    }

    // The home's secrets are in the keychain, which is then gone: an error, not an empty store.
    const kc = await home();
    await spawnCli(["credentials", "set", "tushare", `TUSHARE_TOKEN=${TOKEN}`], {
      home: kc,
      env: keychain(),
    });
    const gone = await spawnCli(["credentials", "set", "github", `GITHUB_PAT=${PAT}`, "--json"], {
      home: kc,
      env: { ...none, CONNECTORY_CREDENTIAL_STORE: "" },
    });
    expect(JSON.parse(gone.stdout).error.code).toBe("credentials.keychain.unavailable");
    expect(await filesContaining(kc, PAT)).toEqual([]);
  });

  it("split over parts where an entry is capped (as on Windows): head and parts in the keychain, all deleted on the way back", async () => {
    // In-process: the binding reaches the test bus through this process's environment.
    process.env.DBUS_SESSION_BUS_ADDRESS = service.env.DBUS_SESSION_BUS_ADDRESS;
    const dir = await tempDir();
    const doc = {
      connectors: { "github@default": { GITHUB_PAT: PAT } },
      registries: { default: { token: "t".repeat(150) } },
    };
    try {
      configureCredentialStore({ env: { CONNECTORY_CREDENTIAL_STORE: "keychain" }, maxEntryLength: 100 });
      await updateCredentials(dir, (f) => ({ ...f, ...doc }));
      const head = (await service.lookup("connectory", dir)) ?? "";
      const [, , generation, count] = head.split(":");
      expect(Number(count)).toBe(Math.ceil(JSON.stringify(doc).length / 100));
      let whole = "";
      for (let i = 0; i < Number(count); i++)
        whole += await service.lookup("connectory", `${dir}#${generation}.${i}`);
      expect(JSON.parse(whole)).toEqual(doc);
      expect(await readCredentials(dir)).toMatchObject(doc);
      expect(await filesContaining(dir, PAT)).toEqual([]);

      configureCredentialStore({ env: { CONNECTORY_CREDENTIAL_STORE: "file" } });
      expect(await readCredentials(dir)).toMatchObject(doc);
      expect(await service.lookup("connectory", dir)).toBeUndefined();
      for (let i = 0; i < Number(count); i++)
        expect(await service.lookup("connectory", `${dir}#${generation}.${i}`)).toBeUndefined();
    } finally {
      configureCredentialStore({ env: { CONNECTORY_CREDENTIAL_STORE: "file" }, maxEntryLength: undefined });
    }
  });

  // Last: it locks the login collection for the rest of this file's service.
  it("a locked keychain is a coded error with a hint, never a fallback to the disk", async () => {
    const dir = await home();
    const set = await spawnCli(["credentials", "set", "tushare", `TUSHARE_TOKEN=${TOKEN}`], {
      home: dir,
      env: auto(),
    });
    expect(set.code, set.stderr).toBe(0);
    const files = await listFiles(dir);
    // And a home whose credentials are still in the file: auto does not write them there while locked.
    const inFile = await home();
    await spawnCli(["credentials", "set", "tushare", `TUSHARE_TOKEN=${TOKEN}`], {
      home: inFile,
      env: fileStore(),
    });
    const inFileBefore = await fs.readFile(path.join(inFile, "credentials.json"), "utf8");
    await service.lock();
    const r = await spawnCli(["credentials", "set", "github", `GITHUB_PAT=${PAT}`, "--json"], {
      home: inFile,
      env: auto(),
    });
    expect(JSON.parse(r.stdout).error.code).toBe("credentials.keychain.locked");
    expect(await filesContaining(inFile, PAT)).toEqual([]);
    // The move into the keychain stopped at its first write: the file is whole and still the store (the
    // marker it wrote first names the entry that write may have left).
    expect(await fs.readFile(path.join(inFile, "credentials.json"), "utf8")).toBe(inFileBefore);
    expect(JSON.parse(await fs.readFile(path.join(inFile, "credential-store.json"), "utf8")).store).toBe(
      "file",
    );

    for (const env of [auto(), keychain(), fileStore()]) {
      for (const argv of [
        ["credentials", "set", "github", `GITHUB_PAT=${PAT}`, "--json"],
        ["config", "--json"],
      ]) {
        const r = await spawnCli(argv, { home: dir, env });
        expect(r.code, argv.join(" ")).toBe(1);
        const error = JSON.parse(r.stdout).error;
        expect(error.code).toBe("credentials.keychain.locked");
        expect(error.hint).toMatch(/unlock/);
        expect(r.stdout + r.stderr).not.toContain(PAT);
      }
    }
    expect(await listFiles(dir)).toEqual(files);
    expect(await filesContaining(dir, PAT)).toEqual([]);
  });
});
