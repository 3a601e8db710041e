import { profileCommand } from "./profile-create.js";

export default profileCommand("remove");
