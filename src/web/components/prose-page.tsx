import type { Child } from "hono/jsx";
import { useLocale } from "../lib/i18n.js";
import { Layout } from "./layout.js";

/**
 * A page of prose written out once per language (/api, /publish: too long for the message tables), in the
 * reader's language: Simplified Chinese for zh-CN, English otherwise.
 */
export function ProsePage(props: { title: string; description: string; en: Child; zh: Child }) {
  const { lang } = useLocale();
  return (
    <Layout title={props.title} description={props.description}>
      <article class="prose">{lang === "zh-CN" ? props.zh : props.en}</article>
    </Layout>
  );
}
