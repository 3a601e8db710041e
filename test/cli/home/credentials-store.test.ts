import fs from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import {
  changeConnectorCredentials,
  readCredentials,
  updateCredentials,
} from "../../../cli/credentials/credentials-store.js";
import { tempDir } from "../../helpers/tmp.js";

const KEY = "tushare@default";

it("writes only what changed since the caller read, so a value set meanwhile by another command survives", async () => {
  const home = await tempDir();
  const before = { A: "1", B: "2", GONE: "x" };
  await updateCredentials(home, (f) => ({
    ...f,
    connectors: { [KEY]: before, "other@default": { Z: "z" } },
  }));
  // Another command (a second terminal) changes B and adds C after this one read `before`.
  await updateCredentials(home, (f) => ({
    ...f,
    connectors: { ...f.connectors, [KEY]: { ...before, B: "3", C: "4" } },
  }));

  await changeConnectorCredentials(home, KEY, before, { A: "9", B: "2" });

  const file = await readCredentials(home);
  expect(file.connectors[KEY]).toEqual({ A: "9", B: "3", C: "4" });
  expect(file.connectors["other@default"]).toEqual({ Z: "z" });
  expect((await fs.stat(path.join(home, "credentials.json"))).mode & 0o777).toBe(0o600);
});

it("removes the connector's entry once no key is left, and writes nothing when nothing changed", async () => {
  const home = await tempDir();
  await changeConnectorCredentials(home, KEY, undefined, { A: "1" });
  expect((await readCredentials(home)).connectors[KEY]).toEqual({ A: "1" });
  const file = path.join(home, "credentials.json");
  const mtime = (await fs.stat(file)).mtimeMs;
  await changeConnectorCredentials(home, KEY, { A: "1" }, { A: "1" });
  expect((await fs.stat(file)).mtimeMs).toBe(mtime);
  await changeConnectorCredentials(home, KEY, { A: "1" }, undefined);
  expect(Object.hasOwn((await readCredentials(home)).connectors, KEY)).toBe(false);
});
