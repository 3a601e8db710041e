import { readFileSync } from "node:fs";
import path from "node:path";

// The official server.json specification's examples, read from the verbatim copy of its document
// (test/fixtures/official-spec/, MIT, with its provenance): each "### <title>" section under "## Examples"
// and the JSON example it holds, as written.

const FILE = path.join(import.meta.dirname, "../fixtures/official-spec/generic-server-json.md");

export interface SpecExample {
  title: string;
  /** The example's text exactly as the document has it. */
  text: string;
}

export function specExamples(): SpecExample[] {
  const doc = readFileSync(FILE, "utf8");
  const examples = doc.slice(doc.indexOf("\n## Examples\n"));
  return examples
    .split(/^### /m)
    .slice(1)
    .flatMap((section) => {
      const title = section.slice(0, section.indexOf("\n")).trim();
      const json = /```json\n([\s\S]*?)\n```/.exec(section);
      return json ? [{ title, text: json[1]! }] : [];
    });
}
