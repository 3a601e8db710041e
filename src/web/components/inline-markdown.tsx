// `[label](https://…)`, `` `code` `` and `**strong**`: the inline Markdown upstream catalogs put in short
// texts (a credential's description). Rendered as elements whose text JSX escapes, so nothing else in
// the text can become markup; only http(s) targets become links.
const INLINE =
  /\[([^\]\n]{1,200})\]\((https?:\/\/[^\s)]{1,2000})\)|`([^`\n]{1,200})`|\*\*([^*\n]{1,200})\*\*/g;

/** A short text with its inline Markdown rendered (sanitized: only links, code and strong, no HTML). */
export function InlineMarkdown({ text }: { text: string }) {
  const parts: unknown[] = [];
  let at = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > at) parts.push(text.slice(at, m.index));
    if (m[1] !== undefined && m[2] !== undefined)
      parts.push(
        <a href={m[2]} rel="nofollow noopener noreferrer">
          {m[1]}
        </a>,
      );
    else if (m[3] !== undefined) parts.push(<code>{m[3]}</code>);
    else if (m[4] !== undefined) parts.push(<strong>{m[4]}</strong>);
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
