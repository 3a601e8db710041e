import type { Permissions } from "../../src/core/sandbox/permissions.js";
import { validateServerSet } from "../../src/core/package/mcp-config.js";
import { validateTokenSchema } from "../../src/core/package/token-schema.js";
import type { ReceivedVersionDocument } from "../../src/core/api/documents.js";
import { isObject } from "../../src/core/json-guards.js";
import { buildView, type ConnectorView } from "./connector-view.js";

// A registry version document as a connector view (`info`): apart from connector-view.ts because it
// validates the document's mcp.json and token-schema with ajv, which `install` (it shows a cached
// package's view) then never loads.

/** The view of a version document from the registry. */
export function viewFromVersionDocument(doc: ReceivedVersionDocument): ConnectorView {
  const schema = doc.tokenSchema === undefined ? undefined : validateTokenSchema(doc.tokenSchema).schema;
  const m = doc.manifest;
  const str = (v: unknown) => (typeof v === "string" ? v : undefined);
  return buildView({
    name: doc.name,
    version: doc.version,
    manifest: {
      displayName: str(m.displayName),
      description: str(m.description) ?? "",
      publisher: str(m.publisher),
      license: str(m.license),
      homepage: str(m.homepage),
      categories: Array.isArray(m.categories)
        ? m.categories.filter((c): c is string => typeof c === "string")
        : [],
      // Validated at publish; anything but an object is treated as "none declared".
      permissions: isObject(m.permissions) ? (m.permissions as Permissions) : undefined,
    },
    servers: validateServerSet(doc.mcp).servers,
    schema,
    skills: doc.skills,
    tools: doc.tools,
  });
}
