import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import {
  readCredentials,
  updateCredentials,
  type CredentialsFile,
} from "../../../cli/credentials/credentials-store.js";
import { describeCredentialStore } from "../../../cli/credentials/credential-store-location.js";
import { configureCredentialStore } from "../../../cli/credentials/credential-store-world.js";
import { memorySecretBackends } from "../../../cli/credentials/secret-backend.js";
import { chunkedBackend, split } from "../../../cli/credentials/secret-backend-chunked.js";
import { ConnectoryError } from "../../../src/core/errors.js";
import { tempDir } from "../../helpers/tmp.js";

// The moves between credentials.json and the keychain when the keychain fails at each step: the
// in-memory keychain twin, so every failure can be made to happen (the real Secret Service runs in
// keychain-store.test.ts). Whatever fails, one complete copy remains and is what is read next.

const DOC = {
  connectors: { "tushare@default": { TUSHARE_TOKEN: "secret-1" } },
  registries: { default: { token: "cty_secret-2", url: "http://127.0.0.1:9" } },
  // A section this version does not know (another feature's): kept through moves and writes.
  later: { "https://x.example/mcp": { access: "secret-3" } },
};

afterEach(() =>
  configureCredentialStore({
    env: { CONNECTORY_CREDENTIAL_STORE: "file" },
    keychain: undefined,
    maxEntryLength: undefined,
  }),
);

async function setup(store: "keychain" | "file" | "") {
  const home = await tempDir();
  const keychain = memorySecretBackends();
  configureCredentialStore({ env: { CONNECTORY_CREDENTIAL_STORE: store }, keychain });
  const entry = () => keychain.entries.get(`connectory\n${home}`);
  const marker = async () =>
    JSON.parse(await fs.readFile(path.join(home, "credential-store.json"), "utf8").catch(() => "null"));
  const file = path.join(home, "credentials.json");
  return { home, keychain, entry, marker, file };
}

const use = (store: string) => configureCredentialStore({ env: { CONNECTORY_CREDENTIAL_STORE: store } });

it("into the keychain: a failed write leaves credentials.json whole; the next run finishes the move", async () => {
  const { home, keychain, entry, marker, file } = await setup("keychain");
  await fs.writeFile(file, JSON.stringify(DOC), { mode: 0o600 });
  keychain.fail.write = true;
  await expect(readCredentials(home)).rejects.toMatchObject({ code: "credentials.keychain.failed" });
  expect(JSON.parse(await fs.readFile(file, "utf8"))).toEqual(DOC);
  // The marker names the entry before anything is written to it: a half-done move is found again.
  expect(await marker()).toEqual({ store: "file", service: "connectory", account: home });

  keychain.fail.write = false;
  expect(await readCredentials(home)).toMatchObject(DOC);
  expect(JSON.parse(entry() ?? "")).toEqual(DOC);
  expect(existsSync(file)).toBe(false);
  expect((await marker()).store).toBe("keychain");
});

it("into the keychain: an entry that does not keep what was written stops the move, the file stays", async () => {
  const { home, keychain, file } = await setup("keychain");
  await fs.writeFile(file, JSON.stringify(DOC), { mode: 0o600 });
  const lossy = async (e: { service: string; account: string }) => ({
    ...(await keychain(e)),
    read: async () => '{"connectors":{}}',
  });
  configureCredentialStore({ keychain: lossy });
  await expect(updateCredentials(home, (f) => f)).rejects.toMatchObject({
    code: "credentials.keychain.failed",
    message: expect.stringContaining("did not keep what was written"),
  });
  expect(JSON.parse(await fs.readFile(file, "utf8"))).toEqual(DOC);
});

it("back to the file: the file is written first; an entry that cannot be deleted yet is a leftover, retried", async () => {
  const { home, keychain, entry, marker, file } = await setup("keychain");
  await updateCredentials(home, () => DOC as unknown as CredentialsFile);
  expect(existsSync(file)).toBe(false);
  expect(JSON.parse(entry() ?? "")).toEqual(DOC);

  use("file");
  keychain.fail.remove = true;
  expect(await readCredentials(home)).toMatchObject(DOC);
  expect(JSON.parse(await fs.readFile(file, "utf8"))).toEqual(DOC);
  expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
  expect(await marker()).toMatchObject({ store: "file" });
  expect(await describeCredentialStore(home)).toMatchObject({ store: "file", leftover: true });

  // Written meanwhile: the file is what is used, and the leftover goes once the keychain answers.
  await updateCredentials(home, (f) => ({ ...f, connectors: {} }));
  keychain.fail.remove = false;
  await readCredentials(home);
  expect(entry()).toBeUndefined();
  expect(await marker()).toBeNull();
  expect(JSON.parse(await fs.readFile(file, "utf8"))).toMatchObject({ connectors: {}, later: DOC.later });
});

it("a keychain that fails to read stops the move back: nothing is written, the entry is kept", async () => {
  const { home, keychain, entry, file } = await setup("keychain");
  await updateCredentials(home, () => DOC as unknown as CredentialsFile);
  use("file");
  keychain.fail.read = true;
  await expect(readCredentials(home)).rejects.toMatchObject({ code: "credentials.keychain.failed" });
  expect(existsSync(file)).toBe(false);
  expect(JSON.parse(entry() ?? "")).toEqual(DOC);
});

it("auto: the file while no keychain answers, the keychain once one does; never the file again after", async () => {
  const { home, keychain, entry, file } = await setup("");
  keychain.fail.open = new ConnectoryError(
    "credentials.keychain.unavailable",
    "the OS keychain cannot be used: test",
  );
  await updateCredentials(home, () => DOC as unknown as CredentialsFile);
  expect(JSON.parse(await fs.readFile(file, "utf8"))).toEqual(DOC);
  expect(await describeCredentialStore(home)).toMatchObject({
    store: "file",
    choice: "auto",
    keychain: "the OS keychain cannot be used: test",
  });

  keychain.fail.open = undefined;
  expect(await readCredentials(home)).toMatchObject(DOC);
  expect(existsSync(file)).toBe(false);
  expect(JSON.parse(entry() ?? "")).toEqual(DOC);

  keychain.fail.open = new ConnectoryError(
    "credentials.keychain.unavailable",
    "the OS keychain cannot be used: test",
  );
  await expect(updateCredentials(home, (f) => ({ ...f, connectors: {} }))).rejects.toMatchObject({
    code: "credentials.keychain.unavailable",
  });
  await expect(readCredentials(home)).rejects.toMatchObject({ code: "credentials.keychain.unavailable" });
  expect(existsSync(file)).toBe(false);
});

it("auto with a locked keychain: an error, even for a home whose credentials are in the file", async () => {
  const { home, keychain, file } = await setup("");
  await fs.writeFile(file, JSON.stringify(DOC), { mode: 0o600 });
  keychain.fail.open = new ConnectoryError("credentials.keychain.locked", "the OS keychain is locked (test)");
  await expect(updateCredentials(home, (f) => ({ ...f, connectors: {} }))).rejects.toMatchObject({
    code: "credentials.keychain.locked",
  });
  expect(JSON.parse(await fs.readFile(file, "utf8"))).toEqual(DOC);
  // Forcing the file is the way out, and it never asks the keychain.
  use("file");
  expect(await readCredentials(home)).toMatchObject(DOC);
});

it("a fresh home writes nothing on read, and its first write marks the keychain before filling it", async () => {
  const { home, entry, marker } = await setup("keychain");
  expect(await readCredentials(home)).toEqual({ connectors: {}, registries: {}, servers: {} });
  expect(existsSync(home) ? await fs.readdir(home) : []).toEqual([]);
  await updateCredentials(home, (f) => ({ ...f, registries: { default: { token: "t" } } }));
  expect(await marker()).toEqual({ store: "keychain", service: "connectory", account: home });
  expect(JSON.parse(entry() ?? "")).toEqual({ connectors: {}, registries: { default: { token: "t" } } });
  expect(await fs.readdir(home)).toEqual(["credential-store.json"]);
});

it("a hand-damaged marker is refused, never rewritten", async () => {
  const { home } = await setup("keychain");
  await fs.writeFile(path.join(home, "credential-store.json"), '{"store":"vault"}');
  await expect(readCredentials(home)).rejects.toMatchObject({ code: "home.file.invalid" });
  expect(await fs.readFile(path.join(home, "credential-store.json"), "utf8")).toBe('{"store":"vault"}');
});

it("a keychain that caps an entry (Windows): the document goes to parts the head names, switched in one write", async () => {
  const { home, keychain, entry, file } = await setup("keychain");
  configureCredentialStore({ maxEntryLength: 40 });
  await fs.writeFile(file, JSON.stringify(DOC), { mode: 0o600 });
  expect(await readCredentials(home)).toMatchObject(DOC);
  const head = entry() ?? "";
  expect(head).toMatch(/^connectory-parts:1:[0-9a-f]{8}:\d+$/);
  const parts = [...keychain.entries.keys()].filter((k) => k.startsWith(`connectory\n${home}#`));
  expect(parts.length).toBe(Number(head.split(":").at(-1)));
  expect([...keychain.entries.values()].every((t) => t.length <= 40)).toBe(true);
  expect(existsSync(file)).toBe(false);

  // A new document: new parts, then the head, then the old parts go.
  await updateCredentials(home, (f) => ({ ...f, connectors: { "a@default": { K: "v".repeat(90) } } }));
  expect((await readCredentials(home)).connectors).toEqual({ "a@default": { K: "v".repeat(90) } });
  const now = [...keychain.entries.keys()].filter((k) => k.startsWith(`connectory\n${home}#`));
  expect(now.every((k) => k.includes(`#${(entry() ?? "").split(":")[2]}.`))).toBe(true);

  // A part lost by the keychain is named, not read as less.
  const lost = keychain.entries.get(now[1] as string) as string;
  keychain.entries.delete(now[1] as string);
  await expect(readCredentials(home)).rejects.toMatchObject({
    code: "credentials.keychain.invalid",
    message: expect.stringContaining("is missing"),
  });
  keychain.entries.set(now[1] as string, lost);

  // Back to the file: the whole document, and the head and every part deleted.
  use("file");
  expect((await readCredentials(home)).connectors).toEqual({ "a@default": { K: "v".repeat(90) } });
  expect(JSON.parse(await fs.readFile(file, "utf8")).connectors).toEqual({
    "a@default": { K: "v".repeat(90) },
  });
  expect([...keychain.entries.keys()]).toEqual([]);
});

it("parts never cut a surrogate pair", () => {
  expect(split("a\u{1F600}b", 2)).toEqual(["a", "\u{1F600}", "b"]);
  expect(split("abcdef", 4)).toEqual(["abcd", "ef"]);
  expect(split("", 4)).toEqual([]);
});

it("a small document under a cap stays whole in the head entry", async () => {
  const { home, entry } = await setup("keychain");
  configureCredentialStore({ maxEntryLength: 1200 });
  await updateCredentials(home, (f) => ({ ...f, registries: { default: { token: "t" } } }));
  expect(JSON.parse(entry() ?? "")).toMatchObject({ registries: { default: { token: "t" } } });
});

it("parts: a reader that meets a writer's switch (the old parts deleted under it) reads the new document", async () => {
  const keychain = memorySecretBackends();
  const entry = { service: "connectory", account: "/h" };
  const writer = chunkedBackend(keychain, await keychain(entry), 10);
  await writer.write("A".repeat(35));
  let raced = false;
  // The reader's keychain: reading its first part lets the writer switch to a new document first.
  const racing = async (e: { service: string; account: string }) => {
    const backend = await keychain(e);
    if (!e.account.includes("#")) return backend;
    return {
      ...backend,
      read: async () => {
        if (!raced) {
          raced = true;
          await writer.write("B".repeat(42));
        }
        return backend.read();
      },
    };
  };
  const reader = chunkedBackend(racing, await racing(entry), 10);
  expect(await reader.read()).toBe("B".repeat(42));
  expect(raced).toBe(true);
});
