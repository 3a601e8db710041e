/**
 * Strips terminal control characters (but newlines) from registry-supplied text before it is printed.
 * Its own module: `search` needs it without the validators that connector-view.ts loads.
 */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, "");
}
