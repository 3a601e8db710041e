import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../helpers/cli.js";
import { connectWeather, renderWeatherServer, type WeatherSession } from "./weather-launch.js";

const PLUGIN_ROOT = path.join(ROOT, "plugins-sample/weather");
const manifest = JSON.parse(readFileSync(path.join(PLUGIN_ROOT, "plugin.json"), "utf8"));
const cities = JSON.parse(readFileSync(path.join(PLUGIN_ROOT, "server/cities.json"), "utf8")).cities;

const textOf = (result: any): string => result.content.map((c: any) => c.text).join("\n");

describe("weather sample server over stdio", () => {
  let session: WeatherSession;

  beforeAll(async () => {
    expect(existsSync(path.join(PLUGIN_ROOT, "server/index.js")), "run `npm run build:samples` first").toBe(
      true,
    );
    session = await connectWeather(PLUGIN_ROOT);
  });
  afterAll(async () => session?.close());

  it("is launched as mcp.json says: node ${PLUGIN_ROOT}/server/index.js, units from the env", async () => {
    expect(await renderWeatherServer(PLUGIN_ROOT)).toEqual({
      command: "node",
      args: [path.join(PLUGIN_ROOT, "server/index.js")],
      env: { WEATHER_UNITS: "metric" },
    });
  });

  it("initializes as the packaged version, with tools", () => {
    expect(session.client.getServerVersion()).toEqual({ name: "weather", version: manifest.version });
    expect(session.client.getServerCapabilities()?.tools).toBeDefined();
  });

  it("lists both tools with input and output schemas", async () => {
    const { tools } = await session.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["get_weather", "list_cities"]);
    const weather = tools.find((t) => t.name === "get_weather")!;
    expect(weather.description).toMatch(/list_cities/);
    expect(weather.inputSchema).toMatchObject({
      type: "object",
      properties: { city: { type: "string" }, units: { enum: ["metric", "imperial"] } },
      required: ["city"],
    });
    expect(weather.outputSchema).toMatchObject({
      type: "object",
      properties: { temperature: { type: "number" }, conditions: { type: "string" } },
    });
    expect(weather.annotations?.readOnlyHint).toBe(true);
    const list = tools.find((t) => t.name === "list_cities")!;
    expect(list.outputSchema?.properties).toHaveProperty("cities");
  });

  it("answers get_weather for a known city with text and structuredContent", async () => {
    const result: any = await session.client.callTool({ name: "get_weather", arguments: { city: "Tokyo" } });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toMatch(/^Tokyo, Japan: Partly cloudy, 21.3 °C/);
    expect(result.structuredContent).toMatchObject({
      city: "Tokyo",
      country: "JP",
      conditions: "Partly cloudy",
      temperature: 21.3,
      temperatureUnit: "°C",
      units: "metric",
      humidity: 64,
    });
  });

  it("honours units per call, over the WEATHER_UNITS default", async () => {
    const result: any = await session.client.callTool({
      name: "get_weather",
      arguments: { city: "são paulo, BR", units: "imperial" },
    });
    expect(result.structuredContent).toMatchObject({
      city: "São Paulo",
      temperature: 62.1,
      temperatureUnit: "°F",
    });
  });

  it("lists every bundled city, and filters by country", async () => {
    const all: any = await session.client.callTool({ name: "list_cities", arguments: {} });
    expect(all.structuredContent.count).toBe(cities.length);
    expect(all.structuredContent.cities.map((c: any) => c.name)).toEqual(cities.map((c: any) => c.name));
    const us: any = await session.client.callTool({ name: "list_cities", arguments: { country: "US" } });
    expect(us.structuredContent.cities.map((c: any) => c.name)).toEqual(["New York", "San Francisco"]);
  });

  it("returns a structured tool error for an unknown city, pointing at list_cities", async () => {
    const typo: any = await session.client.callTool({ name: "get_weather", arguments: { city: "Tokio" } });
    expect(typo.isError).toBe(true);
    expect(typo.structuredContent).toBeUndefined();
    expect(textOf(typo)).toMatch(/Unknown city "Tokio".*Did you mean: Tokyo\?.*list_cities/);
    const nowhere: any = await session.client.callTool({
      name: "get_weather",
      arguments: { city: "Atlantis" },
    });
    expect(nowhere.isError).toBe(true);
    expect(textOf(nowhere)).not.toMatch(/Did you mean/);
    expect(textOf(nowhere)).toMatch(/list_cities/);
  });

  it("rejects bad arguments as tool errors and keeps serving", async () => {
    for (const args of [{}, { city: 42 }, { city: "x".repeat(101) }, { city: "Tokyo", units: "kelvin" }]) {
      const result: any = await session.client.callTool({ name: "get_weather", arguments: args });
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(textOf(result)).toMatch(/Invalid arguments for tool get_weather/);
    }
    const after: any = await session.client.callTool({ name: "get_weather", arguments: { city: "Cairo" } });
    expect(after.structuredContent.city).toBe("Cairo");
    expect(session.stderr()).toBe("");
  });
});

describe("weather sample settings", () => {
  it("uses WEATHER_UNITS=imperial from the rendered credentials", async () => {
    const session = await connectWeather(PLUGIN_ROOT, { credentials: { WEATHER_UNITS: "imperial" } });
    try {
      const result: any = await session.client.callTool({
        name: "get_weather",
        arguments: { city: "Cairo" },
      });
      expect(result.structuredContent).toMatchObject({
        temperature: 91.4,
        units: "imperial",
        wind: { unit: "mph" },
      });
    } finally {
      await session.close();
    }
  });

  it("refuses to start with a bad WEATHER_UNITS, on stderr, with exit code 1", async () => {
    const server = await renderWeatherServer(PLUGIN_ROOT, { WEATHER_UNITS: "kelvin" });
    const run = spawnSync(server.command, server.args, {
      env: { PATH: process.env.PATH, ...server.env },
      input: "",
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/WEATHER_UNITS must be "metric" or "imperial", got "kelvin"/);
  });
});
