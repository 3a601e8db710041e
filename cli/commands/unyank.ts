import { yankCommand } from "./yank.js";

export default yankCommand(false);
