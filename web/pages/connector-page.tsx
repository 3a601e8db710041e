import { raw } from "hono/html";
import { isBundled } from "../../src/core/official/launch.js";
import { isRemote } from "../../src/core/types.js";
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
import { PublisherBadge } from "../components/publisher-badge.js";
import { revealHidden } from "../../src/core/text/hidden-chars.js";
import { flagSkills, flagTools, type TextFlag } from "../../src/core/tools/tool-flags.js";
import { Layout } from "../components/layout.js";
import type { ConnectorDocument, VersionDocument } from "../../src/core/api/documents.js";
import type { ToolInfo, ToolsSource } from "../lib/documents.js";
import { formatDate, plural } from "../lib/format.js";
import type { HostTab } from "../lib/host-snippets.js";
import { iconUrl, publisherUrl } from "../lib/urls.js";

export interface ConnectorPageProps {
  connector: ConnectorDocument;
  version: VersionDocument;
  /**
   * What the install command puts after `name@`: the exact version (or tag) the URL named; undefined on
   * the connector's own page and on /latest, where a plain `connectory install <name>` gets the same.
   */
  installRef: string | undefined;
  /** Sanitized README HTML (web/lib/markdown.ts). */
  readmeHtml: string | undefined;
  tabs: HostTab[] | undefined;
  tools: ToolInfo[];
  /** Who reported the tools (the registry keeps what the publisher reported). */
  toolsSource?: ToolsSource | undefined;
}

/**
 * Instruction-like content in the tools and skills (src/core/text/instruction-flags.ts): what a model
 * would read as orders. Each flag says what was found and why it matters.
 */
function FlagList({ flags }: { flags: TextFlag[] }) {
  if (flags.length === 0) return null;
  return (
    <section aria-labelledby="flags-h" class="flags">
      <h2 id="flags-h">Flags</h2>
      <p class="muted">Instruction-like content a model would read. Review it before you install.</p>
      <ul>
        {flags.map((f) => (
          <li>
            <code>{f.code}</code> in <code>{f.subject}</code>: {f.message}
            {f.match ? (
              <>
                {" "}
                (<q>{revealHidden(f.match)}</q>)
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

// The hosts that have one-click install links, in the order the buttons appear.
const DEEPLINK_HOSTS = ["cursor", "vscode", "cherry-studio"];

/** /c/:name and /c/:name/:version */
export function ConnectorPage(props: ConnectorPageProps) {
  const { connector: c, version: v } = props;
  const title = c.displayName ?? c.name;
  const install = props.installRef
    ? `connectory install ${c.name}@${props.installRef}`
    : `connectory install ${c.name}`;
  const deeplinks = DEEPLINK_HOSTS.flatMap((host) => {
    const tab = props.tabs?.find((t) => t.host === host);
    const link = tab?.snippets.length === 1 ? tab.snippets[0]?.deeplink : undefined;
    return tab && link ? [{ label: `Add to ${tab.displayName}`, href: link }] : [];
  });
  // Bundled servers are also served as MCP Bundles, which Claude Desktop installs by opening the file.
  const bundles = Object.entries(v.mcp.mcpServers)
    .filter(([, spec]) => !isRemote(spec) && isBundled(spec))
    .map(([server]) => ({
      server,
      href: `/v1/connectors/${c.name}/${encodeURIComponent(v.version)}/bundles/${encodeURIComponent(server)}.mcpb`,
    }));
  return (
    <Layout title={title} description={v.manifest.description}>
      <article class="connector">
        <header class="connector-head">
          <img class="icon icon-lg" src={iconUrl(c.name, v.version)} alt="" width="64" height="64" />
          <div>
            <h1>
              {title} <span class="version">{v.version}</span>
            </h1>
            <p class="muted">
              <code>{c.name}</code> by <a href={publisherUrl(c.publisher)}>{c.publisher}</a>
              <PublisherBadge badge={c.publisherBadge} /> · {plural(c.downloads, "download")} · published{" "}
              <time datetime={v.publishedAt}>{formatDate(v.publishedAt)}</time>
              {v.manifest.license ? ` · ${v.manifest.license}` : ""}
            </p>
            <p class="lead">{v.manifest.description}</p>
            <ProvenanceNote provenance={v.provenance} />
            <Links version={v} />
          </div>
        </header>
        {v.malicious !== undefined ? (
          <p class="alert alert-bad malicious" role="alert">
            An operator of this registry confirmed a report that this version is malicious (
            <time datetime={v.malicious}>{formatDate(v.malicious)}</time>). It is yanked for good, and{" "}
            <code>connectory install</code> refuses it. Do not run it.
          </p>
        ) : v.yanked ? (
          <p class="alert alert-bad" role="note">
            This version was yanked: ranges and <code>latest</code> skip it; an exact pin still installs it,
            with a warning.
          </p>
        ) : null}
        {v.deprecated !== undefined ? (
          <p class="alert alert-warn" role="note">
            Deprecated: {v.deprecated}
          </p>
        ) : null}
        <div class="columns">
          <div class="main-col">
            <section aria-labelledby="install-h">
              <h2 id="install-h">Install</h2>
              <CopyBlock id="install-cmd" text={install} label="Install command" />
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
                      Download {bundles.length > 1 ? `${b.server} ` : ""}for Claude Desktop (.mcpb)
                    </a>
                  ))}
                </p>
              ) : null}
            </section>
            <section aria-labelledby="hosts-h">
              <h2 id="hosts-h">Configure a host</h2>
              {props.tabs ? (
                <HostTabs tabs={props.tabs} />
              ) : (
                <p class="muted">Host snippets are not available from this registry.</p>
              )}
            </section>
            <section aria-labelledby="quality-h">
              <h2 id="quality-h">Quality</h2>
              <QualityPanel quality={c.quality} />
            </section>
            <section aria-labelledby="readme-h" class="readme">
              <h2 id="readme-h">README</h2>
              {props.readmeHtml ? (
                <div class="markdown">{raw(props.readmeHtml)}</div>
              ) : (
                <p class="muted">No README.</p>
              )}
            </section>
          </div>
          <aside class="side-col" aria-label="Details">
            <section aria-labelledby="creds-h">
              <h2 id="creds-h">Credentials</h2>
              <CredentialList schema={v.tokenSchema} />
            </section>
            <section aria-labelledby="servers-h">
              <h2 id="servers-h">Servers</h2>
              <ServerList servers={v.mcp.mcpServers} />
            </section>
            <PermissionList permissions={v.manifest.permissions} servers={v.mcp.mcpServers} />
            {c.checks ? (
              <section aria-labelledby="checks-h">
                <h2 id="checks-h">Live checks</h2>
                <CheckStatus checks={c.checks} />
              </section>
            ) : null}
            <section aria-labelledby="skills-h">
              <h2 id="skills-h">Skills</h2>
              <SkillList skills={v.skills} />
            </section>
            {props.tools.length > 0 ? (
              <section aria-labelledby="tools-h">
                <h2 id="tools-h">Tools</h2>
                <ToolList tools={props.tools} source={props.toolsSource} />
              </section>
            ) : null}
            <FlagList flags={[...flagTools(props.tools), ...flagSkills(v.skills)]} />
            <section aria-labelledby="versions-h">
              <h2 id="versions-h">Versions</h2>
              <VersionList
                name={c.name}
                versions={Object.values(c.versions)}
                current={v.version}
                latest={c.distTags.latest}
              />
            </section>
            <section aria-labelledby="report-h">
              <h2 id="report-h">Report</h2>
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
  const m = v.manifest;
  const link = (href: string | undefined, label: string) =>
    href && /^https?:\/\//i.test(href) ? (
      <a href={href} rel="nofollow noopener noreferrer">
        {label}
      </a>
    ) : null;
  const homepage = link(m.homepage, "Homepage");
  const repository = link(m.repository, "Repository");
  // An empty paragraph would still take a line of the header (and a screen reader's attention).
  if (!homepage && !repository && !m.categories?.length && !m.keywords?.length) return null;
  return (
    <p class="tags">
      {homepage} {repository}
      {(m.categories ?? []).map((cat) => (
        <a class="chip" href={`/search?category=${cat}`}>
          {cat}
        </a>
      ))}
      {(m.keywords ?? []).map((k) => (
        <span class="chip chip-quiet">{k}</span>
      ))}
    </p>
  );
}
