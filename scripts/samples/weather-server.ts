/**
 * The weather sample's MCP server (stdio). scripts/build-samples.ts bundles this file with every
 * dependency into plugins-sample/weather/server/index.js, because an installed package has no
 * node_modules. It answers from server/cities.json, read beside the bundle at start-up.
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import {
  UNITS,
  citiesIn,
  describeWeather,
  findCity,
  parseWeatherData,
  suggestCities,
  unitsFromEnv,
  weatherReport,
  type WeatherData,
  type Units,
} from "./weather-data.js";

// Replaced at bundle time with plugin.json's version, so the server and its package never disagree.
declare const __WEATHER_VERSION__: string;

const weatherOutput = {
  city: z.string(),
  country: z.string().describe("ISO 3166-1 alpha-2 code"),
  countryName: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  timezone: z.string().describe("IANA time zone"),
  conditions: z.string(),
  temperature: z.number(),
  feelsLike: z.number(),
  temperatureUnit: z.enum(["°C", "°F"]),
  humidity: z.number().describe("Relative humidity, percent"),
  wind: z.object({ speed: z.number(), unit: z.enum(["km/h", "mph"]), direction: z.string() }),
  units: z.enum(UNITS),
  observedAt: z.string().describe("ISO 8601 time of the bundled snapshot"),
  source: z.string(),
};

const citiesOutput = {
  count: z.number().int(),
  cities: z.array(z.object({ name: z.string(), country: z.string(), countryName: z.string() })),
};

/** Builds the server with its two tools over the given data; `defaultUnits` comes from WEATHER_UNITS. */
function createWeatherServer(data: WeatherData, defaultUnits: Units): McpServer {
  const server = new McpServer({ name: "weather", version: __WEATHER_VERSION__ });

  server.registerTool(
    "get_weather",
    {
      title: "Current weather",
      description:
        "Current conditions and temperature for one city from the bundled snapshot. " +
        'Accepts a city name or alias ("São Paulo", "NYC", "北京"), optionally with a country ' +
        '("Paris, FR"). Call list_cities first if unsure which cities are available.',
      inputSchema: {
        city: z.string().min(1).max(100).describe('City name, e.g. "Tokyo" or "Paris, France"'),
        units: z
          .enum(UNITS)
          .optional()
          .describe(`metric (°C, km/h) or imperial (°F, mph); defaults to ${defaultUnits}`),
      },
      outputSchema: weatherOutput,
      annotations: { readOnlyHint: true, openWorldHint: false, idempotentHint: true },
    },
    async ({ city, units }) => {
      const found = findCity(data.cities, city);
      if (found === undefined) {
        const suggestions = suggestCities(data.cities, city);
        const didYouMean = suggestions.length > 0 ? ` Did you mean: ${suggestions.join(", ")}?` : "";
        return {
          isError: true,
          content: [
            {
              type: "text",
              text:
                `Unknown city ${JSON.stringify(city)}: this server only knows the ${data.cities.length} ` +
                `cities in its bundled data.${didYouMean} Call list_cities to see every valid city ` +
                `(optionally with {"country": "<code or name>"}), then retry get_weather with one of them.`,
            },
          ],
        };
      }
      const report = weatherReport(found, units ?? defaultUnits, data);
      return { content: [{ type: "text", text: describeWeather(report) }], structuredContent: report };
    },
  );

  server.registerTool(
    "list_cities",
    {
      title: "List cities",
      description:
        "Every city get_weather can answer for, with its country. Optionally filter by an ISO country " +
        'code ("US") or country name ("United States").',
      inputSchema: {
        country: z.string().max(100).optional().describe("ISO 3166-1 alpha-2 code or country name"),
      },
      outputSchema: citiesOutput,
      annotations: { readOnlyHint: true, openWorldHint: false, idempotentHint: true },
    },
    async ({ country }) => {
      const cities = citiesIn(data.cities, country).map((c) => ({
        name: c.name,
        country: c.country,
        countryName: c.countryName,
      }));
      const text =
        cities.length === 0
          ? `No bundled city is in ${JSON.stringify(country)}; call list_cities without a country to see all.`
          : `${cities.length} cities: ${cities.map((c) => `${c.name} (${c.country})`).join(", ")}`;
      return { content: [{ type: "text", text }], structuredContent: { count: cities.length, cities } };
    },
  );

  return server;
}

async function main(): Promise<void> {
  const dataFile = fileURLToPath(new URL("./cities.json", import.meta.url));
  let data: WeatherData;
  let units: Units;
  try {
    data = parseWeatherData(fs.readFileSync(dataFile, "utf8"));
    units = unitsFromEnv(process.env.WEATHER_UNITS);
  } catch (error) {
    // stdout belongs to the protocol: start-up failures go to stderr, and the host sees the exit code.
    process.stderr.write(`weather: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  await createWeatherServer(data, units).connect(new StdioServerTransport());
}

await main();
