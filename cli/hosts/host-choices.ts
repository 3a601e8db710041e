import { HOST_IDS } from "../../src/core/hosts/types.js";

/**
 * The hosts `--host` completes to: every host but cherry-studio, which has no config file to write
 * (it imports a deeplink or a pasted snippet: `config copy`).
 */
export const HOST_CHOICES = HOST_IDS.filter((h) => h !== "cherry-studio");
