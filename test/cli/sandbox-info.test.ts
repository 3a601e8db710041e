import path from "node:path";
import { describe, expect, it } from "vitest";
import { readCachedPackageFull } from "../../cli/install/cached-package.js";
import { viewFromPackage } from "../../cli/terminal/connector-view.js";
import { viewFromVersionDocument } from "../../cli/terminal/version-document-view.js";
import { renderView } from "../../cli/terminal/connector-text.js";
import type { ReceivedVersionDocument as VersionDocument } from "../../src/core/api/documents.js";
import { ROOT } from "../helpers/cli.js";

// `info` shows what a connector's local servers may reach, in plain words, and "unrestricted" when it
// declares nothing; a remote-only connector shows no permissions (nothing of it runs here).
const sample = (name: string) => readCachedPackageFull(path.join(ROOT, "plugins-sample", name), name);

describe("permissions in info", () => {
  it("shows the filesystem sample's grant and the weather sample's missing network", async () => {
    const fsView = viewFromPackage(await sample("filesystem"));
    expect(fsView.permissions).toEqual(["network: none", "files: read and write ${ALLOWED_DIR}"]);
    expect(renderView(fsView, undefined)).toContain("permissions (its local servers):\n  network: none");
    expect(viewFromPackage(await sample("weather")).permissions).toEqual([
      "network: none",
      "files: none of yours (system files read-only, a private /tmp)",
    ]);
  });

  it("says unrestricted for a local server without permissions, and nothing for a remote-only one", async () => {
    const base = { name: "x", version: "1.0.0", tokenSchema: undefined, skills: [] };
    const local = viewFromVersionDocument({
      ...base,
      manifest: { name: "x", version: "1.0.0", description: "d", publisher: "p" },
      mcp: { mcpServers: { s: { command: "node" } } },
    } as unknown as VersionDocument);
    expect(renderView(local, undefined)).toMatch(/permissions \(its local servers\):\n {2}unrestricted/);
    const remote = viewFromPackage(await sample("tushare"));
    expect(renderView(remote, undefined)).not.toContain("permissions");
  });
});
