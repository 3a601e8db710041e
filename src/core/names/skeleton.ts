// Look-alike keys for connector names and display names, after Unicode TS #39 (§4 "Confusable
// Detection"): two strings that a reader cannot tell apart get the same skeleton. The table is the part
// of confusables.txt that matters for names a registry shows in Latin script: letters of Cyrillic and
// Greek that render as Latin ones, the digits that pass for letters (0 → o, 1 → l), and the letter pairs
// that pass for one letter (rn → m, vv → w). Hyphens (and, for display names, spaces and punctuation)
// do not count. Only exact skeleton equality is a look-alike: a one-letter typo (`weathers`) is not.

/** Single characters folded before case-folding (uppercase homoglyphs included). */
const CHARACTERS: Record<string, string> = {
  // digits and symbols that pass for letters
  "0": "o",
  "1": "l",
  "|": "l",
  I: "l", // capital i is an l in most sans-serif fonts
  ı: "i",
  ł: "l",
  // Cyrillic
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  һ: "h",
  і: "i",
  ї: "i",
  ј: "j",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  ѕ: "s",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  ӏ: "l",
  А: "a",
  В: "b",
  Е: "e",
  Н: "h",
  І: "l",
  Ј: "j",
  К: "k",
  М: "m",
  О: "o",
  Р: "p",
  С: "c",
  Т: "t",
  У: "y",
  Х: "x",
  Ѕ: "s",
  Ԁ: "d",
  Ԛ: "q",
  Ԝ: "w",
  Ӏ: "l",
  // Greek
  α: "a",
  ο: "o",
  ρ: "p",
  ν: "v",
  υ: "u",
  ι: "i",
  κ: "k",
  τ: "t",
  χ: "x",
  Α: "a",
  Β: "b",
  Ε: "e",
  Ζ: "z",
  Η: "h",
  Ι: "l",
  Κ: "k",
  Μ: "m",
  Ν: "n",
  Ο: "o",
  Ρ: "p",
  Τ: "t",
  Υ: "y",
  Χ: "x",
};

/** Letter sequences that read as one letter, folded after case-folding (longest first). */
const SEQUENCES: Array<[RegExp, string]> = [
  [/rn/g, "m"],
  [/vv/g, "w"],
];

/**
 * In a display name (mixed case) a capital I is an l, and an i may be either: they all fold to l, so
 * "CIoudMaiI", "CLOUDMAIL" and "CloudMail" agree. Names are lower-case, where i and l differ (the dot).
 */
const DISPLAY_I = /[il]/g;

function fold(text: string, drop: RegExp): string {
  // NFKD splits compatibility forms (ｍ, ﬁ) and accents; the marks then go, so é and e look alike too.
  const decomposed = text.normalize("NFKD").replace(/\p{M}/gu, "");
  let folded = "";
  for (const ch of decomposed) folded += CHARACTERS[ch] ?? ch;
  folded = folded.toLowerCase().replace(drop, "");
  // Again after lower-casing: a Latin lookalike may only appear once its neighbour is folded.
  folded = [...folded].map((ch) => CHARACTERS[ch] ?? ch).join("");
  for (const [pattern, replacement] of SEQUENCES) folded = folded.replace(pattern, replacement);
  return folded;
}

/** The skeleton of a connector name: `cloud-mail`, `c1oudmail` and `cloudrnail` all give `cloudmail`. */
export function nameSkeleton(name: string): string {
  return fold(name, /-/g);
}

/**
 * The skeleton of a display name: case, confusables, spaces and punctuation folded, so
 * "CloudMail (official)" and "Cloud Mail (Official)" collide. Undefined for a name with no letters or digits.
 */
export function displaySkeleton(displayName: string): string | undefined {
  const folded = fold(displayName, /[^\p{L}\p{N}]/gu).replace(DISPLAY_I, "l");
  return folded === "" ? undefined : folded;
}
