import { findHidden, HIDDEN_KIND_WORDS, withoutHidden } from "./hidden-chars.js";

/**
 * Instruction-like content in text a model reads as part of its context (tool descriptions, skills):
 * the tool-poisoning patterns mcp-scan looks for. A flag is a warning for the person who approves the
 * text, not a verdict: each has a stable code and a one-line explanation.
 */
export interface InstructionFlag {
  code: FlagCode;
  /** One line: what was found and why it matters. */
  message: string;
  /** The words that matched, as found (at most 80 characters). */
  match: string;
}

export type FlagCode =
  | "instruction.hidden-tag"
  | "instruction.override"
  | "instruction.conceal"
  | "instruction.key-file"
  | "instruction.tool-call"
  | "instruction.send-data"
  | "instruction.hidden-text";

interface Rule {
  code: FlagCode;
  pattern: RegExp;
  why: string;
}

const RULES: Rule[] = [
  {
    code: "instruction.hidden-tag",
    pattern:
      /<\s*\/?\s*(important|system|instructions?|secret|hidden|admin|assistant|critical|note to (?:the )?(?:ai|assistant|model))\b[^>]{0,40}>|\[\/?\s*(?:system|inst|important)\s*\]/i,
    why: "a tag that addresses the model rather than the user, as hidden instructions do",
  },
  {
    code: "instruction.override",
    pattern:
      /\b(ignore|disregard|forget|override)\s+(all\s+|any\s+|the\s+|your\s+)*(previous|prior|above|earlier|other|system)\s+(instructions?|prompts?|rules|messages|directions)|\byou\s+are\s+now\b|\bnew\s+instructions?\s*:/i,
    why: "it tells the model to set aside its instructions",
  },
  {
    code: "instruction.conceal",
    pattern:
      /\b(do\s+not|don'?t|never|without)\s+(tell|telling|inform|informing|notify|notifying|mention|mentioning|reveal|revealing|show|showing|alert|alerting)\s+(this\s+|it\s+|anything\s+)?(to\s+)?(the\s+)?users?\b|\b(keep|hide)\s+(this|it)\s+(secret\s+)?from\s+(the\s+)?users?\b|\bthe\s+user\s+(must|should)\s+not\s+(know|see|be\s+told)\b/i,
    why: "it asks the model to hide something from the user",
  },
  {
    code: "instruction.key-file",
    pattern:
      /~\/\.ssh\b|\.ssh\/|\bid_(rsa|dsa|ecdsa|ed25519)\b|(^|[\s'"`(/~])\.env\b|\.aws\/credentials|\.netrc\b|\.npmrc\b|\.pypirc\b|\.git-credentials\b|\.docker\/config\.json|\.kube\/config|\bcredentials\.json\b|\.gnupg\b|\/etc\/(passwd|shadow)\b|\.config\/gh\/hosts/i,
    why: "it names a file that holds keys or credentials",
  },
  {
    code: "instruction.tool-call",
    pattern:
      /\b(call|invoke|use|run|execute|trigger)\s+(the\s+|another\s+|other\s+)?[`'"]?(?!(?:this|that|it|a|an|each|which|any)\b)[a-z0-9_.-]+[`'"]?\s+tool\b|\bbefore\s+(using|calling|running)\s+(this|any|other|the)\b[^.\n]{0,40}\btools?\b|\b(first|always)\s+(call|invoke|run)\b/i,
    why: "it tells the model to call a tool, which a tool's own description has no business doing",
  },
  {
    code: "instruction.send-data",
    pattern:
      /\b(send|upload|post|forward|transmit|exfiltrate|copy|pass|include|append)\b[^.\n]{0,60}\b(to|into|in|as)\s+(https?:\/\/|the\s+[a-z_]+\s+(parameter|argument|field)|[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,})|\b(ngrok\.io|requestbin|pastebin\.com|webhook\.site)\b/i,
    why: "it tells the model to send data somewhere the user did not ask for",
  },
];

/** Every flag `text` raises, one per code (the first match), in a stable order. */
export function instructionFlags(text: string): InstructionFlag[] {
  const flags: InstructionFlag[] = [];
  const hidden = findHidden(text, { allowCrLf: true });
  if (hidden.length > 0) {
    const kinds = [...new Set(hidden.map((h) => h.kind))];
    flags.push({
      code: "instruction.hidden-text",
      message: `it holds ${hidden.length} hidden character${hidden.length === 1 ? "" : "s"} (${kinds.map((k) => HIDDEN_KIND_WORDS[k]).join("; ")})`,
      match: "",
    });
  }
  // A zero-width split or a tag-character payload hides no word from the rules.
  const plain = withoutHidden(text).normalize("NFKC");
  const tagged = tagText(text);
  for (const rule of RULES) {
    const m = rule.pattern.exec(plain) ?? (tagged ? rule.pattern.exec(tagged) : null);
    if (m) flags.push({ code: rule.code, message: rule.why, match: m[0].trim().slice(0, 80) });
  }
  return flags;
}

/** The ASCII that tag characters spell, if any: a payload meant for the model alone. */
function tagText(text: string): string {
  let out = "";
  for (const char of text) {
    const cp = char.codePointAt(0) as number;
    if (cp >= 0xe0020 && cp < 0xe007f) out += String.fromCharCode(cp - 0xe0000);
  }
  return out;
}

/** What each code means, for docs and `--help`. */
export const FLAG_WORDS: Record<FlagCode, string> = Object.fromEntries([
  ...RULES.map((r) => [r.code, r.why]),
  ["instruction.hidden-text", "it holds characters a reader cannot see"],
]) as Record<FlagCode, string>;
