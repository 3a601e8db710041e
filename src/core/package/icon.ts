import type { PackageFiles, Problem } from "../types.js";
import { decodeText } from "./json-file.js";
import { error, warning } from "./problems.js";

export const MAX_ICON_BYTES = 1024 * 1024;
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const MEDIA_TYPES: Record<string, string> = { png: "image/png", svg: "image/svg+xml" };

/** Find the package icon (manifest `icon`, else icon.svg, else icon.png) and check it is what its name says. */
export function checkIcon(
  files: PackageFiles,
  declared: string | undefined,
): { icon?: { path: string; mediaType: string }; problems: Problem[] } {
  const path = declared ?? ["icon.svg", "icon.png"].find((p) => files.has(p));
  if (path === undefined) return { problems: [] };
  const bytes = files.get(path);
  if (bytes === undefined) {
    return {
      problems: [
        error(
          "icon.missing",
          "plugin.json",
          "/icon",
          `icon "${path}" is not a file in the package: add it or fix the path`,
        ),
      ],
    };
  }
  const ext = path.slice(path.lastIndexOf(".") + 1).toLowerCase();
  const mediaType = MEDIA_TYPES[ext];
  if (mediaType === undefined) {
    return {
      problems: [error("icon.type", "plugin.json", "/icon", `icon "${path}" must be a .png or .svg file`)],
    };
  }
  const problems: Problem[] = [];
  if (ext === "png" && !PNG_MAGIC.every((b, i) => bytes[i] === b)) {
    problems.push(error("icon.invalid", path, "", `${path} is not a PNG image`));
  }
  if (ext === "svg") {
    const text = decodeText(bytes);
    if (text === undefined || !/<svg[\s>]/i.test(text))
      problems.push(error("icon.invalid", path, "", `${path} is not an SVG image`));
    else if (/<script[\s>]|\son[a-z]+\s*=|javascript:/i.test(text)) {
      problems.push(
        warning(
          "icon.svg.script",
          path,
          "",
          `${path} contains scripts or event handlers: icons must be plain drawings`,
        ),
      );
    }
  }
  if (bytes.byteLength > MAX_ICON_BYTES) {
    problems.push(
      warning("icon.too-large", path, "", `${path} is ${bytes.byteLength} bytes; keep icons under 1 MiB`),
    );
  }
  return problems.some((p) => p.severity === "error")
    ? { problems }
    : { icon: { path, mediaType }, problems };
}
