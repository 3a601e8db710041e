import { HOST_TABLE } from "../../src/core/hosts/index.js";

/**
 * The hosts `--host` completes to: every host with a config file to write; not cherry-studio, which
 * imports a deeplink or a pasted snippet (`config copy`).
 */
export const HOST_CHOICES = HOST_TABLE.flatMap((adapter) => (adapter.document ? [adapter.id] : []));
