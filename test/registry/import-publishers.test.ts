import { hashedName } from "../../src/registry/import/import-publishers.js";
import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runAdminCaptured } from "../helpers/admin.js";
import { tempDir } from "../helpers/tmp.js";

// Issue 31 #4: the importer publishes only into publishers it created for the same upstream namespace and
// nobody claimed; a person's publisher (verified or not) never gets an imported version or its badge.

interface Outcome {
  entry: string;
  status: string;
  name?: string;
  code?: string;
  reason?: string;
}

async function registry() {
  const dir = await tempDir();
  const env = { STORAGE_DIR: path.join(dir, "blobs") };
  const databaseUrl = path.join(dir, "registry.db");
  const admin = (...argv: string[]) => runAdminCaptured(argv, { databaseUrl, env });
  const run = async (source: string): Promise<Outcome[]> => {
    const r = await admin("import", source, "--json");
    expect(r.code, r.stderr).toBe(0);
    return (JSON.parse(r.stdout) as { entries: Outcome[] }).entries;
  };
  const write = async (name: string, value: unknown) => {
    const file = path.join(dir, name);
    await fs.writeFile(file, JSON.stringify(value));
    return file;
  };
  return { dir, admin, run, write };
}

const entry = (name: string, version: string) => ({
  name,
  description: "Tools.",
  version,
  packages: [
    { registryType: "npm", identifier: `@x/${name.split("/")[1]}`, version, transport: { type: "stdio" } },
  ],
});

describe("the importer and existing publishers", () => {
  it("never adds a version to a person's publisher; a new namespace imports (the control)", async () => {
    const { admin, run, write } = await registry();
    expect((await admin("token", "create", "--publisher", "acmeco")).code).toBe(0);
    const out = await run(
      await write("a.json", [
        entry("io.github.acmeco/widget", "9.9.9"),
        entry("io.github.newco/widget", "1.0.0"),
      ]),
    );
    expect(out.map((o) => [o.entry, o.status, o.code])).toEqual([
      ["io.github.acmeco/widget", "refused", "import.publisher.taken"],
      ["io.github.newco/widget", "imported", undefined],
    ]);
    expect(out[0]?.reason).toContain("belongs to a person");
    const shown = await admin("publisher", "show", "newco", "--json");
    expect(JSON.parse(shown.stdout)).toMatchObject({ unclaimed: true });
  });

  it("an imported publisher takes only its own namespace; re-importing it stays idempotent", async () => {
    const { admin, run, write } = await registry();
    const first = await run(await write("a.json", [entry("io.github.newco/one", "1.0.0")]));
    expect(first[0]?.status).toBe("imported");
    const again = await run(
      await write("b.json", [entry("io.github.newco/one", "1.0.0"), entry("io.github.newco/two", "1.0.0")]),
    );
    expect(again.map((o) => o.status)).toEqual(["unchanged", "imported"]);
    // com.newco maps to the same publisher name "newco": another namespace, kept apart as newco-registry;
    // a third namespace finds both taken and gets a publisher named after its namespace (issue 24: a
    // deterministic name, never a refusal).
    const other = await run(await write("c.json", [entry("com.newco/three", "1.0.0")]));
    expect(other[0]).toMatchObject({ status: "imported" });
    const apart = JSON.parse((await admin("publisher", "show", "newco-registry", "--json")).stdout);
    expect(apart).toMatchObject({ unclaimed: true });
    const third = await run(await write("d.json", [entry("ai.newco/four", "1.0.0")]));
    expect(third[0]).toMatchObject({ status: "imported" });
    const hashed = hashedName("newco-registry", "server-json:ai.newco");
    const fourth = JSON.parse((await admin("publisher", "show", hashed, "--json")).stdout);
    expect(fourth).toMatchObject({ unclaimed: true });
    const rerun = await run(await write("d.json", [entry("ai.newco/four", "1.0.0")]));
    expect(rerun[0]).toMatchObject({ status: "unchanged" });
  });

  it("a claimed publisher gets nothing more from the import", async () => {
    const { admin, run, write } = await registry();
    await run(await write("a.json", [entry("io.github.newco/one", "1.0.0")]));
    expect((await admin("publisher", "claim", "newco")).code).toBe(0);
    const out = await run(await write("b.json", [entry("io.github.newco/one", "2.0.0")]));
    expect(out[0]).toMatchObject({ status: "refused", code: "import.publisher.taken" });
  });
});
