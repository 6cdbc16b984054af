import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { envFields } from "~/platform/env-schema.server";

/**
 * docs/configuration.md's settings table is made from the schema's own descriptions and defaults,
 * so the two cannot disagree: this test fails when they do, and `npm run docs:settings` writes
 * the table again (the rest of the page is written by hand).
 */
const DOC = path.resolve(import.meta.dirname, "../../docs/configuration.md");
const BEGIN = "<!-- settings: made from app/platform/env-schema.server.ts by `npm run docs:settings`; edit the schema, not this table -->";
const END = "<!-- end of settings -->";

/** A setting's default as the schema gives it, or "unset". */
function shownDefault(schema: z.ZodTypeAny): string {
  if (schema instanceof z.ZodDefault) return `\`${String(schema._def.defaultValue())}\``;
  return "unset";
}

function settingsTable(): string {
  const rows = Object.entries(envFields.shape).map(([name, schema]) => {
    const description = (schema as z.ZodTypeAny).description;
    if (!description) throw new Error(`${name} has no description in the schema`);
    return `| \`${name}\` | ${shownDefault(schema as z.ZodTypeAny)} | ${description.replaceAll("|", "\\|")} |`;
  });
  return ["| Variable | Default | Meaning |", "|---|---|---|", ...rows].join("\n");
}

describe("docs/configuration.md", () => {
  it("lists every setting as the schema describes it, and no other", async () => {
    const page = fs.readFileSync(DOC, "utf8");
    const start = page.indexOf(BEGIN);
    const end = page.indexOf(END);
    expect(start, `the page keeps the line ${BEGIN}`).toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    const written = `${page.slice(0, start + BEGIN.length)}\n\n${settingsTable()}\n\n${page.slice(end)}`;
    await expect(written).toMatchFileSnapshot(DOC);
  });

  // 30 when tuning values left the settings (decision 019); the quote's proposal added the two a supplier sets per deployment (VAT number, payment instructions).
  it("has at most 30 settings, each described", () => {
    const names = Object.keys(envFields.shape);
    expect(names.length).toBeLessThanOrEqual(30);
    for (const name of names) expect((envFields.shape as Record<string, z.ZodTypeAny>)[name].description, name).toBeTruthy();
  });
});
