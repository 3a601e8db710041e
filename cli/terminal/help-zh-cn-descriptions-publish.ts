import type { DescriptionZh } from "./help-zh-cn-descriptions.js";

// The longer `--help` in Simplified Chinese of a publisher's verbs (convert, pack, publish, login,
// logout…); help-zh-cn-descriptions.ts joins every part. `of`: see there.

export const DESCRIPTIONS_ZH_CN_PUBLISH: Record<string, DescriptionZh> = {
  convert: {
    of: "b5f9a57a9935",
    text: `
把以其他生态格式描述的连接器转换为能通过 \`validate --strict\` 的 Connectory 连接器文件夹，并列出无法带过来
的内容（带代码的说明，绝不悄悄丢失）。可读取：官方 MCP Registry 的 server.json；MCP Bundle 的 manifest.json
（解包后的 bundle 文件夹中的 manifest.json 会带上 bundle 的文件）；Claude Code 的 marketplace.json#<plugin>
（检出代码中该插件的文件夹）；Claude Code 或 Codex 的插件文件夹；Gemini CLI 扩展文件夹
（gemini-extension.json：settings[] 变为凭据）；.mcp.json；Docker MCP 目录的 server.yaml（连同旁边的
tools.json）。由 Connectory 注册表提供的插件或扩展（其 /npm/ 包）会逐字节还原为它所来自的连接器。文件夹要么
完整写入，要么完全不写；已存在的非空文件夹会被拒绝，除非给出 --force。

--json 打印 { folder, format, name, version, files, notes: [{ code, path, message }], tools }。`,
  },
  pack: {
    of: "31456330c3d9",
    text: `
校验连接器文件夹，然后把它写成 gzip tarball：当前文件夹中的 <name>-<version>.tgz（或 -o <file>；
-o <folder> 把默认名称的文件放在那里）。包有错误时什么都不写。tarball 是确定性的：相同的文件在每次运行和每台
机器上得到相同的字节（条目排序、时间固定、无属主，模式为 0644，可执行文件为 0755）。

不放入 tarball 的（并列在标准错误上）：文件夹 .git/、.hg/、.svn/、node_modules/；文件 .DS_Store、
Thumbs.db、npm-debug.log、.npmrc、.env（任何位置）；顶层的 *.tgz（之前打的包）。符号链接和特殊文件会被
拒绝；空文件夹不保留。

--json 打印 { file, name, version, files, size, integrity, sha256 }。`,
  },
  publish: {
    of: "e3dccef2596f",
    text: `
把连接器发布到市场。文件夹会被校验并打包（如 \`connectory pack\`）；tarball 会被读取并校验；其他生态的文件
（server.json、manifest.json、marketplace.json#plugin、.mcp.json、server.yaml，或没有 plugin.json 的插件
或 bundle 文件夹）会先像 \`connectory convert\` 那样以令牌的发布者转换，并显示其说明。包有错误时什么都不上传。
令牌是 \`connectory login <marketplace>\` 存储的那个，或 CONNECTORY_TOKEN。在带 \`id-token: write\` 的
GitHub Actions 作业（ACTIONS_ID_TOKEN_REQUEST_URL）或带名为 CONNECTORY_ID_TOKEN 的 \`id_tokens\` 条目的
GitLab 作业中，且没有 CONNECTORY_TOKEN 时，不需要令牌：CI 的 ID 令牌会被换成该连接器 15 分钟有效的令牌
（可信发布；由 \`connectory trusted-publisher add\` 绑定）。

--with-tools 先像 \`connectory inspect\` 那样启动包中的每个服务器（打包的服务器来自包本身，远程服务器通过
网络）并列出其工具；上传后把它们报告给注册表，注册表在连接器页面上将其显示为发布者报告的工具。服务器的凭据来自
--config KEY=VALUE，只有在 --config-from-env（每个键）或 --config-env KEY（该键）时才来自与键同名的环境
变量。若某个服务器无法列出，或其工具超出注册表的限制（最多 256 个工具，总计 1 MiB，每个 inputSchema 最多
64 KiB、32 层深），则不发布任何内容。--tools-only 报告一个已发布版本的工具（例如远程服务器的工具变了时再次
报告），不上传它。

打印连接器的网页和已发布版本的 API URL。--json 打印 { name, version, url, page, tarball, integrity,
sha256, size, marketplace, tools? }（tools：{ reportedBy, reportedAt, count }；转换的文件还有
converted：{ format, notes: [{ code, path, message }] }）。`,
  },
  login: {
    of: "6afb7d9de056",
    text: `
在向注册表核对（GET /v1/whoami）后，为市场存储发布令牌。令牌来自 --token，否则来自 CONNECTORY_TOKEN 环境
变量，否则在有人使用终端时以隐藏输入询问。它保存在凭据存储中（操作系统钥匙串，或 credentials.json，模式
0600），永远不会被打印。注册表运营者用 \`npm run registry -- token create --publisher <name>\` 签发令牌。

--json 打印 { marketplace, url, publisher }。`,
  },
  logout: {
    of: "9dadf95c3063",
    text: `
从凭据存储（操作系统钥匙串，或 credentials.json）中删除为市场（默认：默认市场）存储的发布令牌。令牌本身在
注册表上仍然有效，直到其运营者吊销它（\`connectory-registry token revoke\`）。以之后被删除的市场名称存储的
令牌也会被删除。没有存储令牌时登出不改变任何东西，退出码为 0。
--json 打印 { marketplace, removed }。`,
  },
};
