/**
 * The Content-Security-Policy of every page: only this origin's scripts, styles, images (and the upstream
 * icons of imported connectors from GitHub's avatar host) and fetches; no
 * inline script or style (a README that slipped a tag past the sanitizer still could not run), no
 * plugins, no framing, forms post only here.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  // Upstream catalog icons (src/web/lib/icons.ts UPSTREAM_ICON_HOSTS), reached by a redirect from /icons.
  "img-src 'self' https://avatars.githubusercontent.com",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join("; ");

/** For package files served as-is (icons, SVG included): nothing in them may run or load anything. */
export const FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** Headers every HTML page carries. */
export function pageHeaders(): Record<string, string> {
  return {
    "content-security-policy": PAGE_CSP,
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "x-frame-options": "DENY",
    // Pages show live data (downloads, yanks): revalidate every time.
    "cache-control": "no-cache",
  };
}

/** Headers of a package file (an icon) or a static asset. */
export function fileHeaders(type: string, cacheControl: string): Record<string, string> {
  return {
    "content-type": type,
    "content-security-policy": FILE_CSP,
    "x-content-type-options": "nosniff",
    "cross-origin-resource-policy": "same-origin",
    "cache-control": cacheControl,
  };
}
