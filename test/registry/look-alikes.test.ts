import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app.js";
import { FsBlobStore } from "../../src/storage/fs-blob-store.js";
import { createTestRegistry, packPackage, type TestRegistry } from "../helpers/registry.js";

// Issue 12, class 7: another publisher could take `cloudrnail` next to `cloudmail`, or the display name
// "CloudMail (official)". A new name or display name whose skeleton another publisher holds is refused.

let reg: TestRegistry;
let acme: string;
let evil: string;
beforeAll(async () => {
  reg = await createTestRegistry();
  acme = await reg.token("acme");
  evil = await reg.token("evil");
  const publish = async (name: string, extra = {}) =>
    expect(
      (await reg.publish(await packPackage({ name, version: "1.0.0", ...extra }), acme, name)).status,
    ).toBe(201);
  await publish("cloudmail", { displayName: "CloudMail (official)" });
  await publish("weather");
});
afterAll(() => reg.close());

const publishAs = async (
  token: string,
  publisher: string,
  name: string,
  extra: Record<string, unknown> = {},
) => reg.publish(await packPackage({ name, version: "1.0.0", publisher, ...extra }), token, name);

describe("names", () => {
  it.each([
    "cloudrnail",
    "c1oudmail",
    "cloud-mail",
    "cloud--mail",
    "cl0udmail",
    "vveather",
    "wea-ther",
    "doudmail",
  ])("refuses %s from another publisher with 409 publish.name.look-alike, changing nothing", async (name) => {
    const before = await reg.snapshot();
    const res = await publishAs(evil, "evil", name);
    expect(res.status).toBe(409);
    const body = (await res.json()) as { code: string; detail: string; hint: string };
    expect(body.code).toBe("publish.name.look-alike");
    expect(body.detail).toMatch(/looks like "(cloudmail|weather)".* of publisher "acme"/);
    expect(body.hint).toMatch(/choose a name/);
    expect(await reg.snapshot()).toBe(before);
  });

  it("allows plain one-letter typos and the same publisher's own look-alikes", async () => {
    expect((await publishAs(evil, "evil", "weathers")).status).toBe(201);
    expect((await publishAs(evil, "evil", "cloudmal")).status).toBe(201);
    expect((await publishAs(acme, "acme", "cloud-mail")).status).toBe(201);
  });

  it("a look-alike of a display name is refused as a name too", async () => {
    const res = await publishAs(evil, "evil", "cloudmail-official");
    expect(res.status).toBe(409);
    expect(((await res.json()) as { code: string }).code).toBe("publish.name.look-alike");
  });
});

describe("display names", () => {
  it.each(["CloudMail (official)", "Cloud Mail (Official)", "CIoudMaiI (official)", "Weather"])(
    'refuses "%s" from another publisher with 409 publish.display-name.look-alike',
    async (displayName) => {
      const res = await publishAs(evil, "evil", "evil-mailer", { displayName });
      expect(res.status).toBe(409);
      expect(((await res.json()) as { code: string }).code).toBe("publish.display-name.look-alike");
    },
  );

  it("the owner keeps publishing its own display name; others may use a different one", async () => {
    const next = await packPackage({
      name: "cloudmail",
      version: "1.1.0",
      displayName: "CloudMail (official)",
    });
    expect((await reg.publish(next, acme, "cloudmail")).status).toBe(201);
    expect((await publishAs(evil, "evil", "evil-mailer", { displayName: "Evil Mailer" })).status).toBe(201);
  });
});

it("refuses a mixed-script display name with 422 naming the scripts, storing nothing (issue 31 #12)", async () => {
  // "Drорbox": Latin D, b, x with Cyrillic р, о, р — no published name to imitate, so only §5 catches it.
  const res = await publishAs(evil, "evil", "drop-files", { displayName: "Dr\u043e\u0440box" });
  expect(res.status).toBe(422);
  const body = (await res.json()) as { code: string; errors: Array<{ code: string; message: string }> };
  expect(body.code).toBe("publish.invalid");
  expect(body.errors.map((p) => p.code)).toEqual(["manifest.displayName.mixed-script"]);
  expect(body.errors[0]!.message).toContain("mixes Latin and Cyrillic");
  expect(await reg.sql("SELECT name FROM connectors WHERE name = 'drop-files'")).toEqual([]);
});

it("rows written before the skeleton columns are filled at start-up, so the check sees them", async () => {
  await reg.sql("UPDATE connectors SET name_skeleton = NULL, display_skeleton = NULL");
  await reg.sql("DELETE FROM meta WHERE key = 'derived_fields'");
  const restarted = createApp({
    db: reg.repo,
    blobs: new FsBlobStore(reg.blobDir),
    publicUrl: reg.publicUrl,
  });
  const res = await restarted.request(`${reg.publicUrl}/v1/connectors/c1oudmail`, {
    method: "PUT",
    headers: { authorization: `Bearer ${evil}` },
    body: await packPackage({ name: "c1oudmail", version: "1.0.0", publisher: "evil" }),
  });
  expect(res.status).toBe(409);
  const rows = await reg.sql("SELECT name_skeleton FROM connectors WHERE name = 'cloudmail'");
  expect(rows).toEqual([{ name_skeleton: "doudmail" }]); // "cl" reads as "d" (issue 31 #12)
});
