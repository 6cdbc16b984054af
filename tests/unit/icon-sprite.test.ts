import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { iconNames, iconSprite, spriteFile } from "../../scripts/build-icon-sprite.js";

/**
 * The public site's icons are drawn from app/ui/icons.svg, which `npm run icons`
 * makes from the names in icons.tsx. An icon named there but missing from the file would show
 * as an empty square, so the committed file must be exactly what the script makes today.
 */
describe("the icon sprite", () => {
  it("is what npm run icons makes from icons.tsx (run it after adding or renaming an icon)", () => {
    expect(fs.readFileSync(spriteFile, "utf8")).toBe(iconSprite());
  });

  it("draws every icon icons.tsx names, with lucide's shapes and nothing React-only", () => {
    const sprite = fs.readFileSync(spriteFile, "utf8");
    const symbols = [
      ...sprite.matchAll(
        /<symbol id="([a-z0-9-]+)" viewBox="0 0 24 24" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">(.*?)<\/symbol>/g,
      ),
    ];
    expect(symbols.map((symbol) => symbol[1])).toEqual(iconNames());
    expect(iconNames()).toEqual(expect.arrayContaining(["arrow-right", "x", "star", "chevron-left"]));
    for (const [, , shapes] of symbols) expect(shapes).toMatch(/^(<(path|circle|rect|line|polyline|polygon|ellipse) [^>]+\/>)+$/);
    expect(sprite).not.toContain(" key=");
    expect(symbols.find((symbol) => symbol[1] === "arrow-right")?.[2]).toBe('<path d="M5 12h14"/><path d="m12 5 7 7-7 7"/>');
  });
});
