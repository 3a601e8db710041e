/** Where a connector's icon is served; the default icon when no version is installable. */
export function iconUrl(name: string, version: string | null | undefined): string {
  return version ? `/icons/${name}/${encodeURIComponent(version)}` : "/static/connector.svg";
}

/** A connector page, optionally pinned to a version. */
export function connectorUrl(name: string, version?: string): string {
  return version ? `/c/${name}/${encodeURIComponent(version)}` : `/c/${name}`;
}

/** A publisher page. */
export function publisherUrl(publisher: string): string {
  return `/p/${encodeURIComponent(publisher)}`;
}
