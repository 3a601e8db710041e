import { CATEGORIES } from "../../core/types.js";
import { useT } from "../lib/i18n.js";

/**
 * The search box: a plain GET form to /search (works without JS); the script adds results as you type
 * into the live region that follows it.
 */
export function SearchForm({
  query = "",
  category = "",
  live = false,
}: {
  query?: string;
  category?: string;
  live?: boolean;
}) {
  const t = useT();
  return (
    <form class="search" action="/search" method="get" role="search" data-live-search={live ? "" : undefined}>
      <label for="q" class="visually-hidden">
        {t("form.label")}
      </label>
      <input
        id="q"
        name="q"
        type="search"
        value={query}
        placeholder={t("form.placeholder")}
        autocomplete="off"
        maxlength={200}
      />
      <label for="category" class="visually-hidden">
        {t("form.category")}
      </label>
      <select id="category" name="category">
        <option value="">{t("form.all-categories")}</option>
        {CATEGORIES.map((c) => (
          <option value={c} selected={c === category}>
            {c}
          </option>
        ))}
      </select>
      <button type="submit">{t("form.submit")}</button>
    </form>
  );
}
