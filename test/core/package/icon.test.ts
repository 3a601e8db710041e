import { describe, expect, it } from "vitest";
import { checkIcon, MAX_ICON_BYTES } from "../../../src/core/package/icon.js";
import { bytes, found, svg } from "./fixtures.js";

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe("checkIcon", () => {
  it("finds icon.svg, then icon.png, at the root", () => {
    expect(checkIcon(new Map([["icon.png", png]]), undefined)).toEqual({
      icon: { path: "icon.png", mediaType: "image/png" },
      problems: [],
    });
    const both = new Map([
      ["icon.png", png],
      ["icon.svg", bytes(svg)],
    ]);
    expect(checkIcon(both, undefined).icon?.path).toBe("icon.svg");
  });

  it("uses the manifest's icon path", () => {
    expect(checkIcon(new Map([["assets/logo.png", png]]), "assets/logo.png").icon).toEqual({
      path: "assets/logo.png",
      mediaType: "image/png",
    });
  });

  it("has no icon and no problem when there is none", () => {
    expect(checkIcon(new Map(), undefined)).toEqual({ problems: [] });
  });

  it.each([
    ["a manifest icon that is not in the package", new Map(), "logo.svg", "icon.missing plugin.json/icon"],
    [
      "a .png that is not a PNG",
      new Map([["icon.png", bytes("GIF89a")]]),
      undefined,
      "icon.invalid icon.png",
    ],
    [
      "an .svg that is not SVG",
      new Map([["icon.svg", bytes("<html></html>")]]),
      undefined,
      "icon.invalid icon.svg",
    ],
    ["a .gif", new Map([["a.gif", png]]), "a.gif", "icon.type plugin.json/icon"],
  ])("reports %s", (_, files, declared, expected) => {
    const result = checkIcon(files as Map<string, Uint8Array>, declared);
    expect(found(result.problems)).toEqual([expected]);
    expect(result.icon).toBeUndefined();
  });

  it.each([
    ["an SVG with a script", bytes("<svg><script>alert(1)</script></svg>"), "icon.svg.script icon.svg"],
    ["an SVG with an event handler", bytes('<svg onload="x()"></svg>'), "icon.svg.script icon.svg"],
  ])("warns on %s", (_, content, expected) => {
    const result = checkIcon(new Map([["icon.svg", content]]), undefined);
    expect(found(result.problems)).toEqual([expected]);
    expect(result.problems[0]!.severity).toBe("warning");
  });

  it("warns on an icon over 1 MiB", () => {
    const big = new Uint8Array(MAX_ICON_BYTES + 1);
    big.set(png);
    expect(found(checkIcon(new Map([["icon.png", big]]), undefined).problems)).toEqual([
      "icon.too-large icon.png",
    ]);
  });
});
