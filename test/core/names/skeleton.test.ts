import { describe, expect, it } from "vitest";
import { displaySkeleton, nameSkeleton } from "../../../src/core/names/skeleton.js";

describe("nameSkeleton", () => {
  it.each([
    // "cl" reads as "d": the skeleton of cloudmail is doudmail, and every spelling below meets it.
    ["cloudmail", "doudmail"],
    ["cloudrnail", "doudmail"],
    ["c1oudmail", "doudmail"],
    ["cl0udmail", "doudmail"],
    ["cloud-mail", "doudmail"],
    ["cloud--mail", "doudmail"],
    ["vveather", "weather"],
    ["wea-ther", "weather"],
    ["сloudmаil", "doudmail"], // Cyrillic с and а
    // Issue 31 #12: from the whole confusables data, not a hand-kept list.
    ["clropbox", "dropbox"],
    ["dr\u0585pbox", "dropbox"], // Armenian oh
    ["\u13a0ropbox", "dropbox"], // Cherokee A
    ["dr\u1d0fpbox", "dropbox"], // Latin small capital o
    ["dropbox", "dropbox"],
    ["ωeather", "ωeather"], // omega is not a w in this table
  ])("%s → %s", (name, skeleton) => {
    expect(nameSkeleton(name)).toBe(skeleton);
  });

  it("keeps one-letter typos apart: they are different names, not look-alikes", () => {
    for (const typo of ["weathers", "wether", "weatherr", "veather", "cloudmal", "cloudmails"]) {
      expect([nameSkeleton("weather"), nameSkeleton("cloudmail")]).not.toContain(nameSkeleton(typo));
    }
  });
});

describe("displaySkeleton", () => {
  it("folds case, confusables, spaces and punctuation", () => {
    const official = displaySkeleton("CloudMail (official)");
    expect(official).toBe("doudmallofflclal");
    for (const twin of [
      "Cloud Mail (Official)",
      "CLOUDMAIL official",
      "CIoudMaiI (officiaI)",
      "Cloud-Rnail (official)",
      "Ｃｌｏｕｄｍａｉｌ (official)",
      "Clóudmail (official)",
      "Cl\u0585udmail (official)",
      "\u13a0oudmail (official)",
    ]) {
      expect(displaySkeleton(twin), twin).toBe(official);
    }
    expect(displaySkeleton("CloudMail (unofficial)")).not.toBe(official);
    expect(displaySkeleton("—")).toBeUndefined();
  });
});
