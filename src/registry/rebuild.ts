import type { RegistryDeps } from "./context.js";
import { connectorFields, versionDocument } from "./documents.js";

const PUBLIC_URL_KEY = "public_url";

/**
 * Prepared documents carry absolute tarball URLs. When the registry starts under a different PUBLIC_URL
 * than the one they were built for, every document is rebuilt once (per connector, one transaction each).
 */
export async function rebuildForPublicUrl(deps: RegistryDeps): Promise<number> {
  if ((await deps.repo.getMeta(PUBLIC_URL_KEY)) === deps.publicUrl) return 0;
  const names = await deps.repo.connectorNames();
  for (const name of names) {
    await deps.repo.transaction(async (tx) => {
      const state = await tx.loadConnector(name);
      if (!state) return;
      for (const v of state.versions) {
        const document = versionDocument(state.name, state.publisher, v, deps.publicUrl);
        await tx.updateVersion(state.id, v.version, { yanked: v.yanked, deprecated: v.deprecated, document });
      }
      await tx.updateConnector(state.id, connectorFields(state, deps.publicUrl));
    });
  }
  await deps.repo.transaction((tx) => tx.setMeta(PUBLIC_URL_KEY, deps.publicUrl));
  return names.length;
}
