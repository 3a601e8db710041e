import { sandboxToggle } from "./sandbox-toggle.js";
export default sandboxToggle(false);
