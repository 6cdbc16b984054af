import { afterAll, beforeAll } from "vitest";

/**
 * What `make` gives, made before the first test of the enclosing `describe` block (or file) and,
 * with `end`, ended after its last: a server, signed-in staff, whatever the block's tests share.
 * The object is filled in when the block starts, so read it in tests and hooks only.
 */
export function forSuite<T extends object>(make: () => Promise<T>, end?: (made: T) => Promise<void>): T {
  const made = {} as T;
  let ready = false;
  beforeAll(async () => {
    Object.assign(made, await make());
    ready = true;
  });
  if (end) {
    afterAll(async () => {
      if (ready) await end(made);
    });
  }
  return made;
}
