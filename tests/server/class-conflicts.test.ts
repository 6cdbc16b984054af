import { beforeAll, describe, expect, it } from "vitest";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffClient } from "../support/client";
import { seedTestLeads } from "../support/database";
import { PUBLIC_PAGE_PATHS, STAFF_PAGE_PATHS } from "../support/pages";
import { testServerForSuite } from "../support/server";
import { forSuite } from "../support/suite";

// No element carries two Tailwind classes that set the same thing (`h-9 h-10`): which one wins
// would be decided by the stylesheet's order, not by the markup. Components take a size or a
// variant instead of a class that overrides one of theirs.

/** Kinds of class that set one property; two of a kind without a variant (`md:`) on one element conflict. */
const KINDS: Record<string, RegExp> = {
  height: /^h-/,
  width: /^w-/,
  size: /^size-/,
  padding: /^p-/,
  "padding-x": /^px-/,
  "padding-y": /^py-/,
  margin: /^m-/,
  "margin-x": /^mx-/,
  "margin-top": /^mt-/,
  "margin-bottom": /^mb-/,
  radius: /^rounded(-(none|sm|md|lg|xl|2xl|3xl|full))?$/,
  display: /^(block|flex|grid|hidden|inline|inline-flex|inline-block|inline-grid|contents)$/,
  position: /^(static|fixed|absolute|relative|sticky)$/,
  "font-size": /^text-(xs|sm|base|lg|\d?xl)$/,
  "font-weight": /^font-(thin|light|normal|medium|semibold|bold|extrabold|black)$/,
  "text-colour": /^text-(white|black|slate|gray|brand|accent|red|green|amber|emerald|rose|sky|blue)(-|$)/,
  background: /^bg-(white|black|transparent|slate|gray|brand|accent|red|green|amber|emerald|rose|sky|blue)(-|$)/,
};

// The sign-in page too.
const PUBLIC_PAGES = [...PUBLIC_PAGE_PATHS, "/admin"];

const server = testServerForSuite(TEST_OWNER_ENV);
const owner = forSuite(() => staffClient(server, "super_admin"));
beforeAll(async () => {
  await seedTestLeads(server.db, 3);
});

/** Every element's classes of one kind set twice, as `page: kind: a b`. */
function conflicts(path: string, html: string): string[] {
  const found = new Set<string>();
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g)) {
    const plain = value.split(/\s+/).filter((name) => name && !name.includes(":"));
    for (const [kind, pattern] of Object.entries(KINDS)) {
      const same = [...new Set(plain.filter((name) => pattern.test(name)))];
      if (same.length > 1) found.add(`${path}: ${kind}: ${same.join(" ")}`);
    }
  }
  return [...found];
}

describe("class names", () => {
  it("never set one property twice on an element, on any public or staff page", async () => {
    const found: string[] = [];
    for (const path of [...PUBLIC_PAGES, ...STAFF_PAGE_PATHS]) {
      const response = await (STAFF_PAGE_PATHS.includes(path) ? owner : publicClient(server)).get(path);
      expect(response.status, path).toBeLessThan(400);
      found.push(...conflicts(path, await response.text()));
    }
    expect(found).toEqual([]);
  });

  it("would notice a conflict", () => {
    expect(conflicts("/", '<a class="h-9 px-3 h-10 md:h-12">')).toEqual(["/: height: h-9 h-10"]);
    expect(conflicts("/", '<p class="text-sm text-slate-700 md:text-base">')).toEqual([]);
  });
});
