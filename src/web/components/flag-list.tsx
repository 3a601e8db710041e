import { revealHidden } from "../../core/text/hidden-chars.js";
import type { TextFlag } from "../../core/tools/tool-flags.js";
import { useT } from "../lib/i18n.js";

/**
 * Instruction-like content in the tools and skills (src/core/text/instruction-flags.ts): what a model
 * would read as orders. Each flag says what was found and why it matters.
 */
export function FlagList({ flags }: { flags: TextFlag[] }) {
  const t = useT();
  if (flags.length === 0) return null;
  return (
    <section aria-labelledby="flags-h" class="flags">
      <h2 id="flags-h">{t("connector.flags")}</h2>
      <p class="muted">{t("connector.flags-lead")}</p>
      <ul>
        {flags.map((f) => (
          <li>
            <code>{f.code}</code> {t("connector.flag-in")} <code>{f.subject}</code>: {f.message}
            {f.match ? (
              <>
                {" "}
                (<q>{revealHidden(f.match)}</q>)
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
