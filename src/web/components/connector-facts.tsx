import { loaderEnvReason } from "../../core/launch/loader-env.js";
import { quoteArg, quoteAssignment, quoteCommand } from "../../core/launch/quote-arg.js";
import { describePermissions, permissionWords, type Permissions } from "../../core/sandbox/permissions.js";
import { isRemote, type ServerSet, type TokenSchema } from "../../core/types.js";
import type { SkillEntry, VersionSummary } from "../../core/api/documents.js";
import type { ToolInfo, ToolsSource } from "../lib/documents.js";
import { formatDate } from "../lib/format.js";
import { InlineMarkdown } from "./inline-markdown.js";
import { connectorUrl } from "../lib/urls.js";
import { useLocale, useT } from "../lib/i18n.js";
import type { ImportProvenance } from "../../core/api/documents.js";
import { sourceName } from "../../core/api/provenance.js";

/** Every version, newest first, with its date and yanked / deprecated marks. */
export function VersionList({
  name,
  versions,
  current,
  latest,
}: {
  name: string;
  versions: VersionSummary[];
  current: string;
  latest?: string;
}) {
  const t = useT();
  return (
    <ol class="versions" reversed>
      {[...versions].reverse().map((v) => (
        <li class={v.version === current ? "current" : undefined}>
          <a href={connectorUrl(name, v.version)} aria-current={v.version === current ? "page" : undefined}>
            {v.version}
          </a>{" "}
          <time datetime={v.publishedAt}>{formatDate(v.publishedAt)}</time>
          {v.version === latest ? <span class="badge">{t("facts.latest")}</span> : null}
          {v.malicious !== undefined ? (
            <span class="badge badge-bad">{t("facts.malicious")}</span>
          ) : v.yanked ? (
            <span class="badge badge-bad">{t("facts.yanked")}</span>
          ) : null}
          {v.deprecated !== undefined ? (
            <span class="badge badge-warn" title={v.deprecated}>
              {t("facts.deprecated")}
            </span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** The credentials a connector asks for: title, description, secret or not. Never a value (not even a default of a secret). */
export function CredentialList({ schema }: { schema: TokenSchema | undefined }) {
  const t = useT();
  const entries = Object.entries(schema?.properties ?? {});
  if (entries.length === 0) return <p class="muted">{t("facts.no-credentials")}</p>;
  const required = new Set(schema?.required ?? []);
  return (
    <dl class="credentials">
      {entries.map(([key, p]) => (
        <div>
          <dt>
            <code>{key}</code> {p.title && p.title !== key ? <span>{p.title}</span> : null}
            {p.secret === true ? <span class="badge">{t("facts.secret")}</span> : null}
            {required.has(key) ? (
              <span class="badge">{t("facts.required")}</span>
            ) : (
              <span class="badge badge-quiet">{t("facts.optional")}</span>
            )}
          </dt>
          {p.description ? (
            <dd>
              <InlineMarkdown text={p.description} />
            </dd>
          ) : null}
        </div>
      ))}
    </dl>
  );
}

/** Skills with their descriptions. */
export function SkillList({ skills }: { skills: SkillEntry[] }) {
  const t = useT();
  if (skills.length === 0) return <p class="muted">{t("facts.no-skills")}</p>;
  return (
    <dl class="skills">
      {skills.map((s) => (
        <div>
          <dt>
            <code>{s.name}</code>
          </dt>
          <dd>{s.description}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Servers with their whole launch (issue 12): the command line quoted as a shell reads it, cwd, every env
 * key and value, and a warning on keys that change how code is loaded. Templates (`${KEY}`) are shown as
 * written; they hold no values.
 */
export function ServerList({ servers }: { servers: ServerSet }) {
  const t = useT();
  return (
    <ul class="servers">
      {Object.entries(servers).map(([name, server]) => (
        <li>
          <code>{name}</code>{" "}
          {isRemote(server) ? (
            <>
              <span class="badge">{server.type}</span> <span class="break">{server.url}</span>
              {server.oauth ? (
                <div class="launch-detail">
                  <span class="badge">OAuth</span> {t("facts.oauth")} <code>connectory auth {name}</code>
                </div>
              ) : null}
            </>
          ) : (
            <>
              <span class="badge">stdio</span>{" "}
              <code class="break launch">{quoteCommand(server.command, server.args)}</code>
              {server.cwd !== undefined ? (
                <div class="launch-detail">
                  cwd <code class="break">{quoteArg(server.cwd)}</code>
                </div>
              ) : null}
              {Object.entries(server.env ?? {}).map(([key, value]) => {
                const why = loaderEnvReason(key);
                return (
                  <div class={why ? "launch-detail launch-flagged" : "launch-detail"}>
                    env <code class="break">{quoteAssignment(key, value)}</code>
                    {why ? (
                      <span class="badge badge-bad" title={why}>
                        {t("facts.loader", { why })}
                      </span>
                    ) : null}
                  </div>
                );
              })}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * What the connector's local servers may reach, in the plain words `info` and `install` use
 * ("unrestricted" when it declares nothing); nothing for a remote-only connector (nothing of it runs
 * on the user's machine).
 */
export function PermissionList({
  permissions,
  servers,
}: {
  permissions: Permissions | undefined;
  servers: ServerSet;
}) {
  const t = useT();
  const { lang } = useLocale();
  if (!Object.values(servers).some((s) => !isRemote(s))) return null;
  return (
    <section aria-labelledby="permissions-h">
      <h2 id="permissions-h">{t("facts.permissions")}</h2>
      <ul class={permissions ? "permissions" : "permissions permissions-unrestricted"}>
        {describePermissions(permissions, permissionWords(lang)).map((line) => (
          <li>{line}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Tools, when the registry knows them, with who reported them: the publisher, or for an imported version
 * the catalog it came from (the importer reports the tools a catalog lists); never the registry.
 */
export function ToolList({
  tools,
  source,
  imported,
}: {
  tools: ToolInfo[];
  source?: ToolsSource | undefined;
  imported?: ImportProvenance | undefined;
}) {
  const t = useT();
  const { lang } = useLocale();
  // Which server lists a tool matters only when the package has more than one.
  const servers = new Set(tools.map((t) => t.server ?? ""));
  return (
    <>
      {source ? (
        <p class="muted">
          {imported
            ? t("facts.tools-listed-by", {
                catalog: sourceName(imported.format, lang),
                date: formatDate(imported.fetchedAt),
              })
            : source.reportedAt
              ? t("facts.tools-reported-on", { date: formatDate(source.reportedAt) })
              : t("facts.tools-reported")}
        </p>
      ) : null}
      <dl class="tools">
        {tools.map((t) => (
          <div>
            <dt>
              <code>{t.name}</code> {t.title ? <span>{t.title}</span> : null}
              {servers.size > 1 && t.server ? <span class="muted"> ({t.server})</span> : null}
            </dt>
            {t.description ? <dd>{t.description}</dd> : null}
          </div>
        ))}
      </dl>
    </>
  );
}
