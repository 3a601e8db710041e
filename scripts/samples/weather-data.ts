/**
 * The weather sample's data layer: the bundled city snapshot, city lookup and unit conversion.
 * Pure functions (the file is read by the server entry), so tests can exercise them directly.
 */
import { z } from "zod";

export const UNITS = ["metric", "imperial"] as const;
export type Units = (typeof UNITS)[number];

const CitySchema = z.object({
  name: z.string().min(1),
  country: z.string().regex(/^[A-Z]{2}$/),
  countryName: z.string().min(1),
  aliases: z.array(z.string().min(1)).optional(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  timezone: z.string().min(1),
  conditions: z.string().min(1),
  temperatureC: z.number(),
  feelsLikeC: z.number(),
  humidity: z.number().int().min(0).max(100),
  windKph: z.number().min(0),
  windDirection: z.string().min(1),
});
export type City = z.infer<typeof CitySchema>;

const DataSchema = z.object({
  observedAt: z.string().min(1),
  source: z.string().min(1),
  cities: z.array(CitySchema).min(1),
});
export type WeatherData = z.infer<typeof DataSchema>;

/** Parses the bundled cities.json text; throws an Error naming the first bad field. */
export function parseWeatherData(text: string): WeatherData {
  const parsed = DataSchema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `cities.json is malformed at /${issue?.path.join("/") ?? ""}: ${issue?.message ?? "invalid"}`,
    );
  }
  return parsed.data;
}

/** Folds case, accents and spacing so "sao paulo", "São Paulo" and "SÃO  PAULO" compare equal. */
export function normalizeName(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[\s.,_-]+/g, " ")
    .trim();
}

function namesOf(city: City): string[] {
  return [city.name, ...(city.aliases ?? [])].map(normalizeName);
}

/**
 * Finds a city by name or alias. "Paris, FR" and "Paris, France" are accepted: a trailing country
 * must then match, so "Paris, US" is not silently answered with the French city.
 */
export function findCity(cities: readonly City[], query: string): City | undefined {
  const [place = "", country] = query.split(",", 2).map((part) => part.trim());
  const name = normalizeName(place);
  return cities.find((city) => {
    if (!namesOf(city).includes(name)) return false;
    if (country === undefined || country === "") return true;
    const wanted = normalizeName(country);
    return wanted === normalizeName(city.country) || wanted === normalizeName(city.countryName);
  });
}

/** Filters cities by ISO country code or country name (all cities when no filter is given). */
export function citiesIn(cities: readonly City[], country?: string): City[] {
  if (country === undefined || country.trim() === "") return [...cities];
  const wanted = normalizeName(country);
  return cities.filter((c) => normalizeName(c.country) === wanted || normalizeName(c.countryName) === wanted);
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** Up to three known city names close to a mistyped query (prefix match or a few edits away). */
export function suggestCities(cities: readonly City[], query: string): string[] {
  const name = normalizeName(query.split(",")[0] ?? "");
  if (name === "") return [];
  const scored = cities
    .map((city) => {
      const distances = namesOf(city).map((n) => (n.startsWith(name) ? 0 : editDistance(name, n)));
      return { city: city.name, distance: Math.min(...distances) };
    })
    .filter((s) => s.distance <= Math.max(2, Math.floor(name.length / 3)))
    .sort((a, b) => a.distance - b.distance || a.city.localeCompare(b.city));
  return scored.slice(0, 3).map((s) => s.city);
}

const round1 = (n: number): number => Math.round(n * 10) / 10;

/** The get_weather result for one city in the chosen units (the tool's structuredContent). */
export function weatherReport(city: City, units: Units, data: Pick<WeatherData, "observedAt" | "source">) {
  const imperial = units === "imperial";
  const temperature = (c: number): number => (imperial ? round1((c * 9) / 5 + 32) : c);
  return {
    city: city.name,
    country: city.country,
    countryName: city.countryName,
    latitude: city.latitude,
    longitude: city.longitude,
    timezone: city.timezone,
    conditions: city.conditions,
    temperature: temperature(city.temperatureC),
    feelsLike: temperature(city.feelsLikeC),
    temperatureUnit: imperial ? "°F" : "°C",
    humidity: city.humidity,
    wind: {
      speed: imperial ? round1(city.windKph * 0.621371) : city.windKph,
      unit: imperial ? "mph" : "km/h",
      direction: city.windDirection,
    },
    units,
    observedAt: data.observedAt,
    source: data.source,
  };
}
export type WeatherReport = ReturnType<typeof weatherReport>;

/** One line a person (or a model) can read: "Tokyo, Japan: Partly cloudy, 21.3 °C (feels like 21 °C), …". */
export function describeWeather(report: WeatherReport): string {
  const t = report.temperatureUnit;
  return (
    `${report.city}, ${report.countryName}: ${report.conditions}, ${report.temperature} ${t} ` +
    `(feels like ${report.feelsLike} ${t}), humidity ${report.humidity}%, ` +
    `wind ${report.wind.speed} ${report.wind.unit} ${report.wind.direction}. ` +
    `Observed ${report.observedAt} (bundled sample data, not a live forecast).`
  );
}

/** Reads the units default from the environment (the WEATHER_UNITS credential); throws on a bad value. */
export function unitsFromEnv(value: string | undefined): Units {
  if (value === undefined || value === "") return "metric";
  if ((UNITS as readonly string[]).includes(value)) return value as Units;
  throw new Error(`WEATHER_UNITS must be "metric" or "imperial", got ${JSON.stringify(value)}`);
}
