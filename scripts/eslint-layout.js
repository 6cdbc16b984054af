// The lint rule that keeps app/'s layout (docs/decisions/017-one-folder-per-capability.md):
// which folder may import which, and that a capability is used only through its index.
import path from "node:path";

/**
 * The capabilities in the order they may use each other: each uses only those before it, so
 * none ever needs one after it and no two need each other. A new capability takes its place here.
 */
export const CAPABILITY_ORDER = ["staff", "content", "tariffs", "leads", "inbox", "wizard", "quotes", "orders", "reports", "privacy", "dashboard", "site"];

const APP = path.resolve("app");

/** Where a file of app/ sits: { area: "features", capability } or { area: "platform" | "ui" | "lib" | "routes" | "root" }. */
function placeOf(file) {
  const relative = path.relative(APP, file);
  if (relative.startsWith("..")) return { area: "outside" };
  const [first, second] = relative.split(path.sep);
  if (first === "features") return { area: "features", capability: second };
  if (["platform", "ui", "lib", "routes"].includes(first)) return { area: first };
  return { area: "root" };
}

/** The file an import names (without extension), or undefined for a package. */
function importedPath(specifier, fromFile) {
  if (specifier.startsWith("~/")) return path.join(APP, specifier.slice(2));
  if (specifier.startsWith(".")) return path.resolve(path.dirname(fromFile), specifier);
  return undefined;
}

const isIndex = (target, capability) => {
  const relative = path.relative(path.join(APP, "features", capability), target);
  return relative === "" || relative === "index" || relative === "index.server";
};

function problemWith(specifier, fromFile) {
  const target = importedPath(specifier, fromFile);
  if (!target) return undefined;
  const from = placeOf(fromFile);
  const to = placeOf(target);
  if (to.area === "outside") return undefined;
  switch (from.area) {
    case "lib":
      return to.area === "lib" ? undefined : "app/lib holds small helpers shared by all: it imports only app/lib.";
    case "ui":
      return ["ui", "lib"].includes(to.area) ? undefined : "app/ui is the design system: it imports only app/ui and app/lib.";
    case "platform":
      return ["platform", "lib"].includes(to.area)
        ? undefined
        : "app/platform knows no business: it imports only app/platform and app/lib (a capability registers with it at start-up instead).";
    case "features": {
      if (to.area === "routes" || to.area === "root") return "A capability is used by routes, never the other way round.";
      if (to.area !== "features" || to.capability === from.capability) return undefined;
      const mine = CAPABILITY_ORDER.indexOf(from.capability);
      const theirs = CAPABILITY_ORDER.indexOf(to.capability);
      if (mine < 0) return `Add "${from.capability}" to CAPABILITY_ORDER in scripts/eslint-layout.js.`;
      if (theirs < 0 || theirs > mine)
        return `${from.capability} may use only the capabilities before it (${CAPABILITY_ORDER.slice(0, mine).join(", ") || "none"}); ${to.capability} comes after it. Move the shared piece down, or compose the two in the route.`;
      if (!isIndex(target, to.capability))
        return `Use ${to.capability} through "~/features/${to.capability}" (or its index.server): add the name to its index.`;
      return undefined;
    }
    default:
      return undefined;
  }
}

const importsRule = {
  meta: { type: "problem", docs: { description: "app/'s folders import one another as the layout allows" }, schema: [] },
  create(context) {
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== "Literal" || typeof source.value !== "string") return;
      const problem = problemWith(source.value, context.filename);
      if (problem) context.report({ node: source, message: problem });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { imports: importsRule } };
