import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestRegistry, packPackage, type TestRegistry } from "../helpers/registry.js";

let reg: TestRegistry;
let acme: string;
let other: string;
beforeAll(async () => {
  reg = await createTestRegistry();
  acme = await reg.token("acme");
  other = await reg.token("other");
});
afterAll(() => reg.close());

const json = async (res: Response) => (await res.json()) as Record<string, any>;
const post = (path: string, token: string, body?: unknown) =>
  reg.request(path, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const tags = async (name: string) => (await json(await reg.request(`/v1/connectors/${name}`))).distTags;
async function publish(name: string, version: string) {
  expect((await reg.publish(await packPackage({ name, version }), acme, name)).status).toBe(201);
}

it("latest is the highest stable, non-yanked version; yank and unyank move it", async () => {
  await publish("lat", "1.0.0");
  await publish("lat", "1.2.0");
  await publish("lat", "1.1.0"); // published later but lower
  await publish("lat", "2.0.0-rc.1");
  expect(await tags("lat")).toEqual({ latest: "1.2.0" });
  expect((await post("/v1/connectors/lat/1.2.0/yank", acme)).status).toBe(200);
  expect(await tags("lat")).toEqual({ latest: "1.1.0" });
  const doc = await json(await reg.request("/v1/connectors/lat"));
  expect(doc.versions["1.2.0"].yanked).toBe(true);
  expect((await json(await reg.request("/v1/connectors/lat/1.2.0"))).yanked).toBe(true); // an exact pin still resolves
  expect((await reg.request("/v1/connectors/lat/1.2.0/tarball")).status).toBe(200);
  await post("/v1/connectors/lat/1.2.0/unyank", acme);
  expect(await tags("lat")).toEqual({ latest: "1.2.0" });
});

it("only prereleases: latest is the newest not yanked (as npm); only yanked versions: no latest", async () => {
  await publish("pre", "0.1.0-alpha.1");
  await publish("pre", "0.1.0-alpha.2");
  await publish("pre", "0.0.9-rc.1");
  expect(await tags("pre")).toEqual({ latest: "0.1.0-alpha.2" });
  expect((await json(await reg.request("/v1/connectors/pre/latest"))).version).toBe("0.1.0-alpha.2");
  await post("/v1/connectors/pre/0.1.0-alpha.2/yank", acme);
  expect(await tags("pre")).toEqual({ latest: "0.1.0-alpha.1" });
  // A stable release, once there, wins over any prerelease.
  await publish("pre", "0.0.1");
  expect(await tags("pre")).toEqual({ latest: "0.0.1" });
  await publish("gone", "1.0.0");
  await post("/v1/connectors/gone/1.0.0/yank", acme);
  expect(await tags("gone")).toEqual({});
  const hit = (await json(await reg.request("/v1/connectors?q=gone"))).items[0];
  expect(hit).toMatchObject({ name: "gone", version: null });
});

it("dist-tags: PUT sets (latest explicitly too), DELETE restores the computed latest; yank drops tags", async () => {
  await publish("tags", "1.0.0");
  await publish("tags", "2.0.0");
  await publish("tags", "3.0.0-beta.1");
  const put = (tag: string, body: unknown, token = acme) =>
    reg.request(`/v1/connectors/tags/dist-tags/${tag}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  expect((await put("beta", "3.0.0-beta.1")).status).toBe(200);
  expect((await put("latest", { version: "1.0.0" })).status).toBe(200);
  expect(await tags("tags")).toEqual({ latest: "1.0.0", beta: "3.0.0-beta.1" });
  expect((await json(await reg.request("/v1/connectors/tags/beta"))).version).toBe("3.0.0-beta.1");
  const del = await reg.request("/v1/connectors/tags/dist-tags/latest", {
    method: "DELETE",
    headers: { authorization: `Bearer ${acme}` },
  });
  expect(del.status).toBe(200);
  expect(await tags("tags")).toEqual({ latest: "2.0.0", beta: "3.0.0-beta.1" });
  await post("/v1/connectors/tags/3.0.0-beta.1/yank", acme);
  expect(await tags("tags")).toEqual({ latest: "2.0.0" });
  expect((await json(await put("beta", "3.0.0-beta.1"))).code).toBe("dist-tag.version.yanked");
  expect((await json(await put("1.x", "2.0.0"))).code).toBe("dist-tag.invalid");
  expect((await json(await put("next", "9.9.9"))).code).toBe("version.not-found");
  expect((await json(await put("next", 42))).code).toBe("dist-tag.body.invalid");
  expect((await put("next", "2.0.0", other)).status).toBe(403);
  // A tag no one set is 404, also one named like an inherited property of every object; nothing changes.
  const before = await reg.snapshot();
  for (const tag of ["nope", "constructor"]) {
    const res = await reg.request(`/v1/connectors/tags/dist-tags/${tag}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${acme}` },
    });
    expect(res.status, tag).toBe(404);
    expect((await json(res)).code).toBe("dist-tag.not-found");
  }
  expect(await reg.snapshot()).toEqual(before);
});

it("deprecate sets and clears a message in both documents", async () => {
  await publish("old", "1.0.0");
  expect(
    (await post("/v1/connectors/old/1.0.0/deprecate", acme, { message: "use new instead" })).status,
  ).toBe(200);
  expect((await json(await reg.request("/v1/connectors/old"))).versions["1.0.0"].deprecated).toBe(
    "use new instead",
  );
  expect((await json(await reg.request("/v1/connectors/old/1.0.0"))).deprecated).toBe("use new instead");
  await post("/v1/connectors/old/1.0.0/deprecate", acme, { message: "" });
  expect((await json(await reg.request("/v1/connectors/old"))).versions["1.0.0"].deprecated).toBeUndefined();
  expect((await json(await post("/v1/connectors/old/1.0.0/deprecate", acme, { message: 7 }))).code).toBe(
    "deprecate.message.invalid",
  );
  // Control characters are refused (terminal escapes; PostgreSQL refuses U+0000 in text: it was a 500).
  const before = await reg.snapshot();
  for (const message of ["a\u0000b", "\u001b[2Jgone", "two\nlines"]) {
    const res = await post("/v1/connectors/old/1.0.0/deprecate", acme, { message });
    expect(res.status).toBe(400);
    expect((await json(res)).code).toBe("deprecate.message.invalid");
  }
  expect(await reg.snapshot()).toEqual(before);
  expect(reg.errors).toEqual([]);
  const raw = await reg.request("/v1/connectors/old/1.0.0/deprecate", {
    method: "POST",
    headers: { authorization: `Bearer ${acme}` },
    body: "{not json",
  });
  expect((await json(raw)).code).toBe("request.body.invalid-json");
});

it("only the owner may yank; unknown connector or version are 404; no token is 401", async () => {
  await publish("guarded", "1.0.0");
  const before = await reg.snapshot();
  expect((await json(await post("/v1/connectors/guarded/1.0.0/yank", other))).code).toBe(
    "connector.forbidden",
  );
  expect((await json(await post("/v1/connectors/guarded/9.0.0/yank", acme))).code).toBe("version.not-found");
  expect((await json(await post("/v1/connectors/nobody/1.0.0/yank", acme))).code).toBe("connector.not-found");
  expect((await reg.request("/v1/connectors/guarded/1.0.0/yank", { method: "POST" })).status).toBe(401);
  expect(await reg.snapshot()).toEqual(before);
});

it("a version with build metadata is served by its exact string and occupies its precedence", async () => {
  const res = await reg.publish(
    await packPackage({ name: "build", version: "1.0.0+build.7" }),
    acme,
    "build",
  );
  expect(res.status).toBe(201);
  const doc = await json(await reg.request("/v1/connectors/build/1.0.0%2Bbuild.7"));
  expect(doc.version).toBe("1.0.0+build.7");
  expect(doc.dist.tarball).toBe(`${reg.publicUrl}/v1/connectors/build/1.0.0%2Bbuild.7/tarball`);
  expect((await reg.request("/v1/connectors/build/1.0.0%2Bbuild.7/tarball")).status).toBe(200);
  const twin = await reg.publish(await packPackage({ name: "build", version: "1.0.0" }), acme, "build");
  expect(twin.status).toBe(409);
  expect((await reg.request("/v1/connectors/build/v1.0.0")).status).toBe(400);
});
