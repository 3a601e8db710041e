import { describe, expect, it } from "vitest";
import { displaySkeleton, nameSkeleton } from "../../../src/core/names/skeleton.js";

describe("nameSkeleton", () => {
  it.each([
    ["cloudrnail", "cloudmail"],
    ["c1oudmail", "cloudmail"],
    ["cl0udmail", "cloudmail"],
    ["cloud-mail", "cloudmail"],
    ["cloud--mail", "cloudmail"],
    ["vveather", "weather"],
    ["wea-ther", "weather"],
    ["сloudmаil", "cloudmail"], // Cyrillic с and а
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
    expect(official).toBe("cloudmallofflclal");
    for (const twin of [
      "Cloud Mail (Official)",
      "CLOUDMAIL official",
      "CIoudMaiI (officiaI)",
      "Cloud-Rnail (official)",
      "Ｃｌｏｕｄｍａｉｌ (official)",
      "Clóudmail (official)",
    ]) {
      expect(displaySkeleton(twin), twin).toBe(official);
    }
    expect(displaySkeleton("CloudMail (unofficial)")).not.toBe(official);
    expect(displaySkeleton("—")).toBeUndefined();
  });
});
