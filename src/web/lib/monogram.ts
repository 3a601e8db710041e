// Soft backgrounds with dark text, distinct enough that neighbouring cards differ.
const COLOURS = ["#dbeafe", "#dcfce7", "#fef3c7", "#fce7f3", "#ede9fe", "#cffafe", "#ffedd5", "#e0e7ff"];

/**
 * An icon for a connector that has none: the first letter (or digit) of its title on a colour chosen from
 * its name, so cards no longer all carry the same picture. Only that one letter is written into the SVG.
 */
export function monogramSvg(name: string, title: string = name): string {
  // One letter or digit (never markup: `<`, `&` and quotes are neither), from the title people read.
  const letter = (/[\p{L}\p{N}]/u.exec(title)?.[0] ?? /[a-z0-9]/.exec(name)?.[0] ?? "?").toUpperCase();
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const fill = COLOURS[hash % COLOURS.length];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="14" fill="${fill}"/>` +
    `<text x="32" y="43" text-anchor="middle" font-family="system-ui, sans-serif" font-size="30" ` +
    `font-weight="600" fill="#1e293b">${letter}</text></svg>`
  );
}
