// `npm run lint` (part of `npm test`): TypeScript, React's rules of hooks and accessibility rules.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The layers, each allowed to import only the ones below it (README, "Where things are"):
 * routes -> route-actions -> models -> infrastructure; lib is shared by all and imports none
 * (not even components). Components import lib only; a type from a server layer is still allowed there.
 * Everywhere in app/: nothing from scripts/ (plain tools run beside the server, not part of it), and
 * no `../../` paths: `~/` names a module the same way from every folder. The one folder outside
 * app/ the server build takes in is migrations/.
 */
const LAYERS = ["routes", "route-actions", "models", "infrastructure"];
const everywhereInApp = [
  { regex: "^(\\.\\./)+scripts(/|$)", message: "app/ may not import from scripts/: share the code from app/ (the scripts use the server build)." },
  { regex: "^\\.\\./\\.\\./(?!migrations$)", message: "Name a module in app/ with ~/ rather than a ../../ path." },
];
const importRule = (patterns) => ({ "@typescript-eslint/no-restricted-imports": ["error", { patterns: [...everywhereInApp, ...patterns] }] });
const layerImports = (layer) => {
  const above = layer === "lib" ? [...LAYERS, "components"] : layer === "components" ? LAYERS : LAYERS.slice(0, LAYERS.indexOf(layer));
  return {
    files: [`app/${layer}/**/*.{ts,tsx}`],
    rules: importRule([
      {
        group: above.flatMap((name) => [`~/${name}/*`, `../${name}/*`]),
        message: `app/${layer} may not import from ${above.join(", ")}: the layers import downwards only (README, "Where things are").`,
        allowTypeImports: layer === "components",
      },
    ]),
  };
};

export default tseslint.config(
  { ignores: ["build/", "public/build/", "node_modules/", "data/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Components and hooks (a server module's own function named `use` is not React's).
    files: ["app/**/*.tsx", "app/**/use-*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    rules: {
      // Unused arguments named with a leading underscore say "deliberately unused".
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  { files: ["app/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  {
    files: ["app/**/*.tsx"],
    rules: {
      // A dialog moves focus to its first control, as the ARIA dialog pattern asks; without
      // JavaScript autoFocus is the only way to do that.
      "jsx-a11y/no-autofocus": "off",
    },
  },
  {
    files: ["**/*.{js,mjs,cjs}", "scripts/**", "bench/**", "tests/**", "migrations/**", "*.config.*"],
    languageOptions: { globals: { ...globals.node } },
  },
  { files: ["app/**"], languageOptions: { globals: { ...globals.browser, ...globals.node } } },
  {
    // Server code logs through ~/infrastructure/logger.server (JSON lines, LOG_LEVEL); browser code has no log to keep.
    // A file stays short enough to read whole: past 300 lines it holds more than one thing.
    files: ["app/**/*.{ts,tsx}"],
    rules: { "no-console": "error", "max-lines": ["error", { max: 300, skipBlankLines: false, skipComments: false }], ...importRule([]) },
  },
  ...["route-actions", "models", "infrastructure", "lib", "components"].map(layerImports),
  {
    // Dates and figures are reckoned and written in one place each (app/lib/calendar.ts, app/lib/money.ts),
    // so "today", a week and "£1,234.56" mean the same on every screen.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/lib/calendar.ts", "app/lib/money.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "NewExpression[callee.object.name='Intl']", message: "Format dates in app/lib/calendar.ts and figures in app/lib/money.ts." },
        { selector: "CallExpression[callee.property.name=/^toLocale/]", message: "Format dates in app/lib/calendar.ts and figures in app/lib/money.ts." },
        { selector: "VariableDeclarator[id.name='DAY_MS']", message: "Step through days with app/lib/calendar.ts (addDays, addDaysToInstant ...)." },
      ],
    },
  },
);
