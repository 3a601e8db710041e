import { describe, expect, it } from "vitest";
import {
  checkBinding,
  checkIssuer,
  matchBinding,
  parseIssuers,
  DEFAULT_ISSUERS,
} from "../../../src/core/oidc/bindings.js";
import { ciIdentity, type CiIdentity } from "../../../src/core/oidc/ci-claims.js";
import { readBuildProvenance } from "../../../src/core/oidc/provenance.js";

const GH = "https://token.actions.githubusercontent.com";

describe("issuers", () => {
  it.each([
    ["https://gitlab.com/", "https://gitlab.com"],
    ["http://127.0.0.1:8080", "http://127.0.0.1:8080"],
    ["http://[::1]:9", "http://[::1]:9"],
  ])("accepts %s", (text, want) => expect(checkIssuer(text)).toBe(want));
  it.each(["http://example.com", "ftp://x", "not a url", "https://u:p@x.example", "https://x.example/?a=1"])(
    "refuses %s",
    (text) =>
      expect(() => checkIssuer(text)).toThrow(expect.objectContaining({ code: "oidc.issuer.invalid" })),
  );
  it("OIDC_ISSUERS: default, none, a list", () => {
    expect(parseIssuers(undefined)).toEqual(DEFAULT_ISSUERS);
    expect(parseIssuers("none")).toEqual([]);
    expect(parseIssuers(`${GH}, ${GH}/,https://gitlab.example`)).toEqual([GH, "https://gitlab.example"]);
  });
});

describe("checkBinding", () => {
  it("normalizes and refuses what cannot match", () => {
    expect(
      checkBinding({ issuer: GH, repository: "Acme/Weather", workflow: ".github/workflows/release.yml" }, [
        GH,
      ]),
    ).toEqual({
      issuer: GH,
      repository: "acme/weather",
      workflow: "release.yml",
      environment: null,
    });
    const code = (input: Parameters<typeof checkBinding>[0]) => {
      try {
        checkBinding(input, [GH]);
        return "ok";
      } catch (error) {
        return (error as { code: string }).code;
      }
    };
    expect(code({ issuer: "https://gitlab.com", repository: "a/b", workflow: "x.yml" })).toBe(
      "trusted-publisher.issuer.untrusted",
    );
    expect(code({ issuer: GH, repository: "just-a-name", workflow: "x.yml" })).toBe(
      "trusted-publisher.invalid",
    );
    expect(code({ issuer: GH, repository: "a/b", workflow: "../../x.yml" })).toBe(
      "trusted-publisher.invalid",
    );
    expect(code({ issuer: GH, repository: "a/b", workflow: "x.sh" })).toBe("trusted-publisher.invalid");
    expect(code({ issuer: GH, repository: "a/b", workflow: "x.yml", environment: "a\nb" })).toBe(
      "trusted-publisher.invalid",
    );
  });
});

const identity = (over: Partial<CiIdentity> = {}): CiIdentity => ({
  issuer: GH,
  repository: "Acme/Weather",
  repositoryOwnerId: "1",
  workflow: "release.yml",
  ref: "refs/tags/v1",
  sha: "abc",
  runId: "9",
  runUrl: "https://github.com/acme/weather/actions/runs/9",
  jti: "j",
  ...over,
});
const binding = {
  id: 1,
  issuer: GH,
  repository: "acme/weather",
  workflow: "release.yml",
  environment: null,
  repositoryOwnerId: null,
};

describe("matchBinding", () => {
  it("matches repository case-insensitively; an unbound environment allows any", () => {
    expect(matchBinding(identity({ environment: "prod" }), "weather", [binding]).id).toBe(1);
  });
  it("environment names compare case-insensitively; the owner id must match once learned", () => {
    const env = { ...binding, environment: "Release", repositoryOwnerId: "1" };
    expect(matchBinding(identity({ environment: "release" }), "w", [env]).id).toBe(1);
    expect(() =>
      matchBinding(identity({ environment: "release", repositoryOwnerId: undefined }), "w", [env]),
    ).toThrow(expect.objectContaining({ code: "oidc.publisher.owner-changed" }));
  });
  it("another issuer is another repository", () => {
    expect(() => matchBinding(identity({ issuer: "https://gitlab.com" }), "w", [binding])).toThrow(
      expect.objectContaining({ code: "oidc.publisher.repository" }),
    );
  });
});

describe("ciIdentity", () => {
  it("reads GitLab CI claims", () => {
    const id = ciIdentity(
      {
        project_path: "group/sub/project",
        namespace_id: "77",
        ci_config_ref_uri: "gitlab.com/group/sub/project//.gitlab-ci.yml@refs/heads/main",
        ref: "v1.0.0",
        ref_type: "tag",
        sha: "def",
        pipeline_id: 123,
        jti: "j2",
      },
      "https://gitlab.com",
    );
    expect(id).toMatchObject({
      repository: "group/sub/project",
      repositoryOwnerId: "77",
      workflow: ".gitlab-ci.yml",
      ref: "refs/tags/v1.0.0",
      runId: "123",
      runUrl: "https://gitlab.com/group/sub/project/-/pipelines/123",
    });
  });
  it("names a reusable workflow of another repository in full", () => {
    const id = ciIdentity(
      {
        repository: "acme/weather",
        ref: "refs/heads/main",
        sha: "s",
        run_id: "1",
        jti: "j",
        job_workflow_ref: "octo/shared/.github/workflows/release.yml@refs/heads/main",
      },
      GH,
    );
    expect(id.workflow).toBe("octo/shared/.github/workflows/release.yml");
  });
  it("refuses tokens of other CIs and missing claims", () => {
    expect(() => ciIdentity({ sub: "x" }, GH)).toThrow(/neither/);
    expect(() =>
      ciIdentity(
        {
          job_workflow_ref: "a/b/.github/workflows/x.yml@r",
          repository: "a/b",
          ref: "r",
          sha: "s",
          run_id: "1",
        },
        GH,
      ),
    ).toThrow(/jti/);
  });
});

it("readBuildProvenance keeps text fields only", () => {
  const p = {
    issuer: GH,
    repository: "a/b",
    workflow: "x.yml",
    ref: "r",
    sha: "s",
    runId: "1",
    runUrl: "https://x",
  };
  expect(readBuildProvenance({ ...p, extra: 1 })).toEqual(p);
  expect(readBuildProvenance({ ...p, sha: 5 })).toBeUndefined();
  expect(readBuildProvenance("x")).toBeUndefined();
});
