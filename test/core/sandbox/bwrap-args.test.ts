import { describe, expect, it } from "vitest";
import { bwrapLaunch, PROXY_PORT } from "../../../src/core/sandbox/bwrap-args.js";
import { fetchedPackage } from "../../../src/core/sandbox/fetch-step.js";
import { describePermissions, renderPermissions, widens } from "../../../src/core/sandbox/permissions.js";

const launch = {
  command: "node",
  args: ["/p/server.js"],
  env: { HOME: "/home/u", API_KEY: "s3cret" },
  cwd: "/home/u/x",
};
const facts = {
  home: "/home/u",
  pluginRoot: "/home/u/.connectory/plugins/cache/default/w/1.0.0",
  bwrap: "/usr/bin/bwrap",
};

/** The (flag, ...operands) triples of an argv, for order-free assertions. */
const pairs = (args: string[], flag: string) =>
  args.flatMap((a, i) =>
    a === flag
      ? [
          `${args[i + 1]}${["--bind", "--ro-bind", "--bind-try", "--ro-bind-try"].includes(flag) ? ` ${args[i + 2]}` : ""}`,
        ]
      : [],
  );

describe("bwrapLaunch", () => {
  it("unshares everything, with no network for none, and ends with the command", () => {
    const r = bwrapLaunch({ network: "none" }, launch, facts);
    expect(r.command).toBe("/usr/bin/bwrap");
    expect(r.args.slice(0, 3)).toEqual(["--unshare-all", "--die-with-parent", "--new-session"]);
    expect(r.args).not.toContain("--share-net");
    expect(r.args.slice(-3)).toEqual(["--", "node", "/p/server.js"]);
    expect(pairs(r.args, "--proc")).toEqual(["/proc"]);
    expect(pairs(r.args, "--tmpfs")).toEqual(["/tmp", "/home/u"]);
    expect(pairs(r.args, "--remount-ro")).toEqual(["/home/u", "/"]);
    expect(pairs(r.args, "--ro-bind")).toEqual([`${facts.pluginRoot} ${facts.pluginRoot}`]);
    expect(pairs(r.args, "--bind")).toEqual([]);
  });

  it("shares the network only for any; a host list gets no network but the proxy's socket", () => {
    expect(bwrapLaunch({ network: "any" }, launch, facts).args).toContain("--share-net");
    // Without the proxy and socat it never starts with more network than declared.
    expect(() => bwrapLaunch({ network: ["api.example.com"] }, launch, facts)).toThrow(/socat/);
    const r = bwrapLaunch({ network: ["api.example.com"] }, launch, {
      ...facts,
      proxySocket: "/run/p.sock",
      socat: "/usr/bin/socat",
    });
    expect(r.args).not.toContain("--share-net");
    expect(pairs(r.args, "--bind")).toEqual(["/run/p.sock /tmp/.connectory-proxy.sock"]);
    const tail = r.args.slice(r.args.lastIndexOf("--") + 1);
    expect(tail.slice(0, 2)).toEqual(["/bin/sh", "-c"]);
    expect(tail[2]).toContain(`/usr/bin/socat TCP-LISTEN:${PROXY_PORT},bind=127.0.0.1`);
    expect(tail.slice(3)).toEqual([launch.command, ...launch.args]);
    expect(r.env).toMatchObject({
      HTTPS_PROXY: `http://127.0.0.1:${PROXY_PORT}`,
      https_proxy: expect.any(String),
    });
    expect(r.rules.find((x) => x.kind === "network")?.why).toContain("only api.example.com");
  });

  it("binds grants read-only or read-write, parents before children, and chdirs only where visible", () => {
    const r = bwrapLaunch(
      {
        filesystem: [
          { path: "/home/u/x/deep", access: "read" },
          { path: "/home/u/x", access: "read-write" },
        ],
      },
      launch,
      facts,
    );
    expect(pairs(r.args, "--bind")).toEqual(["/home/u/x /home/u/x"]);
    expect(r.args.indexOf("/home/u/x")).toBeLessThan(r.args.indexOf("/home/u/x/deep"));
    expect(pairs(r.args, "--chdir")).toEqual(["/home/u/x"]);
    expect(pairs(bwrapLaunch({}, launch, facts).args, "--chdir")).toEqual([facts.pluginRoot]);
  });

  it("keeps credentials out of the arguments and gives a private TMPDIR", () => {
    const r = bwrapLaunch({}, launch, facts);
    expect(r.args.join(" ")).not.toContain("s3cret");
    expect(r.env).toMatchObject({ API_KEY: "s3cret", TMPDIR: "/tmp" });
  });

  it("gives npx its cache read-write and, without network, runs it offline", () => {
    const npx = { ...launch, command: "npx", args: ["-y", "@scope/pkg@1.2.3", "/d"] };
    const r = bwrapLaunch({ network: "none" }, npx, facts);
    expect(pairs(r.args, "--bind-try")).toEqual(["/home/u/.npm /home/u/.npm"]);
    expect(r.env["npm_config_offline"]).toBe("true");
    expect(bwrapLaunch({ network: "any" }, npx, facts).env["npm_config_offline"]).toBeUndefined();
    expect(fetchedPackage(npx)).toEqual({ tool: "npx", spec: "@scope/pkg@1.2.3" });
    expect(fetchedPackage(launch)).toBeUndefined();
    const uvx = bwrapLaunch({}, { ...launch, command: "uvx", env: { XDG_CACHE_HOME: "/c" } }, facts);
    expect(pairs(uvx.args, "--bind-try")).toEqual([
      "/c/uv /c/uv",
      "/home/u/.local/share/uv /home/u/.local/share/uv",
    ]);
  });

  it("does not hide a home that is granted whole", () => {
    const r = bwrapLaunch({ filesystem: [{ path: "/home/u", access: "read" }] }, launch, facts);
    expect(pairs(r.args, "--tmpfs")).toEqual(["/tmp"]);
    expect(pairs(r.args, "--remount-ro")).toEqual(["/"]);
  });
});

describe("permissions", () => {
  it("renders templates, and throws for one without a value", () => {
    const perms = { filesystem: [{ path: "${HOME}/${DIR}", access: "read" as const }] };
    expect(renderPermissions(perms, { HOME: "/h", DIR: "d" }).filesystem).toEqual([
      { path: "/h/d", access: "read", via: ["DIR"] },
    ]);
    expect(() => renderPermissions(perms, { HOME: "/h" })).toThrow(/needs \$\{DIR\}/);
  });

  it("describes them in plain words, unrestricted when absent", () => {
    expect(describePermissions(undefined)[0]).toMatch(/^unrestricted/);
    expect(
      describePermissions({ network: "any", filesystem: [{ path: "/d", access: "read-write" }] }),
    ).toEqual([
      "network: any host, and the machine's local sockets (X11, D-Bus: it shares the host's network)",
      "files: read and write /d",
    ]);
  });

  it("says in the consent and the explanation that network: any reaches X11 and D-Bus (issue 31 #9)", () => {
    // `any` shares the host's network namespace, where abstract unix sockets live: the user is told.
    expect(describePermissions({ network: "any" })[0]).toMatch(/X11, D-Bus/);
    const explained = bwrapLaunch({ network: "any" }, launch, facts).rules.find((r) => r.kind === "network");
    expect(explained?.why).toMatch(/abstract unix sockets such as X11 and D-Bus/);
    expect(describePermissions({ network: "none" })[0]).toBe("network: none");
  });

  it("tells a widening update from a narrowing one", () => {
    const ro = { network: "none" as const, filesystem: [{ path: "/d", access: "read" as const }] };
    expect(widens(ro, { ...ro, network: "any" })).toBe(true);
    expect(widens(ro, { filesystem: [{ path: "/d", access: "read-write" }] })).toBe(true);
    expect(widens(ro, { filesystem: [{ path: "/d/sub", access: "read" }] })).toBe(false);
    expect(widens(ro, undefined)).toBe(true);
    expect(widens(undefined, ro)).toBe(false);
  });
});
