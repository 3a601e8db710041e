import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Tests that call the credential store directly use the file; the keychain tests ask for the keychain.
    env: { CONNECTORY_CREDENTIAL_STORE: "file" },
  },
});
