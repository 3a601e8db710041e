import { describe, expect, it } from "vitest";
import { cleanGrantPath, consentView, grantReachProblem } from "../../../src/core/sandbox/grant-paths.js";
import { renderPermissions, widens } from "../../../src/core/sandbox/permissions.js";

// Every grant path in one spelling, and the places no credential may point a sandbox at (issue 31 #1).

describe("cleanGrantPath", () => {
  it.each([
    ["/srv/notes", "/srv/notes"],
    ["/srv//notes/", "/srv/notes"],
    ["${HOME}/notes", "${HOME}/notes"],
    ["${PLUGIN_ROOT}//data/", "${PLUGIN_ROOT}/data"],
    ["/", "/"],
  ])("%s → %s", (value, clean) => expect(cleanGrantPath(value)).toEqual({ path: clean }));

  it.each(["", "notes", "./notes", "/srv/../etc", "/srv/./x", "${PLUGIN_ROOT}/../../..", "/a\nb", "/srv/.."])(
    "%j is refused",
    (value) => expect(cleanGrantPath(value)).toHaveProperty("invalid"),
  );
});

describe("grantReachProblem", () => {
  const places = {
    home: "/home/u",
    connectoryHome: "/home/u/.connectory",
    pluginRoot: "/home/u/.connectory/plugins/cache/d/x/1.0.0",
  };
  it.each([
    ["/", /whole machine/],
    ["/home", /holding your home/],
    ["/home/u", /is your home/],
    ["/home/u/.connectory", /Connectory home/],
    ["/home/u/.connectory/credentials.json", /inside the Connectory home/],
  ])("a credential's %s is refused", (p, why) => expect(grantReachProblem(p, places, false)).toMatch(why));

  it.each(["/home/u/notes", "/srv", places.pluginRoot, `${places.pluginRoot}/data`])(
    "a credential's %s is allowed",
    (p) => expect(grantReachProblem(p, places, false)).toBeUndefined(),
  );

  it("a literal grant may be the home or /, never inside the Connectory home", () => {
    expect(grantReachProblem("/home/u", places, true)).toBeUndefined();
    expect(grantReachProblem("/", places, true)).toBeUndefined();
    expect(grantReachProblem("/home/u/.connectory/credentials.json", places, true)).toMatch(
      /Connectory home/,
    );
  });
});

describe("the consent view: defaults filled, so a changed default is a permission change", () => {
  const schema = (d: string) => ({
    type: "object" as const,
    properties: { SUB: { type: "string" as const, default: d }, OWN: { type: "string" as const } },
  });
  const perms = {
    filesystem: [
      { path: "${HOME}/notes/${SUB}", access: "read" as const },
      { path: "${OWN}", access: "read" as const },
    ],
  };

  it("fills defaults, keeps ${HOME} and keys without one", () => {
    expect(consentView(perms, schema("work")).filesystem).toEqual([
      { path: "${HOME}/notes/work", access: "read" },
      { path: "${OWN}", access: "read" },
    ]);
  });

  it("a default of ../.ssh inside an accepted ${HOME}/notes is refused, not compared as inside it", () => {
    expect(() => consentView(perms, schema("../.ssh"))).toThrow(/"\." or "\.\." segment/);
    // The old comparison of templates said it reached nothing new; the views differ and widen.
    const accepted = consentView(perms, schema("work"));
    expect(widens(accepted, consentView(perms, schema("other")))).toBe(true);
    expect(widens(accepted, consentView(perms, schema("work")))).toBe(false);
    expect(
      widens(
        { filesystem: [{ path: "${HOME}/notes", access: "read" }] },
        { filesystem: [{ path: "${HOME}/notes/../.ssh", access: "read" }] },
      ),
    ).toBe(true);
  });

  it("a value is never read as a template again", () => {
    expect(() =>
      renderPermissions({ filesystem: [{ path: "${SUB}", access: "read" }] }, { SUB: "${HOME}" }),
    ).toThrow(/holds "\$\{"/);
    expect(() =>
      consentView({ filesystem: [{ path: "${SUB}", access: "read" }] }, schema("${HOME}")),
    ).toThrow(/template/);
  });

  it("marks which grants hold a credential's value", () => {
    const out = renderPermissions(perms, { HOME: "/h", SUB: "w", OWN: "/o" }).filesystem;
    expect(out).toEqual([
      { path: "/h/notes/w", access: "read", via: ["SUB"] },
      { path: "/o", access: "read", via: ["OWN"] },
    ]);
  });
});
