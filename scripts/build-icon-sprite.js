// `npm run icons`: writes app/ui/icons.svg, one <symbol> per icon that
// app/ui/icons.tsx names with spriteIcon("…"), drawn from lucide's own shapes. Pages
// then point at the file with <use>, so the public site's icons cost no JavaScript at all.
// tests/unit/icon-sprite.test.ts fails when the committed file is not what this makes.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const iconsModule = path.join(root, "app/ui/icons.tsx");
export const spriteFile = path.join(root, "app/ui/icons.svg");
const lucideIcons = path.join(root, "node_modules/lucide-react/dist/esm/icons");

/** The lucide names icons.tsx asks for, each once, in the order first named. */
export function iconNames() {
  const names = [...fs.readFileSync(iconsModule, "utf8").matchAll(/spriteIcon\("([a-z0-9-]+)"\)/g)].map((match) => match[1]);
  return [...new Set(names)];
}

/** An icon's shapes: lucide's `__iconNode`, a plain array literal in its module. */
function iconShapes(name) {
  const file = path.join(lucideIcons, `${name}.js`);
  if (!fs.existsSync(file)) throw new Error(`lucide-react has no icon named "${name}"`);
  const literal = /const __iconNode = (\[[\s\S]*?\]);\n/.exec(fs.readFileSync(file, "utf8"))?.[1];
  if (!literal) throw new Error(`Could not read the shapes of lucide's "${name}" icon`);
  return /** @type {[string, Record<string, string | number>][]} */ (new Function(`return ${literal}`)());
}

const escapeAttribute = (value) => String(value).replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

/** The whole sprite file. */
export function iconSprite() {
  const symbols = iconNames().map((name) => {
    const shapes = iconShapes(name).map(([tag, attributes]) => {
      // `key` is React's, not a drawing's.
      const list = Object.entries(attributes)
        .filter(([attribute]) => attribute !== "key")
        .map(([attribute, value]) => ` ${attribute}="${escapeAttribute(value)}"`);
      return `<${tag}${list.join("")}/>`;
    });
    // lucide's stroke, set once here rather than on every icon in the page; fill stays the
    // icon's own (none, or a class such as a filled star's).
    return `  <symbol id="${name}" viewBox="0 0 24 24" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${shapes.join("")}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">\n<!-- Made by scripts/build-icon-sprite.js (npm run icons) from lucide-react's icons (ISC licence). -->\n${symbols.join("\n")}\n</svg>\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(spriteFile, iconSprite());
  console.log(`Wrote ${path.relative(root, spriteFile)} with ${iconNames().length} icons.`);
}
