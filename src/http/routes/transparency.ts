import { Hono } from "hono";
import { usageError } from "../../core/errors.js";
import type { Registry } from "../../registry/registry.js";
import { keysDocument } from "../../registry/signing/keys-document.js";
import { checkpointAt, consistency, inclusion, latestCheckpoint } from "../../registry/tlog/proofs.js";

const MAX_SIZE = 2 ** 48;

/** A query parameter that must be a whole number; a 400 naming it otherwise. */
function whole(value: string | undefined, name: string): number {
  if (value === undefined || !/^(0|[1-9][0-9]{0,14})$/.test(value) || Number(value) > MAX_SIZE)
    throw usageError(`${name} must be a whole number`, `e.g. ?${name}=1`);
  return Number(value);
}

/** The registry's public keys and its transparency log (docs/http-api.md). */
export function transparencyRoutes(registry: Registry): Hono {
  const app = new Hono();
  const deps = async () => (await registry.ready(), registry.deps);
  app.get("/.well-known/connectory/keys", async (c) =>
    c.json(await keysDocument(await deps()), 200, { "cache-control": "max-age=300" }),
  );
  app.get("/v1/log/checkpoint", async (c) => {
    const size = c.req.query("size");
    const d = await deps();
    const note = size === undefined ? await latestCheckpoint(d) : await checkpointAt(d, whole(size, "size"));
    return c.text(note, 200, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
  });
  app.get("/v1/log/proof/inclusion", async (c) =>
    c.json(
      await inclusion(await deps(), whole(c.req.query("index"), "index"), whole(c.req.query("size"), "size")),
    ),
  );
  app.get("/v1/log/proof/consistency", async (c) =>
    c.json(
      await consistency(await deps(), whole(c.req.query("from"), "from"), whole(c.req.query("to"), "to")),
    ),
  );
  return app;
}
