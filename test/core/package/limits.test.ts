import { describe, expect, it } from "vitest";
import {
  checkLimits,
  foldName,
  MAX_DEPTH,
  MAX_ENTRIES,
  MAX_UNPACKED_BYTES,
  pathProblem,
} from "../../../src/core/package/limits.js";
import { found } from "./fixtures.js";

const files = (names: string[], size = 1) => new Map(names.map((n) => [n, new Uint8Array(size)]));

describe("limits", () => {
  it("has the numbers of docs/package-format.md", () => {
    expect([MAX_ENTRIES, MAX_DEPTH, MAX_UNPACKED_BYTES]).toEqual([1000, 16, 20 * 1024 * 1024]);
  });

  it.each([
    ["Readme.md", "README.MD"],
    ["straße.txt", "STRASSE.txt"],
    ["e\u0301.txt", "\u00e9.txt"], // NFD vs NFC
    ["\u00c9.txt", "e\u0301.txt"],
  ])("folds %j and %j to the same name", (a, b) => {
    expect(foldName(a)).toBe(foldName(b));
  });

  it.each([
    ["server/index.js", undefined],
    ["", "empty"],
    ["/etc/passwd", "absolute"],
    ["C:/x", "absolute"],
    ["C:\\x", "absolute"],
    ["../x", "traversal"],
    ["a/../../x", "traversal"],
    ["a\\..\\x", "invalid"],
    ["a//b", "invalid"],
    ["./a", "invalid"],
    ["a/", "invalid"],
    ["a\u0000b", "invalid"],
  ])("pathProblem(%j) = %s", (name, expected) => {
    expect(pathProblem(name)).toBe(expected);
  });

  it("accepts a package at the limits", () => {
    const names = Array.from({ length: MAX_ENTRIES - 1 }, (_, i) => `d/f${i}`); // + the folder d
    expect(checkLimits(files(names))).toEqual([]);
    expect(checkLimits(files([Array.from({ length: MAX_DEPTH }, () => "d").join("/")]))).toEqual([]);
  });

  it("counts folders as entries", () => {
    const names = Array.from({ length: MAX_ENTRIES }, (_, i) => `d/f${i}`);
    expect(found(checkLimits(files(names)))).toEqual(["limits.entries "]);
  });

  it("rejects more than 20 MiB unpacked", () => {
    const big = new Map([
      ["a", new Uint8Array(MAX_UNPACKED_BYTES)],
      ["b", new Uint8Array(1)],
    ]);
    expect(found(checkLimits(big))).toEqual(["limits.size "]);
  });

  it("rejects a 2,000-deep path once, not once per folder (its 1,999 folders are too many entries too)", () => {
    const deep = Array.from({ length: 2000 }, () => "d").join("/");
    expect(found(checkLimits(files([deep])))).toEqual(["limits.entries ", `limits.depth ${deep}`]);
  });

  it("rejects names equal after NFC + case-fold, and a file that is also a folder", () => {
    expect(found(checkLimits(files(["a/x", "A/y"])))).toEqual(["limits.name.collision a"]);
    expect(found(checkLimits(files(["\u00e9.txt", "e\u0301.txt"])))).toEqual(["limits.name.collision é.txt"]);
    const both = checkLimits(files(["server", "server/index.js"]));
    expect(found(both)).toEqual(["limits.name.collision server"]);
    expect(both[0]!.message).toContain("both a file and a folder");
  });

  it("rejects unsafe names", () => {
    expect(found(checkLimits(files(["../x", "/abs", "ok.txt"])))).toEqual([
      "limits.path.traversal ../x",
      "limits.path.absolute /abs",
    ]);
  });
});
