import type { Category } from "../types.js";

// Words of a name, title or description that say which category an entry belongs to, for catalogs that
// carry no categories (the official registry's server.json): checked in this order, first match wins.
const WORDS: Array<[Category, RegExp]> = [
  ["weather", /\b(weather|forecast|meteo\w*)\b/],
  [
    "databases",
    /\b(postgres\w*|mysql|sqlite|mongo\w*|redis|database|databases|sql|supabase|neon|clickhouse|snowflake|bigquery|duckdb|elasticsearch|qdrant|pinecone|chroma\w*|milvus|vector db|iotdb|neo4j|dynamodb|cassandra)\b/,
  ],
  ["browser-automation", /\b(browser|playwright|puppeteer|selenium|scrap\w*|crawl\w*|headless)\b/],
  ["search", /\b(search|searches|brave|tavily|exa|perplexity|serp\w*|duckduckgo|bing)\b/],
  ["communication", /\b(slack|discord|telegram|email|e-mail|gmail|mail|sms|whatsapp|teams|messag\w*|chat)\b/],
  [
    "finance",
    /\b(stripe|payment\w*|finance|financial|stock\w*|crypto\w*|blockchain|bank\w*|invoice\w*|trading|wallet|ethereum|bitcoin|solana)\b/,
  ],
  [
    "cloud",
    /\b(kubernetes|k8s|aws|azure|gcp|google cloud|cloudflare|terraform|docker|helm|devops|vercel|netlify|heroku|infrastructure)\b/,
  ],
  ["files", /\b(file|files|filesystem|drive|dropbox|s3|storage|pdf|documents?)\b/],
  [
    "productivity",
    /\b(notion|jira|linear|asana|trello|calendar|todo|tasks?|confluence|airtable|spreadsheet|sheets|crm|hubspot|salesforce|project management)\b/,
  ],
  ["maps", /\b(maps?|geo\w*|location|places|travel|flights?|hotels?)\b/],
  ["media", /\b(image\w*|video\w*|audio|music|spotify|youtube|photo\w*|figma|design|media|podcast\w*)\b/],
  ["security", /\b(security|vulnerab\w*|secrets?|auth0|pentest\w*|cve|threat\w*|scan\w*)\b/],
  [
    "data-analysis",
    /\b(analytics|metrics|monitoring|observability|grafana|datadog|dashboards?|logs?|sentry|prometheus|data)\b/,
  ],
  ["knowledge", /\b(docs|documentation|knowledge|wiki\w*|memory|notes|research|papers?|arxiv|learning)\b/],
  ["ai", /\b(ai|llm|llms|model|models|openai|anthropic|agents?|embedding\w*|inference|hugging ?face)\b/],
  [
    "developer-tools",
    /\b(github|gitlab|git|code|coding|api|apis|developer\w*|sdk|ide|debug\w*|testing|ci|deploy\w*|npm|repository|repositories)\b/,
  ],
];

/**
 * A category for an entry whose catalog gave none that maps: the first whose words appear in its name,
 * title or description; `other` when none does, so every import is in a category and `other` counts it.
 */
export function inferCategory(text: string): Category {
  const words = text.toLowerCase().replace(/[-_/.]+/g, " ");
  for (const [category, pattern] of WORDS) if (pattern.test(words)) return category;
  return "other";
}
