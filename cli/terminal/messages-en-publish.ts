// The CLI's words in English for a publisher's main verbs (pack, publish); messages-en.ts joins it with the
// rest, messages-zh-cn-publish.ts translates it. The other publisher verbs still print English.

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
};

/** A key of this part of the tables. */
export type PublishMessageKey = keyof typeof enPublish;
