import fs from "node:fs/promises";
import path from "node:path";
import { Hono } from "hono";
import type { Registry } from "../../registry/registry.js";
import { getAsset } from "../lib/assets.js";
import { examplePackage } from "../lib/example-package.js";
import { createIconReader } from "../lib/icons.js";
import { webPaths } from "../lib/paths.js";
import { fileHeaders } from "../lib/security-headers.js";

const IMMUTABLE = "public, max-age=31536000, immutable";
const SCHEMA_FILE = /^[a-z-]+\.schema\.json$/;

/** Static assets, package icons, the JSON Schemas and the example package. */
export function fileRoutes(registry: Registry): Hono {
  const app = new Hono();
  const readIcon = createIconReader(registry);

  // Fingerprinted URLs (?v=<hash>) are cached forever; any other URL of the file revalidates.
  app.get("/static/:file", (c) => {
    const asset = getAsset(c.req.param("file"));
    if (!asset) return c.notFound();
    const cache = c.req.query("v") === asset.hash ? IMMUTABLE : "public, max-age=300, must-revalidate";
    const etag = `"${asset.hash}"`;
    if (c.req.header("if-none-match") === etag) return c.body(null, 304, { etag, "cache-control": cache });
    return c.body(asset.bytes as Uint8Array<ArrayBuffer>, 200, { ...fileHeaders(asset.type, cache), etag });
  });

  // An icon out of the package. Exact versions are immutable; a tag (latest) may move, so it revalidates.
  app.get("/icons/:name/:version", async (c) => {
    const name = c.req.param("name");
    const ref = c.req.param("version");
    const version = await registry.resolveVersion(name, ref);
    const icon = await readIcon(name, version);
    if ("redirect" in icon) return c.redirect(icon.redirect, 302);
    const file = icon.file;
    const cache = version === ref && icon.own ? IMMUTABLE : "public, max-age=300";
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      ...fileHeaders(file.type, cache),
      // Opened directly, an SVG is a document: keep it from being rendered as anything but an image.
      "content-disposition": "inline",
    });
  });

  app.get("/schemas/:file", async (c) => {
    const file = c.req.param("file");
    if (!SCHEMA_FILE.test(file)) return c.notFound();
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(path.join(webPaths().schemas, file));
    } catch {
      return c.notFound();
    }
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      ...fileHeaders("application/schema+json", "public, max-age=3600"),
      "access-control-allow-origin": "*", // editors fetch $schema URLs from anywhere
    });
  });

  app.get("/publish/example.tgz", async (c) => {
    const example = await examplePackage();
    return c.body(example.bytes as Uint8Array<ArrayBuffer>, 200, {
      ...fileHeaders("application/gzip", "public, max-age=3600"),
      "content-disposition": `attachment; filename="${example.filename}"`,
    });
  });

  return app;
}
