import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  citiesIn,
  describeWeather,
  findCity,
  normalizeName,
  parseWeatherData,
  suggestCities,
  unitsFromEnv,
  weatherReport,
} from "../../scripts/samples/weather-data.js";
import { ROOT } from "../helpers/cli.js";

const DATA_FILE = path.join(ROOT, "plugins-sample/weather/server/cities.json");
const data = parseWeatherData(fs.readFileSync(DATA_FILE, "utf8"));
const nameOf = (query: string): string | undefined => findCity(data.cities, query)?.name;

describe("bundled weather data", () => {
  it("holds about twenty distinct cities", () => {
    expect(data.cities.length).toBe(20);
    const names = data.cities.flatMap((c) => [c.name, ...(c.aliases ?? [])].map(normalizeName));
    expect(new Set(names).size).toBe(names.length);
  });

  it("rejects malformed data with the path of the bad field", () => {
    const broken = JSON.parse(fs.readFileSync(DATA_FILE, "utf8"));
    broken.cities[3].humidity = 140;
    expect(() => parseWeatherData(JSON.stringify(broken))).toThrow(/cities\/3\/humidity/);
    expect(() => parseWeatherData(JSON.stringify({ ...broken, cities: [] }))).toThrow(/cities/);
    expect(() => parseWeatherData("{ not json")).toThrow(SyntaxError);
  });
});

describe("findCity", () => {
  it.each([
    ["Tokyo", "Tokyo"],
    ["  tokyo ", "Tokyo"],
    ["sao paulo", "São Paulo"],
    ["SÃO  PAULO", "São Paulo"],
    ["reykjavik", "Reykjavík"],
    ["NYC", "New York"],
    ["北京", "Beijing"],
    ["Paris, FR", "Paris"],
    ["paris, france", "Paris"],
    ["New York, United States", "New York"],
  ])("%j → %s", (query, expected) => {
    expect(nameOf(query)).toBe(expected);
  });

  it.each(["Paris, US", "Atlantis", "", ",", "../../etc/passwd", "x".repeat(10_000)])(
    "%j → none",
    (query) => {
      expect(nameOf(query)).toBeUndefined();
    },
  );
});

describe("suggestCities", () => {
  it("offers close matches for typos and prefixes, nothing for nonsense", () => {
    expect(suggestCities(data.cities, "Tokio")).toEqual(["Tokyo"]);
    expect(suggestCities(data.cities, "Lodnon, GB")).toEqual(["London"]);
    expect(suggestCities(data.cities, "san")).toContain("San Francisco");
    expect(suggestCities(data.cities, "Qwertyuiop")).toEqual([]);
    expect(suggestCities(data.cities, "")).toEqual([]);
  });
});

describe("weatherReport", () => {
  const tokyo = findCity(data.cities, "Tokyo")!;

  it("reports metric values as stored", () => {
    const report = weatherReport(tokyo, "metric", data);
    expect(report).toMatchObject({
      temperature: 21.3,
      temperatureUnit: "°C",
      wind: { speed: 13, unit: "km/h" },
    });
    expect(describeWeather(report)).toMatch(/^Tokyo, Japan: Partly cloudy, 21.3 °C/);
  });

  it("converts to imperial", () => {
    const report = weatherReport(tokyo, "imperial", data);
    expect(report).toMatchObject({ temperature: 70.3, feelsLike: 69.8, temperatureUnit: "°F" });
    expect(report.wind).toEqual({ speed: 8.1, unit: "mph", direction: "S" });
  });
});

describe("citiesIn and unitsFromEnv", () => {
  it("filters by country code or name", () => {
    expect(citiesIn(data.cities, "us").map((c) => c.name)).toEqual(["New York", "San Francisco"]);
    expect(citiesIn(data.cities, "China").map((c) => c.name)).toEqual(["Beijing", "Shanghai"]);
    expect(citiesIn(data.cities, "Narnia")).toEqual([]);
    expect(citiesIn(data.cities)).toHaveLength(20);
  });

  it("defaults to metric and rejects anything but metric or imperial", () => {
    expect(unitsFromEnv(undefined)).toBe("metric");
    expect(unitsFromEnv("")).toBe("metric");
    expect(unitsFromEnv("imperial")).toBe("imperial");
    expect(() => unitsFromEnv("Imperial")).toThrow(/WEATHER_UNITS/);
  });
});
