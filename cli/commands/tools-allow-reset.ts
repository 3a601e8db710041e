import { rulesCommand } from "./tools-allow.js";

export default rulesCommand("reset");
