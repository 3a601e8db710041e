import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isConnectoryError } from "../../../src/core/errors.js";
import { readJsonFile, updateJsonFile } from "../../../cli/home/json-file.js";
import { homePaths } from "../../../cli/home/home.js";
import { cli } from "../../helpers/cli.js";
import { buildHome } from "../../helpers/home.js";
import { listFiles, tempDir } from "../../helpers/tmp.js";

const CANARY = "ghp_" + "Q".repeat(36);

// Broken JSON around a token: V8's own message quotes the text at the fault for each of these.
const BROKEN: Array<[string, string, string]> = [
  ["an unquoted token", `{"registries":{"default":{"token":${CANARY}}}}`, "line 1, column 35"],
  ["a bare token", CANARY, "line 1, column 1"],
  [
    "a token on a later line",
    `{\n  "connectors": {\n    "w@default": { "K": ${CANARY} }\n  }\n}`,
    "line 3, column 25",
  ],
];

async function caught(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a rejection");
}

describe("readJsonFile on a file that is not JSON", () => {
  for (const [label, text, where] of BROKEN) {
    it(`${label}: says where it breaks, never what is there`, async () => {
      const file = path.join(await tempDir(), "credentials.json");
      await fs.writeFile(file, text);
      const error = await caught(readJsonFile(file, {}));
      expect(isConnectoryError(error) && error.code).toBe("home.file.invalid");
      expect(error.message).toContain(`${file} is not valid JSON, at ${where}`);
      expect(error.message).not.toContain("ghp_");
    });
  }

  it("an update of it writes nothing and leaks nothing", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "credentials.json");
    await fs.writeFile(file, BROKEN[0]![1]);
    const error = await caught(updateJsonFile<Record<string, unknown>>(file, {}, () => ({ fresh: true })));
    expect(error.message).not.toContain("ghp_");
    expect(await fs.readFile(file, "utf8")).toBe(BROKEN[0]![1]);
    expect(await listFiles(dir)).toEqual(["credentials.json"]);
  });

  it("a broken credentials.json: commands name the file, print no token", async () => {
    const home = await tempDir();
    await buildHome(home, [{ sample: "weather" }]);
    for (const [, text] of BROKEN) {
      await fs.writeFile(homePaths(home).credentials, text);
      for (const argv of [["config"], ["credentials", "show", "weather"], ["uninstall", "weather"]]) {
        const r = await cli(argv, { home });
        expect(r.code, argv.join(" ")).toBe(1);
        expect(r.stderr).toContain("credentials.json is not valid JSON");
        expect(r.stdout + r.stderr).not.toContain("ghp_");
      }
    }
  });
});
