import { localizedText } from "../../core/text/language.js";
import { useLocale, useT } from "../lib/i18n.js";
import { raw } from "hono/html";
import { isBundled } from "../../core/official/launch.js";
import { isRemote } from "../../core/types.js";
import { CheckStatus } from "../components/check-status.js";
import { CopyBlock } from "../components/copy-block.js";
import {
  CredentialList,
  PermissionList,
  ServerList,
  SkillList,
  ToolList,
  VersionList,
} from "../components/connector-facts.js";
import { HostTabs } from "../components/host-tabs.js";
import { QualityPanel, ReportForm } from "../components/quality-panel.js";
import { ProvenanceNote } from "../components/provenance-note.js";
import { BuildProvenanceNote } from "../components/build-provenance-note.js";
import { TrustDowngradeNote } from "../components/trust-downgrade-note.js";
import { PublisherBadge } from "../components/publisher-badge.js";
import { flagSkills, flagTools } from "../../core/tools/tool-flags.js";
import { FlagList } from "../components/flag-list.js";
import { Layout } from "../components/layout.js";
import type { ConnectorDocument, VersionDocument } from "../../core/api/documents.js";
import type { ToolInfo, ToolsSource } from "../lib/documents.js";
import { formatCount, formatDate } from "../lib/format.js";
import type { HostTab } from "../lib/host-snippets.js";
import { iconUrl, publisherUrl } from "../lib/urls.js";
import { launchProblems } from "../../core/launch/launch-problems.js";
import { SkillHosts } from "../components/skill-hosts.js";
import { shownChips } from "../lib/shown-chips.js";
import { shownTitle } from "../lib/shown-title.js";

export interface ConnectorPageProps {
  connector: ConnectorDocument;
  version: VersionDocument;
  /**
   * What the install command puts after `name@`: the exact version (or tag) the URL named; undefined on
   * the connector's own page and on /latest, where a plain `connectory install <name>` gets the same.
   */
  installRef: string | undefined;
  /** Sanitized README HTML (src/web/lib/markdown.ts). */
  readmeHtml: string | undefined;
  tabs: HostTab[] | undefined;
  tools: ToolInfo[];
  /** Who reported the tools (the registry keeps what the publisher reported). */
  toolsSource?: ToolsSource | undefined;
}

// The hosts that have one-click install links, in the order the buttons appear.
const DEEPLINK_HOSTS = ["cursor", "vscode", "cherry-studio"];

/** /c/:name and /c/:name/:version */
export function ConnectorPage(props: ConnectorPageProps) {
  const { connector: c, version: v } = props;
  const t = useT();
  // The connector's own words in the visitor's language when its package has them (plugin.json i18n).
  const local = localizedText(v.manifest.i18n, useLocale().lang);
  const title = local.displayName ?? shownTitle(c);
  const description = local.description ?? v.manifest.description;
  const hasServers = Object.keys(v.mcp.mcpServers).length > 0;
  // A listing-only connector (plugin.json `listingOnly`): shown, with why it cannot be installed.
  const listing = v.manifest.listingOnly;
  const problems = launchProblems(v.mcp.mcpServers);
  const install = props.installRef
    ? `connectory install ${c.name}@${props.installRef}`
    : `connectory install ${c.name}`;
  const deeplinks = DEEPLINK_HOSTS.flatMap((host) => {
    const tab = props.tabs?.find((t) => t.host === host);
    const link = tab?.snippets.length === 1 ? tab.snippets[0]?.deeplink : undefined;
    return tab && link ? [{ label: t("connector.add-to", { host: tab.displayName }), href: link }] : [];
  });
  // Bundled servers are also served as MCP Bundles, which Claude Desktop installs by opening the file.
  const bundles = Object.entries(v.mcp.mcpServers)
    .filter(([, spec]) => !isRemote(spec) && isBundled(spec))
    .map(([server]) => ({
      server,
      href: `/v1/connectors/${c.name}/${encodeURIComponent(v.version)}/bundles/${encodeURIComponent(server)}.mcpb`,
    }));
  return (
    <Layout title={title} description={description}>
      <article class="connector">
        <header class="connector-head">
          <img class="icon icon-lg" src={iconUrl(c.name, v.version)} alt="" width="64" height="64" />
          <div>
            <h1>{title}</h1>
            <p class="muted">
              <code>{c.name}</code> <span class="version">{v.version}</span> {t("connector.by")}{" "}
              <a href={publisherUrl(c.publisher)}>{c.publisher}</a>
              <PublisherBadge badge={c.publisherBadge} />
              {c.publisherBadge?.unclaimed ? (
                <>
                  {" "}
                  <a
                    class="claim"
                    href="/docs/publishers.md#imported-publishers-and-how-a-real-owner-claims-one"
                  >
                    {t("connector.claim")}
                  </a>
                </>
              ) : null}{" "}
              ·{" "}
              {t(c.downloads === 1 ? "card.downloads-one" : "card.downloads-other", {
                n: formatCount(c.downloads),
              })}{" "}
              · {t("connector.published")} <time datetime={v.publishedAt}>{formatDate(v.publishedAt)}</time>
              {v.manifest.license ? ` · ${v.manifest.license}` : ""}
            </p>
            <p class="lead">{description}</p>
            <ProvenanceNote provenance={v.provenance} name={c.name} />
            <BuildProvenanceNote provenance={v.buildProvenance} />
            <TrustDowngradeNote connector={c} version={v.version} />
            <Links version={v} />
          </div>
        </header>
        {v.malicious !== undefined ? (
          <p class="alert alert-bad malicious" role="alert">
            {t("connector.malicious", { date: formatDate(v.malicious) })}
          </p>
        ) : v.yanked ? (
          <p class="alert alert-bad" role="note">
            {t("connector.yanked")}
          </p>
        ) : null}
        {problems.length > 0 ? (
          <div class="alert alert-warn malformed" role="note">
            <p>{t("connector.malformed")}</p>
            <ul>
              {problems.map((p) => (
                <li>{p}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {v.deprecated !== undefined ? (
          <p class="alert alert-warn" role="note">
            {t("connector.deprecated", { reason: v.deprecated })}
          </p>
        ) : null}
        <div class="columns">
          <div class="main-col">
            <section aria-labelledby="install-h">
              <h2 id="install-h">{t("connector.install")}</h2>
              {listing ? (
                <p class="alert alert-warn listing-only" role="note">
                  {t("connector.listing-only", { reason: listing.reason })}
                </p>
              ) : (
                <CopyBlock id="install-cmd" text={install} label={t("connector.install-label")} />
              )}
              {deeplinks.length > 0 ? (
                <p class="deeplinks">
                  {deeplinks.map((d) => (
                    <a class="button" href={d.href}>
                      {d.label}
                    </a>
                  ))}
                </p>
              ) : null}
              {bundles.length > 0 ? (
                <p class="deeplinks">
                  {bundles.map((b) => (
                    <a class="button" href={b.href} download>
                      {bundles.length > 1
                        ? t("connector.bundle-server", { server: b.server })
                        : t("connector.bundle")}
                    </a>
                  ))}
                </p>
              ) : null}
            </section>
            {hasServers ? (
              <section aria-labelledby="hosts-h">
                <h2 id="hosts-h">{t("connector.hosts")}</h2>
                {props.tabs ? (
                  <HostTabs tabs={props.tabs} />
                ) : (
                  <p class="muted">{t("connector.no-snippets")}</p>
                )}
              </section>
            ) : listing ? null : (
              <SkillHosts connector={c.name} skills={v.skills} />
            )}
            <section aria-labelledby="quality-h">
              <h2 id="quality-h">{t("connector.quality")}</h2>
              <QualityPanel quality={c.quality} />
            </section>
            <section aria-labelledby="readme-h" class="readme">
              <h2 id="readme-h">{t("connector.readme")}</h2>
              {props.readmeHtml ? (
                <div class="markdown">{raw(props.readmeHtml)}</div>
              ) : (
                <p class="muted">{t("connector.no-readme")}</p>
              )}
            </section>
          </div>
          <aside class="side-col" aria-label={t("connector.details")}>
            <section aria-labelledby="creds-h">
              <h2 id="creds-h">{t("connector.credentials")}</h2>
              <CredentialList schema={v.tokenSchema} />
            </section>
            {hasServers ? (
              <section aria-labelledby="servers-h">
                <h2 id="servers-h">{t("connector.servers")}</h2>
                <ServerList servers={v.mcp.mcpServers} />
              </section>
            ) : null}
            <PermissionList permissions={v.manifest.permissions} servers={v.mcp.mcpServers} />
            {c.checks && hasServers ? (
              <section aria-labelledby="checks-h">
                <h2 id="checks-h">{t("connector.checks")}</h2>
                <CheckStatus checks={c.checks} />
              </section>
            ) : null}
            {v.skills.length > 0 || (!hasServers && !listing) ? (
              <section aria-labelledby="skills-h">
                <h2 id="skills-h">{t("connector.skills")}</h2>
                <SkillList skills={v.skills} />
              </section>
            ) : null}
            {props.tools.length > 0 ? (
              <section aria-labelledby="tools-h">
                <h2 id="tools-h">{t("connector.tools")}</h2>
                <ToolList tools={props.tools} source={props.toolsSource} imported={v.provenance} />
              </section>
            ) : null}
            <FlagList flags={[...flagTools(props.tools), ...flagSkills(v.skills)]} />
            <section aria-labelledby="versions-h">
              <h2 id="versions-h">{t("connector.versions")}</h2>
              <VersionList
                name={c.name}
                versions={Object.values(c.versions)}
                current={v.version}
                latest={c.distTags.latest}
              />
            </section>
            <section aria-labelledby="report-h">
              <h2 id="report-h">{t("connector.report")}</h2>
              <ReportForm name={c.name} version={v.version} />
            </section>
          </aside>
        </div>
      </article>
    </Layout>
  );
}

/** Homepage, repository, keywords and categories. Only http(s) URLs become links. */
function Links({ version: v }: { version: VersionDocument }) {
  const t = useT();
  const m = v.manifest;
  const link = (href: string | undefined, label: string) =>
    href && /^https?:\/\//i.test(href) ? (
      <a href={href} rel="nofollow noopener noreferrer">
        {label}
      </a>
    ) : null;
  const homepage = link(m.homepage, t("connector.homepage"));
  const repository = link(m.repository, t("connector.repository"));
  // An empty paragraph would still take a line of the header (and a screen reader's attention).
  const chips = shownChips(m);
  if (!homepage && !repository && chips.categories.length === 0 && chips.keywords.length === 0) return null;
  return (
    <p class="tags">
      {homepage} {repository}
      {chips.categories.map((cat) => (
        <a class="chip" href={`/search?category=${cat}`}>
          {cat}
        </a>
      ))}
      {chips.keywords.map((k) => (
        <span class="chip chip-quiet">{k}</span>
      ))}
    </p>
  );
}
