import { useT } from "../lib/i18n.js";

/**
 * Text to copy: a <pre> readable without JS, and a Copy button the script reveals (it copies the
 * block's textContent, which is exactly `text`: JSX escapes it and the browser decodes it back).
 */
export function CopyBlock({ id, text, label }: { id: string; text: string; label: string }) {
  const t = useT();
  return (
    <div class="copy-block">
      <pre id={id} class="code" tabindex={0} aria-label={label}>
        {text}
      </pre>
      <button type="button" class="copy" data-copy={id} hidden>
        {t("js.copy")}
      </button>
    </div>
  );
}
