import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { generateKeyPairSync, randomUUID, sign, type KeyObject } from "node:crypto";

/** A local OIDC issuer on 127.0.0.1 that mints GitHub-Actions-shaped ID tokens (node:crypto only). */
export interface TestIssuer {
  url: string;
  /** A signed token: GitHub claims for `repository`/`workflow`, overridden by `claims`. */
  mint(claims?: Record<string, unknown>, options?: MintOptions): string;
  /** Discovery and JWKS requests served so far. */
  requests: string[];
  close(): Promise<void>;
}

export interface MintOptions {
  /** ES256 instead of RS256. */
  alg?: "RS256" | "ES256" | "none";
  /** Sign with a key the issuer does not publish. */
  unpublishedKey?: boolean;
  /** Header kid (default the published key's). */
  kid?: string;
}

/** GitHub's claims for a release run of `acme/weather`'s release.yml on tag v1.0.0. */
export function githubClaims(issuer: string, audience: string, now = Date.now()): Record<string, unknown> {
  const iat = Math.floor(now / 1000);
  return {
    iss: issuer,
    aud: audience,
    sub: "repo:acme/weather:ref:refs/tags/v1.0.0",
    jti: randomUUID(),
    iat,
    nbf: iat - 5,
    exp: iat + 300,
    repository: "acme/weather",
    repository_owner: "acme",
    repository_owner_id: "1001",
    repository_id: "2002",
    ref: "refs/tags/v1.0.0",
    sha: "0123456789abcdef0123456789abcdef01234567",
    workflow_ref: "acme/weather/.github/workflows/release.yml@refs/tags/v1.0.0",
    job_workflow_ref: "acme/weather/.github/workflows/release.yml@refs/tags/v1.0.0",
    run_id: "42",
    run_attempt: "1",
    event_name: "push",
  };
}

export async function startTestIssuer(audience: string): Promise<TestIssuer> {
  const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const ec = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const rogue = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const requests: string[] = [];
  let url = "";
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? "");
    const send = (body: unknown) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.url === "/.well-known/openid-configuration")
      return send({ issuer: url, jwks_uri: `${url}/.well-known/jwks` });
    if (req.url === "/.well-known/jwks")
      return send({
        keys: [
          { ...rsa.publicKey.export({ format: "jwk" }), kid: "rsa-1", alg: "RS256", use: "sig" },
          { ...ec.publicKey.export({ format: "jwk" }), kid: "ec-1", alg: "ES256", use: "sig" },
        ],
      });
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return {
    url,
    requests,
    mint(claims = {}, options = {}) {
      const alg = options.alg ?? "RS256";
      const payload = { ...githubClaims(url, audience), ...claims };
      for (const [k, v] of Object.entries(payload)) if (v === undefined) delete payload[k];
      const kid = options.kid ?? (alg === "ES256" ? "ec-1" : "rsa-1");
      const input = `${b64({ alg, typ: "JWT", kid })}.${b64(payload)}`;
      if (alg === "none") return `${input}.`;
      const key: KeyObject = options.unpublishedKey
        ? rogue.privateKey
        : alg === "ES256"
          ? ec.privateKey
          : rsa.privateKey;
      const signature = sign(
        "sha256",
        Buffer.from(input),
        alg === "ES256" ? { key, dsaEncoding: "ieee-p1363" } : key,
      );
      return `${input}.${signature.toString("base64url")}`;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
