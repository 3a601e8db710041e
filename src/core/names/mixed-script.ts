// Mixed-script detection after Unicode TS #39 §5: a display name is refused unless it meets the
// "Highly Restrictive" level (§5.2): every letter from one script, or from Latin with Han and the Japanese
// or Korean scripts, or Latin with Han and Bopomofo. A Latin name with one Cyrillic `о`, Armenian `օ` or
// Cherokee `Ꭰ` in it reads as a Latin name and is the look-alike a reader cannot see; the skeleton only
// catches the ones that imitate a name already published. Mixed decimal digit systems (§5.3) are refused
// too. Characters of Common and Inherited (digits, spaces, punctuation, emoji, marks) count for any script.

/** Every script JavaScript's Script_Extensions knows (Unicode 17; an older engine skips what it lacks). */
const SCRIPTS =
  "Adlam Ahom Anatolian_Hieroglyphs Arabic Armenian Avestan Balinese Bamum Bassa_Vah Batak Bengali " +
  "Bhaiksuki Bopomofo Brahmi Braille Buginese Buhid Canadian_Aboriginal Carian Caucasian_Albanian Chakma " +
  "Cham Cherokee Chorasmian Coptic Cuneiform Cypriot Cypro_Minoan Cyrillic Deseret Devanagari Dives_Akuru " +
  "Dogra Duployan Egyptian_Hieroglyphs Elbasan Elymaic Ethiopic Georgian Glagolitic Gothic Grantha Greek " +
  "Gujarati Gunjala_Gondi Gurmukhi Han Hangul Hanifi_Rohingya Hanunoo Hatran Hebrew Hiragana " +
  "Imperial_Aramaic Inscriptional_Pahlavi Inscriptional_Parthian Javanese Kaithi Kannada Katakana Kawi " +
  "Kayah_Li Kharoshthi Khitan_Small_Script Khmer Khojki Khudawadi Lao Latin Lepcha Limbu Linear_A Linear_B " +
  "Lisu Lycian Lydian Mahajani Makasar Malayalam Mandaic Manichaean Marchen Masaram_Gondi Medefaidrin " +
  "Meetei_Mayek Mende_Kikakui Meroitic_Cursive Meroitic_Hieroglyphs Miao Modi Mongolian Mro Multani " +
  "Myanmar Nabataean Nag_Mundari Nandinagari New_Tai_Lue Newa Nko Nushu Nyiakeng_Puachue_Hmong Ogham " +
  "Ol_Chiki Old_Hungarian Old_Italic Old_North_Arabian Old_Permic Old_Persian Old_Sogdian " +
  "Old_South_Arabian Old_Turkic Old_Uyghur Oriya Osage Osmanya Pahawh_Hmong Palmyrene Pau_Cin_Hau " +
  "Phags_Pa Phoenician Psalter_Pahlavi Rejang Runic Samaritan Saurashtra Sharada Shavian Siddham " +
  "SignWriting Sinhala Sogdian Sora_Sompeng Soyombo Sundanese Syloti_Nagri Syriac Tagalog Tagbanwa " +
  "Tai_Le Tai_Tham Tai_Viet Takri Tamil Tangsa Tangut Telugu Thaana Thai Tibetan Tifinagh Tirhuta Toto " +
  "Ugaritic Vai Vithkuqi Wancho Warang_Citi Yezidi Yi Zanabazar_Square Garay Gurung_Khema Kirat_Rai " +
  "Ol_Onal Sunuwar Todhri Tulu_Tigalari Beria_Erfe Sidetic Tai_Yo Tolong_Siki";

/** §5.1's augmented script sets: a Han character also belongs to the writing systems that use Han. */
const AUGMENT: Record<string, string[]> = {
  Han: ["Han_with_Bopomofo", "Japanese", "Korean"],
  Hiragana: ["Japanese"],
  Katakana: ["Japanese"],
  Hangul: ["Korean"],
  Bopomofo: ["Han_with_Bopomofo"],
};

/** §5.2 Highly Restrictive: the script sets a name may mix (besides a single script). */
const ALLOWED_MIXES: ReadonlyArray<ReadonlySet<string>> = [
  new Set(["Latin", "Han", "Hiragana", "Katakana"]),
  new Set(["Latin", "Han", "Bopomofo"]),
  new Set(["Latin", "Han", "Hangul"]),
];

const ANY_SCRIPT = /^[\p{scx=Common}\p{scx=Inherited}]$/u;
const DIGIT = /^\p{Nd}$/u;
let scripts: Array<[string, RegExp]> | undefined;

function scriptTests(): Array<[string, RegExp]> {
  scripts ??= SCRIPTS.split(" ").flatMap((name): Array<[string, RegExp]> => {
    try {
      return [[name, new RegExp(`^\\p{scx=${name}}$`, "u")]];
    } catch {
      return []; // a script newer than this engine's Unicode
    }
  });
  return scripts;
}

/** A character's Script_Extensions (undefined: Common/Inherited, any script); "Unknown" when unassigned. */
function scriptsOf(ch: string): string[] | undefined {
  if (ANY_SCRIPT.test(ch)) return undefined;
  const found = scriptTests()
    .filter(([, test]) => test.test(ch))
    .map(([name]) => name);
  return found.length > 0 ? found : ["Unknown"];
}

/** What is wrong with a text's mix of scripts, for a message; undefined when it is not mixed. */
export interface MixedScript {
  /** The scripts whose letters are mixed, in order of appearance, e.g. ["Latin", "Cyrillic"]. */
  scripts: string[];
  /** The first character from a script the rest of the text does not share. */
  character: string;
  /** "scripts": letters of several scripts; "digits": decimal digits of several numbering systems. */
  kind: "scripts" | "digits";
}

/**
 * Checks a display name against UTS #39's Highly Restrictive level: undefined when it passes, else the
 * scripts it mixes and the first character that broke the mix. Pure; linear in the text's length.
 */
export function mixedScript(text: string): MixedScript | undefined {
  let resolved: Set<string> | undefined; // the resolved (augmented) script set, §5.1
  const seen: string[] = []; // scripts as they appear, one name per character (its first)
  let covered = ALLOWED_MIXES.map(() => true);
  let mixed: MixedScript | undefined;
  for (const ch of text) {
    const own = scriptsOf(ch);
    if (!own) continue;
    const augmented = new Set(own.flatMap((s) => [s, ...(AUGMENT[s] ?? [])]));
    const next = resolved ? new Set([...resolved].filter((s) => augmented.has(s))) : augmented;
    if (!seen.some((s) => own.includes(s))) seen.push(own[0]!);
    covered = covered.map((ok, i) => ok && own.some((s) => ALLOWED_MIXES[i]!.has(s)));
    if (next.size === 0 && !covered.some(Boolean) && !mixed)
      mixed = { scripts: [], character: ch, kind: "scripts" };
    resolved = next;
  }
  if (mixed) return { ...mixed, scripts: seen };
  return mixedDigits(text);
}

/** §5.3: decimal digits from more than one numbering system (`1` and Bengali `১`). */
function mixedDigits(text: string): MixedScript | undefined {
  let zero: number | undefined;
  for (const ch of text) {
    if (!DIGIT.test(ch)) continue;
    const z = zeroOf(ch.codePointAt(0)!);
    if (zero === undefined) zero = z;
    else if (z !== zero)
      return {
        scripts: [digitSystem(zero), digitSystem(z)],
        character: ch,
        kind: "digits",
      };
  }
  return undefined;
}

/** Decimal digits come in runs of ten from 0 (Unicode's stability policy): the zero of a digit's run. */
function zeroOf(cp: number): number {
  let start = cp;
  while (start > 0 && DIGIT.test(String.fromCodePoint(start - 1))) start--;
  return cp - ((cp - start) % 10);
}

function digitSystem(zero: number): string {
  if (zero === 0x30) return "ASCII digits";
  return `digits from U+${zero.toString(16).toUpperCase().padStart(4, "0")}`;
}
