import { ConnectoryError } from "../../core/errors.js";
import type { Dialect } from "./dialect.js";

/** A unique-constraint failure means someone else got there first: a 409 the services understand. */
export async function conflictAs409<T>(dialect: Dialect, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (dialect.isUniqueViolation(error)) {
      throw new ConnectoryError("db.conflict", "the row already exists", { status: 409, cause: error });
    }
    throw error;
  }
}
