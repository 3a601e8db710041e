import { execFile, spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const exec = promisify(execFile);

/**
 * A real Secret Service for the keychain tests: a private D-Bus session bus (dbus-daemon) with
 * gnome-keyring-daemon on it, its login keyring created and unlocked with a password given on stdin,
 * its files in a temp folder (never the real ~/.local/share/keyrings). `env` is what a process needs to
 * reach it. Debian's gnome-keyring, dbus and libsecret-tools (.ci/services installs them).
 */
export interface SecretService {
  env: { DBUS_SESSION_BUS_ADDRESS: string };
  /** `secret-tool lookup service … username …`: the stored text, or undefined. */
  lookup(service: string, account: string): Promise<string | undefined>;
  /** `secret-tool store`: puts a text in the keychain as another program would. */
  store(service: string, account: string, text: string): Promise<void>;
  /** Locks the login collection through the Secret Service API (as a screen lock does). */
  lock(): Promise<void>;
  stop(): Promise<void>;
}

/** Why the keychain tests cannot run here (a missing program), or undefined when they can. */
export function secretServiceMissing(): string | undefined {
  for (const tool of ["dbus-daemon", "gnome-keyring-daemon", "secret-tool", "dbus-send"])
    if (spawnSync("sh", ["-c", `command -v ${tool}`]).status !== 0) return `${tool} is not installed`;
  return undefined;
}

export async function startSecretService(): Promise<SecretService> {
  const dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "connectory-keyring-")));
  for (const sub of ["data", "run", "config"]) await fs.mkdir(path.join(dir, sub), { mode: 0o700 });
  const base = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: dir,
    XDG_DATA_HOME: path.join(dir, "data"),
    XDG_RUNTIME_DIR: path.join(dir, "run"),
    XDG_CONFIG_HOME: path.join(dir, "config"),
  };
  const bus = await exec("dbus-daemon", ["--session", "--fork", "--print-address=1", "--print-pid=1"], {
    env: base,
  });
  const [address, pidText] = bus.stdout.trim().split("\n");
  const busPid = Number(pidText);
  if (!address || !Number.isInteger(busPid)) throw new Error(`dbus-daemon printed ${bus.stdout}`);
  const env = { ...base, DBUS_SESSION_BUS_ADDRESS: address };
  const daemon: ChildProcess = spawn(
    "gnome-keyring-daemon",
    ["--foreground", "--unlock", "--components=secrets"],
    { env, stdio: ["pipe", "ignore", "ignore"] },
  );
  daemon.stdin?.end("test-keyring-password");
  const stop = async () => {
    daemon.kill("SIGTERM");
    try {
      process.kill(busPid, "SIGTERM");
    } catch {
      // already gone
    }
    await fs.rm(dir, { recursive: true, force: true });
  };
  // Wait until it owns the name: a client calling earlier would make D-Bus start another, locked one.
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { stdout } = await exec(
      "dbus-send",
      [
        "--session",
        "--print-reply",
        "--dest=org.freedesktop.DBus",
        "/org/freedesktop/DBus",
        "org.freedesktop.DBus.NameHasOwner",
        "string:org.freedesktop.secrets",
      ],
      { env },
    );
    if (stdout.includes("boolean true")) break;
    if (Date.now() > deadline || daemon.exitCode !== null) {
      await stop();
      throw new Error("gnome-keyring-daemon did not take org.freedesktop.secrets on the test bus");
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    env: { DBUS_SESSION_BUS_ADDRESS: address },
    async lookup(service, account) {
      try {
        const { stdout } = await exec("secret-tool", ["lookup", "service", service, "username", account], {
          env,
        });
        return stdout;
      } catch {
        return undefined; // exit 1: no such item
      }
    },
    async store(service, account, text) {
      await new Promise<void>((resolve, reject) => {
        const child = spawn(
          "secret-tool",
          ["store", "--label", "test", "service", service, "username", account],
          { env, stdio: ["pipe", "ignore", "pipe"] },
        );
        child.on("error", reject);
        child.on("close", (code) =>
          code === 0 ? resolve() : reject(new Error(`secret-tool store: ${code}`)),
        );
        child.stdin.end(text);
      });
    },
    async lock() {
      await exec(
        "dbus-send",
        [
          "--session",
          "--print-reply",
          "--dest=org.freedesktop.secrets",
          "/org/freedesktop/secrets",
          "org.freedesktop.Secret.Service.Lock",
          "array:objpath:/org/freedesktop/secrets/collection/login",
        ],
        { env },
      );
    },
    stop,
  };
}

/**
 * A D-Bus session bus on which nothing provides the Secret Service (no service folders to activate
 * gnome-keyring from): a headless session, as on many servers.
 */
export async function startBareBus(): Promise<{
  env: { DBUS_SESSION_BUS_ADDRESS: string };
  stop(): Promise<void>;
}> {
  const dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "connectory-bus-")));
  const config = path.join(dir, "bus.conf");
  await fs.writeFile(
    config,
    `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>session</type><listen>unix:dir=${dir}</listen>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy></busconfig>\n`,
  );
  const bus = await exec(
    "dbus-daemon",
    [`--config-file=${config}`, "--fork", "--print-address=1", "--print-pid=1"],
    {
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: dir },
    },
  );
  const [address, pidText] = bus.stdout.trim().split("\n");
  if (!address || !Number.isInteger(Number(pidText))) throw new Error(`dbus-daemon printed ${bus.stdout}`);
  return {
    env: { DBUS_SESSION_BUS_ADDRESS: address },
    async stop() {
      try {
        process.kill(Number(pidText), "SIGTERM");
      } catch {
        // already gone
      }
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
