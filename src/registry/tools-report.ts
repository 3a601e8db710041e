// The checks and limits of a tools report live in src/core/tools/report.ts, shared with
// `connectory publish --with-tools` (which checks before uploading); the registry uses them from here.
export {
  MAX_TOOLS,
  MAX_TOOLS_BYTES,
  checkToolsReport,
  type ReportedTool,
  type ToolsReport,
} from "../core/tools/report.js";
