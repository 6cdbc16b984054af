import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * app/'s layout (docs/decisions/017-one-folder-per-capability.md): the lint rule refuses the
 * imports the layout forbids, and no module of app/ reaches itself through its imports.
 */

const APP = path.resolve("app");
const eslint = new ESLint({ cwd: process.cwd() });

/** The layout rule's messages for `source` linted as if it were the file at `file` (under app/). */
async function layoutProblems(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.resolve(file) });
  return result!.messages.filter((message) => message.ruleId === "layout/imports").map((message) => message.message);
}

describe("the layout's lint rule", () => {
  it("lets a capability use one before it through its index, and its own files directly", async () => {
    const source = [
      'import { LEAD_STATUS_LABELS } from "~/features/leads";',
      'import { moveLead } from "~/features/leads/index.server";',
      'import { quoteStatusOn } from "./quotes";',
      'import { getDb } from "~/platform/db.server";',
      'import { Button } from "~/ui/button";',
      "export const used = [LEAD_STATUS_LABELS, moveLead, quoteStatusOn, getDb, Button];",
    ].join("\n");
    expect(await layoutProblems("app/features/quotes/example.ts", source)).toEqual([]);
  });

  it("refuses a capability reaching past another's index", async () => {
    const problems = await layoutProblems("app/features/quotes/example.ts", 'export { LEAD_STATUS_LABELS } from "~/features/leads/lead-lists";');
    expect(problems).toEqual([expect.stringContaining('Use leads through "~/features/leads"')]);
  });

  it("refuses a capability using one after it, even through its index", async () => {
    const problems = await layoutProblems("app/features/leads/example.ts", 'export { QUOTE_STATUSES } from "~/features/quotes";');
    expect(problems).toEqual([expect.stringContaining("leads may use only the capabilities before it")]);
  });

  it("refuses a relative path into another capability", async () => {
    const problems = await layoutProblems("app/features/staff/example.ts", 'export { TARIFF_LINES } from "../tariffs/tariffs";');
    expect(problems).toHaveLength(1);
  });

  it("keeps the platform, ui and lib free of the business", async () => {
    expect(await layoutProblems("app/platform/example.server.ts", 'export { QUOTE_STATUSES } from "~/features/quotes";')).toEqual([
      expect.stringContaining("app/platform knows no business"),
    ]);
    expect(await layoutProblems("app/ui/example.tsx", 'export { getDb } from "~/platform/db.server";')).toEqual([expect.stringContaining("app/ui is the design system")]);
    expect(await layoutProblems("app/lib/example.ts", 'export { cn } from "~/lib/cn";\nexport { Button } from "~/ui/button";')).toEqual([
      expect.stringContaining("app/lib holds small helpers"),
    ]);
  });

  it("refuses a capability importing a route", async () => {
    const problems = await layoutProblems("app/features/leads/example.ts", 'export { loader } from "~/routes/admin.leads";');
    expect(problems).toEqual([expect.stringContaining("used by routes")]);
  });
});

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^;]*?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts"];

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The app's modules each names, types included: a circle of type imports is still a circle to read. */
function importsOf(file: string): string[] {
  const source = fs.readFileSync(file, "utf8");
  const found: string[] = [];
  for (const match of source.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2]!;
    const base = specifier.startsWith("~/") ? path.join(APP, specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(file), specifier) : undefined;
    if (!base) continue;
    const resolved = EXTENSIONS.map((extension) => base + extension).find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
    if (resolved?.startsWith(APP)) found.push(resolved);
  }
  return found;
}

/** The groups of modules that import one another, directly or round a circle (Tarjan's strongly connected components). */
function importCircles(files: string[]): string[][] {
  const graph = new Map(files.map((file) => [file, importsOf(file)]));
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    order.set(file, order.size);
    low.set(file, order.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, order.get(next)!));
    }
    if (low.get(file) !== order.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(path.relative(process.cwd(), member));
    } while (member !== file);
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) circles.push(group.sort());
  };
  for (const file of files) if (!order.has(file)) visit(file);
  return circles;
}

describe("import circles", () => {
  it("finds a circle when there is one", () => {
    const folder = fs.mkdtempSync(path.join(APP, ".circle-check-"));
    try {
      fs.writeFileSync(path.join(folder, "a.ts"), 'import { b } from "./b";\nexport const a = () => b;\n');
      fs.writeFileSync(path.join(folder, "b.ts"), 'import type { a } from "./a";\nexport const b = 1 as unknown as typeof a;\n');
      fs.writeFileSync(path.join(folder, "c.ts"), 'import { a } from "./a";\nexport const c = a;\n');
      expect(importCircles(sourceFiles(folder))).toEqual([[path.relative(process.cwd(), path.join(folder, "a.ts")), path.relative(process.cwd(), path.join(folder, "b.ts"))]]);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it("has none in app/", () => {
    expect(importCircles(sourceFiles(APP))).toEqual([]);
  });
});
