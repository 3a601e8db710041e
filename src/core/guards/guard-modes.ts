import type { GuardKind } from "./scan-text.js";

/** What a guard does with what it found. */
export type GuardMode = "mask" | "warn" | "block" | "off";
export const GUARD_MODES: readonly GuardMode[] = ["mask", "warn", "block", "off"];

/** One mode per kind. */
export type GuardModes = Record<GuardKind, GuardMode>;

/** Partial modes as stored (guards.json): a kind left out takes the layer below. */
export type GuardSettings = Partial<GuardModes>;

/** The documented defaults: secrets and invisible characters masked, injection markers flagged. */
export const DEFAULT_GUARD_MODES: Readonly<GuardModes> = {
  secrets: "mask",
  unicode: "mask",
  injection: "warn",
};

/** The modes of one server: the defaults, its own settings, then the served profile's on top. */
export function layerGuardModes(...layers: Array<GuardSettings | undefined>): GuardModes {
  const out: GuardModes = { ...DEFAULT_GUARD_MODES };
  for (const layer of layers) if (layer) Object.assign(out, layer);
  return out;
}

/** True when every kind is off: the guard is not installed at all. */
export function guardsOff(modes: GuardModes): boolean {
  return modes.secrets === "off" && modes.unicode === "off" && modes.injection === "off";
}

/** `secrets=mask unicode=mask injection=warn`: one line for `config --explain` and `doctor`. */
export function guardModesText(modes: GuardModes): string {
  return (Object.keys(modes) as GuardKind[]).map((k) => `${k}=${modes[k]}`).join(" ");
}
