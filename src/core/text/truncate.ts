/**
 * Cuts `text` to at most `max` characters and says how much it left out ("… 1,840 more characters"),
 * so a long payload padded past what is shown is never invisible. A surrogate pair is never split.
 */
export function truncate(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const left = chars.length - max;
  return `${chars.slice(0, max).join("").trimEnd()}… ${left.toLocaleString("en-US")} more character${left === 1 ? "" : "s"}`;
}
