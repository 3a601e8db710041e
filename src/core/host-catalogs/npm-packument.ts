import type { ConnectorDocument } from "../api/documents.js";

/** The digests of one version's host package (the npm tarball), as the registry recorded them. */
export interface HostPackageDist {
  integrity: string;
  /** Hex SHA-1, npm's legacy `shasum`. */
  shasum: string;
}

/** `<registry>/npm/<name>/-/<name>-<version>.tgz`, npm's tarball path. */
export function npmTarballUrl(publicUrl: string, name: string, version: string): string {
  return `${publicUrl}/npm/${name}/-/${name}-${version}.tgz`;
}

/**
 * The npm packument of a connector (`GET /npm/<name>`): every version that is not yanked, with `dist`
 * pointing at its host package. `dist-tags` are the connector's own. A deprecated version says so
 * (npm warns on install), as npm's own registry does.
 */
export function npmPackument(
  doc: ConnectorDocument,
  publicUrl: string,
  dists: ReadonlyMap<string, HostPackageDist>,
): Record<string, unknown> {
  const versions: Record<string, unknown> = {};
  const time: Record<string, string> = { created: doc.createdAt, modified: doc.updatedAt };
  for (const [version, summary] of Object.entries(doc.versions)) {
    const dist = dists.get(version);
    if (summary.yanked || !dist) continue;
    versions[version] = {
      name: doc.name,
      version,
      description: doc.description,
      ...(doc.license ? { license: doc.license } : {}),
      ...(summary.deprecated ? { deprecated: summary.deprecated } : {}),
      dist: {
        tarball: npmTarballUrl(publicUrl, doc.name, version),
        integrity: dist.integrity,
        shasum: dist.shasum,
      },
    };
    time[version] = summary.publishedAt;
  }
  const distTags = Object.fromEntries(Object.entries(doc.distTags).filter(([, v]) => v in versions));
  return {
    name: doc.name,
    description: doc.description,
    "dist-tags": distTags,
    versions,
    time,
    ...(doc.homepage ? { homepage: doc.homepage } : {}),
    ...(doc.license ? { license: doc.license } : {}),
    keywords: doc.keywords,
  };
}
