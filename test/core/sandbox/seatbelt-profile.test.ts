import { describe, expect, it } from "vitest";
import {
  pathVariants,
  sbplString,
  seatbeltLaunch,
  seatbeltProfile,
} from "../../../src/core/sandbox/seatbelt-profile.js";
import type { Permissions } from "../../../src/core/sandbox/permissions.js";

// The macOS Seatbelt profile, as text: this machine is Linux, so sandbox-exec never runs here. Each
// profile is read back with a small SBPL reader (strings with \" and \\ escapes, lists, atoms) and the
// assertions are about the rules it holds, so a path that broke out of its string would show as an
// extra rule.

type Sexp = string | { str: string } | Sexp[];

/** Reads SBPL (a Scheme subset): throws on anything unbalanced or unterminated. */
function readSbpl(text: string): Sexp[] {
  let i = 0;
  const top: Sexp[] = [];
  const stack: Sexp[][] = [top];
  while (i < text.length) {
    const c = text[i] as string;
    if (c === ";") {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (/\s/.test(c)) i++;
    else if (c === "(") {
      const list: Sexp[] = [];
      (stack.at(-1) as Sexp[]).push(list);
      stack.push(list);
      i++;
    } else if (c === ")") {
      if (stack.length === 1) throw new Error(`unbalanced ) at ${i}`);
      stack.pop();
      i++;
    } else if (c === '"') {
      let s = "";
      i++;
      for (;;) {
        if (i >= text.length) throw new Error("unterminated string");
        const d = text[i] as string;
        if (d === "\n") throw new Error("newline inside a string");
        if (d === "\\") {
          s += text[i + 1];
          i += 2;
        } else if (d === '"') {
          i++;
          break;
        } else {
          s += d;
          i++;
        }
      }
      (stack.at(-1) as Sexp[]).push({ str: s });
    } else {
      let a = "";
      while (i < text.length && !/[\s()";]/.test(text[i] as string)) a += text[i++];
      (stack.at(-1) as Sexp[]).push(a);
    }
  }
  if (stack.length !== 1) throw new Error("unbalanced (");
  return top;
}

const isList = (x: Sexp): x is Sexp[] => Array.isArray(x);
const str = (x: Sexp | undefined) => (x && typeof x === "object" && !Array.isArray(x) ? x.str : undefined);

/** Every (subpath|literal "…") path of the top-level (allow|deny …) rules naming `op`. */
function pathsOf(forms: Sexp[], action: "allow" | "deny", op: string, filter = "subpath"): string[] {
  const out: string[] = [];
  for (const f of forms) {
    if (!isList(f) || f[0] !== action || !f.includes(op)) continue;
    for (const x of f) if (isList(x) && x[0] === filter) out.push(str(x[1]) as string);
  }
  return out;
}
const rulesNaming = (forms: Sexp[], action: string, op: string) =>
  forms.filter((f): f is Sexp[] => isList(f) && f[0] === action && f.includes(op));

const launch = {
  command: "node",
  args: ["/Users/u/.connectory/plugins/cache/default/w/1.0.0/server.js"],
  env: { HOME: "/Users/u", API_KEY: "s3cret" },
  cwd: "/Users/u/.connectory/plugins/cache/default/w/1.0.0",
};
const facts = {
  home: "/Users/u",
  pluginRoot: "/Users/u/.connectory/plugins/cache/default/w/1.0.0",
  tmpdir: "/private/var/folders/ab/xyz/T/connectory-sandbox-1",
};
const profileOf = (perms: Permissions, l = launch, f: Parameters<typeof seatbeltProfile>[2] = facts) =>
  readSbpl(seatbeltProfile(perms, l, f).profile);

describe("sbplString", () => {
  it.each([
    ["/Users/u/Documents", '"/Users/u/Documents"'],
    ['/Users/u/a"b', '"/Users/u/a\\"b"'],
    ["/Users/u/a\\b", '"/Users/u/a\\\\b"'],
    ["/Users/u/a)b (allow default)", '"/Users/u/a)b (allow default)"'],
    ["/Users/u/ü ✓", '"/Users/u/ü ✓"'],
  ])("quotes %j as %s", (input, expected) => {
    expect(sbplString(input)).toBe(expected);
    expect(str(readSbpl(sbplString(input))[0])).toBe(input);
  });

  it.each([["/a\nb"], ["/a\rb"], ["/a\u0000b"], ["/a\tb"], ["/a\u007fb"]])(
    "refuses %j (a control character)",
    (input) => expect(() => sbplString(input)).toThrow(/control character/),
  );
});

describe("pathVariants", () => {
  it.each([
    ["/tmp/x", ["/tmp/x", "/private/tmp/x"]],
    ["/private/var/folders/a", ["/private/var/folders/a", "/var/folders/a"]],
    ["/etc", ["/etc", "/private/etc"]],
    ["/Users/u/", ["/Users/u"]],
    ["/tmpfoo", ["/tmpfoo"]],
    ["/", ["/"]],
  ])("%s → %j", (input, expected) => expect(pathVariants(input)).toEqual(expected));
});

describe("seatbeltProfile", () => {
  it("denies by default, lets processes run and the system be read, and nothing of the home", () => {
    const forms = profileOf({ network: "none" });
    expect(forms[0]).toEqual(["version", "1"]);
    expect(forms[1]).toEqual(["deny", "default"]);
    expect(rulesNaming(forms, "allow", "process-exec")).toHaveLength(1);
    expect(rulesNaming(forms, "allow", "process-fork")).toHaveLength(1);
    const read = pathsOf(forms, "allow", "file-read*");
    expect(read).toEqual(expect.arrayContaining(["/usr", "/bin", "/System", "/private/etc/ssl", "/etc/ssl"]));
    expect(read).toContain(facts.pluginRoot);
    expect(pathsOf(forms, "allow", "file-write*")).toEqual([
      facts.tmpdir,
      "/var/folders/ab/xyz/T/connectory-sandbox-1",
    ]);
    // The home and what lies above the grants: metadata only (literal, never subpath).
    expect(read.some((p) => p === "/Users/u" || p === "/" || p === "/Users")).toBe(false);
    const meta = pathsOf(forms, "allow", "file-read-metadata", "literal");
    expect(meta).toEqual(expect.arrayContaining(["/", "/Users", "/Users/u", "/Users/u/.connectory"]));
    // No rule allows everything.
    expect(forms.some((f) => isList(f) && f[0] === "allow" && f.length === 2)).toBe(false);
  });

  it.each<[string, Permissions, (forms: Sexp[]) => void]>([
    [
      "none: every network operation denied",
      { network: "none" },
      (forms) => {
        expect(rulesNaming(forms, "deny", "network*")).toHaveLength(1);
        expect(
          forms.some((f) => isList(f) && f[0] === "allow" && f.some((x) => String(x).startsWith("network"))),
        ).toBe(false);
      },
    ],
    [
      "any: the network allowed, and name resolution",
      { network: "any" },
      (forms) => {
        expect(rulesNaming(forms, "allow", "network*")).toHaveLength(1);
        expect(rulesNaming(forms, "deny", "network*")).toHaveLength(0);
        expect(JSON.stringify(rulesNaming(forms, "allow", "mach-lookup"))).toContain(
          "com.apple.dnssd.service",
        );
      },
    ],
    [
      "read: the folder readable, not writable",
      { network: "none", filesystem: [{ path: "/Users/u/Documents", access: "read" }] },
      (forms) => {
        expect(pathsOf(forms, "allow", "file-read*")).toContain("/Users/u/Documents");
        expect(pathsOf(forms, "allow", "file-write*")).not.toContain("/Users/u/Documents");
      },
    ],
    [
      "read-write: the folder readable and writable",
      { network: "none", filesystem: [{ path: "/Users/u/Notes", access: "read-write" }] },
      (forms) => {
        expect(pathsOf(forms, "allow", "file-read*")).toContain("/Users/u/Notes");
        expect(pathsOf(forms, "allow", "file-write*")).toContain("/Users/u/Notes");
      },
    ],
    [
      "a read grant inside a read-write grant stays read-only",
      {
        network: "none",
        filesystem: [
          { path: "/Users/u/w", access: "read-write" },
          { path: "/Users/u/w/keep", access: "read" },
        ],
      },
      (forms) => {
        expect(pathsOf(forms, "deny", "file-write*")).toEqual(["/Users/u/w/keep"]);
        // After the allow, so it wins (SBPL: the last matching rule decides).
        const allowAt = forms.findIndex(
          (f) =>
            rulesNaming([f], "allow", "file-write*").length && JSON.stringify(f).includes('"/Users/u/w"'),
        );
        const denyAt = forms.findIndex((f) => rulesNaming([f], "deny", "file-write*").length);
        expect(denyAt).toBeGreaterThan(allowAt);
      },
    ],
    [
      "a grant under /tmp names both spellings",
      { network: "none", filesystem: [{ path: "/tmp/shared", access: "read-write" }] },
      (forms) =>
        expect(pathsOf(forms, "allow", "file-write*")).toEqual(
          expect.arrayContaining(["/tmp/shared", "/private/tmp/shared"]),
        ),
    ],
  ])("%s", (_name, perms, check) => check(profileOf(perms)));

  it("a host list may connect only to the local proxy's port", () => {
    const forms = profileOf({ network: ["api.example.com"] }, launch, { ...facts, proxyPort: 49152 });
    expect(rulesNaming(forms, "deny", "network*")).toHaveLength(1);
    const outbound = rulesNaming(forms, "allow", "network-outbound");
    expect(outbound).toEqual([["allow", "network-outbound", ["remote", "ip", { str: "localhost:49152" }]]]);
    expect(
      forms.some(
        (f) => isList(f) && f[0] === "allow" && (f.includes("network*") || f.includes("network-bind")),
      ),
    ).toBe(false);
    expect(() => seatbeltProfile({ network: ["api.example.com"] }, launch, facts)).toThrow(/proxy's port/);
    expect(() => seatbeltProfile({ network: ["a.b"] }, launch, { ...facts, proxyPort: 70000 })).toThrow(
      /TCP port/,
    );
  });

  it("gives npx and uvx their caches read-write, and nothing else of the home", () => {
    const npx = profileOf({ network: "none" }, { ...launch, command: "npx", args: ["-y", "pkg"] });
    expect(pathsOf(npx, "allow", "file-write*")).toContain("/Users/u/.npm");
    const uvx = profileOf(
      { network: "none" },
      { ...launch, command: "/opt/homebrew/bin/uvx", args: ["pkg"] },
    );
    expect(pathsOf(uvx, "allow", "file-write*")).toEqual(
      expect.arrayContaining(["/Users/u/.cache/uv", "/Users/u/.local/share/uv"]),
    );
  });

  it.each([
    ['/Users/u/a"b'],
    ["/Users/u/a\\b"],
    ["/Users/u/a)b"],
    ['/Users/u/x")) (allow file-read* file-write* (subpath "/")) (allow default) ("'],
    ['/Users/u/x\\")(allow default)(x "'],
  ])("a hostile path %j stays one string: no rule of its own", (hostile) => {
    const benign = profileOf({
      network: "none",
      filesystem: [{ path: "/Users/u/plain", access: "read-write" }],
    });
    const forms = profileOf({ network: "none", filesystem: [{ path: hostile, access: "read-write" }] });
    expect(forms).toHaveLength(benign.length);
    expect(pathsOf(forms, "allow", "file-write*")).toContain(hostile);
    expect(pathsOf(forms, "allow", "file-read*")).not.toContain("/");
    expect(forms.some((f) => isList(f) && f[0] === "allow" && f[1] === "default")).toBe(false);
  });

  it.each([["/Users/u/a\nb"], ["/Users/u/a\u0000"], ["relative/path"]])("refuses the grant %j", (bad) => {
    expect(() =>
      seatbeltProfile({ network: "none", filesystem: [{ path: bad, access: "read" }] }, launch, facts),
    ).toThrow(/control character|not absolute/);
  });
});

describe("seatbeltLaunch", () => {
  it("runs the command under sandbox-exec -p, with its own TMPDIR, secrets only in the environment", () => {
    const r = seatbeltLaunch({ network: "none" }, launch, facts);
    expect(r.command).toBe("/usr/bin/sandbox-exec");
    expect(r.args[0]).toBe("-p");
    expect(r.args.slice(2)).toEqual([launch.command, ...launch.args]);
    expect(r.env["TMPDIR"]).toBe(facts.tmpdir);
    expect(r.env["API_KEY"]).toBe("s3cret");
    expect(r.args.join(" ")).not.toContain("s3cret");
    expect(r.cwd).toBe(launch.cwd);
    expect(seatbeltLaunch({ network: "none" }, { ...launch, cwd: "/Users/u/secret" }, facts).cwd).toBe(
      facts.pluginRoot,
    );
  });

  it("sets the proxy for a host list, and offline npm without network", () => {
    const hosts = seatbeltLaunch({ network: ["api.example.com"] }, launch, { ...facts, proxyPort: 50123 });
    expect(hosts.env).toMatchObject({
      HTTPS_PROXY: "http://127.0.0.1:50123",
      HTTP_PROXY: "http://127.0.0.1:50123",
      NO_PROXY: "",
    });
    const npx = seatbeltLaunch({ network: "none" }, { ...launch, command: "npx" }, facts);
    expect(npx.env["npm_config_offline"]).toBe("true");
    const any = seatbeltLaunch({ network: "any" }, { ...launch, command: "npx" }, facts);
    expect(any.env["npm_config_offline"]).toBeUndefined();
    expect(any.env["HTTPS_PROXY"]).toBeUndefined();
  });
});
