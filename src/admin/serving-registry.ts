import type { RegistryRepository } from "../db/repository.js";
import { createRegistry, type Registry } from "../registry/registry.js";
import { createBlobStore } from "../storage/create-blob-store.js";
import type { AdminContext } from "./command.js";
import { serveSettings } from "./environment.js";

/**
 * The registry service as the serving process has it, for admin commands that rebuild documents: they are
 * built for the public URL the registry recorded at its start (else the configured one).
 */
export async function servingRegistry(repo: RegistryRepository, ctx: AdminContext): Promise<Registry> {
  const settings = serveSettings(ctx.env);
  return createRegistry({
    repo,
    blobs: createBlobStore(settings.storageDir, ctx.env),
    publicUrl: (await repo.getMeta("public_url")) ?? settings.publicUrl ?? "http://127.0.0.1:8787",
    now: () => ctx.now(),
    // A command run first after an upgrade rebuilds the derived fields: it says so, as `serve` does.
    notice: (message) => ctx.stderr(`${message}\n`),
  });
}
