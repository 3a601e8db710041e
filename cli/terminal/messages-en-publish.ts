// The CLI's words in English for a publisher's verbs (pack, publish, convert, dist-tag, deprecate, report,
// trusted-publisher, publisher verify, log verify); messages-en.ts joins it, messages-zh-cn-publish.ts translates it.

export const enPublish = {
  "pack.skipped": "skipped (never packed): {files}",
  "pack.invalid": "{dir} is not a valid connector package ({n} errors); nothing was written",
  "pack.invalid-hint": "Fix the errors above; `connectory validate {dir}` shows the full report.",
  "pack.packed": "packed {name}@{version} ({n} files)",
  "pack.file": "file       {file}",
  "pack.size": "size       {size} bytes",
  "pack.integrity": "integrity  {integrity}",
  "pack.sha256": "sha256     {sha256}",
  "publish.converted": "converted {format} → a connector package ({n} note(s))",
  "publish.trusted": "trusted publishing: {source} token exchanged for {name} (valid until {expires})",
  "publish.listing-tools": "listing the tools of {n} server(s) of {name}@{version}…",
  "publish.reported": "reported {n} tool(s) for {name}@{version}",
  "publish.uploading": "publishing {name}@{version} ({bytes} bytes) to {marketplace} ({url})…",
  "publish.published": "published {name}@{version}",
  "publish.reported-tools": "reported {n} tool(s)",
  "publish.invalid": "{target} is not a valid connector package ({n} errors); nothing was uploaded",
  "publish.invalid-hint": "fix the errors above; `connectory validate` shows the full report",
  "convert.done": "converted {format} → {name}@{version} in {folder} ({n} files)",
  "convert.notes": "Notes (what was not carried over as it was):",
  "convert.next": "Next: review plugin.json and README.md, then `connectory validate --strict {output}`.",
  "dist-tag.set": "{tag}: {name}@{version} ({marketplace})",
  "dist-tag.none": "{name} has no dist-tags",
  "dist-tag.removed": "Removed dist-tag {tag} of {name} ({marketplace})",
  "deprecate.partial": "changed before the error: {versions}",
  "deprecate.done": "Deprecated {n} version(s) of {name} on {marketplace}: {versions}",
  "undeprecate.done": "Undeprecated {n} version(s) of {name} on {marketplace}: {versions}",
  "report.done":
    "reported {name}@{version} to {marketplace} as {kind} (report {id}); its operators review it",
  "trusted.added": "{name} ({marketplace}) trusts {line}",
  "trusted.none":
    "{name} has no trusted publisher (add one: connectory trusted-publisher add {name} --repository <owner/repo> --workflow <file>)",
  "trusted.removed": "removed {line}",
  "verify.done":
    "{domain} is verified for your publisher on {marketplace} ({method}); its connectors show the badge.",
  "verify.dns": "Add this TXT record to {name}:\n  {value}\n(DNS changes can take minutes to show.)",
  "verify.http": "Serve this line at {url} (HTTPS, status 200, no redirect):\n  {body}",
  "verify.not-yet":
    "{domain} is not verified yet: {problem}\n{where}\nThen run `connectory publisher verify {domain}{dns}` again.",
  "verify.not-found": "the proof was not found",
  "log.first":
    "{origin}: {size} entries, signed by a pinned key; remembered (no earlier checkpoint to compare)",
  "log.consistent": "{origin}: {size} entries, consistent with the {previous} seen before",
};

/** A key of this part of the tables. */
export type PublishMessageKey = keyof typeof enPublish;
