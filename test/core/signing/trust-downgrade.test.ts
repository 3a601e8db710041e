import { expect, it } from "vitest";
import { provenanceDowngrade } from "../../../src/core/signing/trust-downgrade.js";

it.each([
  [
    "no provenance anywhere",
    [
      ["1.0.0", false],
      ["1.1.0", false],
    ],
    "1.1.0",
    undefined,
  ],
  [
    "provenance kept",
    [
      ["1.0.0", true],
      ["1.1.0", true],
    ],
    "1.1.0",
    undefined,
  ],
  [
    "provenance lost",
    [
      ["1.0.0", true],
      ["1.1.0", false],
    ],
    "1.1.0",
    "1.0.0",
  ],
  [
    "lost after several, names the newest",
    [
      ["1.0.0", true],
      ["1.2.0", true],
      ["2.0.0", false],
    ],
    "2.0.0",
    "1.2.0",
  ],
  [
    "only later versions had it",
    [
      ["1.0.0", false],
      ["2.0.0", true],
    ],
    "1.0.0",
    undefined,
  ],
  [
    "first provenance is an upgrade",
    [
      ["1.0.0", false],
      ["1.1.0", true],
    ],
    "1.1.0",
    undefined,
  ],
  ["unknown target", [["1.0.0", true]], "9.9.9", undefined],
] as const)("%s", (_name, facts, target, expected) => {
  expect(
    provenanceDowngrade(
      facts.map(([version, provenance]) => ({ version, provenance })),
      target,
    ),
  ).toBe(expected);
});
