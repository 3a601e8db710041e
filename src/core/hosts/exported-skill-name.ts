/**
 * The folder (and `name`) a connector's skill gets in a host's skills folder: `<connector>-<skill>`,
 * so two connectors' skills, or a connector's and the user's own, never share a folder. A skill already
 * named after its connector (`weather-briefing` of `weather`, or `tushare` of `tushare`) keeps its name.
 * Its own module, without the YAML reader of skill-name.ts: the web's connector page shows it, and a
 * registry start does not load YAML for it (issue 29).
 */
export function exportedSkillName(connector: string, skill: string): string {
  return skill === connector || skill.startsWith(`${connector}-`) ? skill : `${connector}-${skill}`;
}
