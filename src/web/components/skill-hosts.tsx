import { useT } from "../lib/i18n.js";
import type { SkillEntry } from "../../core/api/documents.js";
import { HOSTS, type HostId } from "../../core/hosts/index.js";
import { SKILL_FOLDERS } from "../../core/hosts/skill-folders.js";
import { exportedSkillName } from "../../core/hosts/exported-skill-name.js";

/**
 * For a connector without servers (skills only): what it is, and where each host that loads Agent Skills
 * gets them once `connectory config export --host <host> --write` copies them (docs/hosts.md, "Skills
 * folders"), instead of host snippets for servers it does not have.
 */
export function SkillHosts({ connector, skills }: { connector: string; skills: SkillEntry[] }) {
  const first = skills[0] ? exportedSkillName(connector, skills[0].name) : "<skill>";
  const hosts = (Object.keys(SKILL_FOLDERS) as HostId[]).map((id) => ({
    id,
    name: HOSTS[id].displayName,
    folder: SKILL_FOLDERS[id]!.user?.join("/"),
    confirmed: SKILL_FOLDERS[id]!.confirmed,
  }));
  const t = useT();
  return (
    <section aria-labelledby="skill-hosts-h">
      <h2 id="skill-hosts-h">{t("skill-hosts.title")}</h2>
      <p>
        {t(skills.length === 1 ? "skill-hosts.lead-one" : "skill-hosts.lead", { count: skills.length })}{" "}
        <code>connectory config export --host &lt;host&gt; --write</code>
        {t("sentence.end")}
      </p>
      <table class="skill-hosts">
        <thead>
          <tr>
            <th scope="col">{t("skill-hosts.host")}</th>
            <th scope="col">{t("skill-hosts.folder")}</th>
          </tr>
        </thead>
        <tbody>
          {hosts.map((h) =>
            h.folder ? (
              <tr>
                <td>{h.name}</td>
                <td>
                  <code class="break">
                    ~/{h.folder}/{first}/
                  </code>
                  {h.confirmed ? null : <span class="muted"> {t("skill-hosts.unconfirmed")}</span>}
                </td>
              </tr>
            ) : null,
          )}
        </tbody>
      </table>
    </section>
  );
}
