import { expect, it } from "vitest";
import { ConnectoryError } from "../../src/core/errors.js";
import { toProblem } from "../../src/request/problem.js";

it("a dependency outage is a 503 with its code and a detail that names no internal host", () => {
  const body = toProblem(
    new ConnectoryError("db.unavailable", "PostgreSQL at db.internal:5432/registry is unreachable", {
      status: 503,
    }),
  );
  expect(body).toMatchObject({ status: 503, code: "db.unavailable", title: "Service Unavailable" });
  expect(body.detail).not.toContain("db.internal");
});

it("any other 5xx, and anything that is not a ConnectoryError, is an internal error naming no internals", () => {
  for (const error of [
    new ConnectoryError("x", "secret detail", { status: 502 }),
    new Error("secret detail"),
  ]) {
    const body = toProblem(error);
    expect(body).toMatchObject({ status: 500, code: "internal" });
    expect(body.detail).not.toContain("secret detail");
  }
});
