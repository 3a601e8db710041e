import { findNodeAtLocation, parseTree } from "jsonc-parser";

/**
 * Names that appear more than once in the server map of a JSON(C) host file. A parser keeps the last
 * one (as the host does), so the earlier ones would vanish silently from an import: they are reported.
 */
export function duplicateKeys(text: string, container: readonly string[]): string[] {
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  const node = root && (container.length === 0 ? root : findNodeAtLocation(root, [...container]));
  if (!node || node.type !== "object") return [];
  const seen = new Map<string, number>();
  for (const property of node.children ?? []) {
    const key = property.children?.[0]?.value;
    if (typeof key === "string") seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return [...seen].filter(([, n]) => n > 1).map(([k]) => k);
}
