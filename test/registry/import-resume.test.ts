import path from "node:path";
import { describe, expect, it } from "vitest";
import { runImport } from "../../src/registry/import/import-run.js";
import { importEntries } from "../../src/registry/import/import-sources.js";
import { realWorld } from "../core/convert/real-world.js";
import { createTestRegistry } from "../helpers/registry.js";

// An import stopped between an entry's publish and its tools report (the two are separate writes) is
// finished by the next run: the version is unchanged, and the tools the source lists are reported then.

describe("resuming an interrupted import", () => {
  it("reports the tools a killed run did not get to", async () => {
    const reg = await createTestRegistry();
    try {
      const source = realWorld("docker-mcp-registry/servers/alfresco/server.yaml");
      const entries = await importEntries(source, { fetch: globalThis.fetch, cwd: process.cwd() });
      const [first] = entries;
      expect(first?.conversion.ok && first.conversion.tools?.length).toBeGreaterThan(0);
      // The state a run killed after the publish leaves: the version, without its tools.
      const cut = entries.map((e) =>
        e.conversion.ok ? { ...e, conversion: { ...e.conversion, tools: [] } } : e,
      );
      const killed = await runImport({
        registry: reg.app.registry,
        repo: reg.repo,
        entries: cut,
        now: () => new Date(),
      });
      expect(killed.counts.imported).toBe(1);
      const name = killed.entries[0]!.name!;
      const version = killed.entries[0]!.version!;
      const before = (await (await reg.request(`/v1/connectors/${name}/${version}`)).json()) as any;
      expect(before.tools).toBeUndefined();

      const again = await runImport({
        registry: reg.app.registry,
        repo: reg.repo,
        entries,
        now: () => new Date(),
      });
      expect(again.counts.unchanged).toBe(1);
      const after = (await (await reg.request(`/v1/connectors/${name}/${version}`)).json()) as any;
      expect(after.tools.items.length).toBe(first!.conversion.ok ? first!.conversion.tools!.length : -1);
      expect(after.provenance.format).toBe("docker-catalog");
    } finally {
      await reg.close();
    }
  });
});
