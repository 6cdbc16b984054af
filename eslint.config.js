// `npm run lint` (part of `npm test`): TypeScript, React's rules of hooks and accessibility rules.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The layout (docs/decisions/017-one-folder-per-capability.md): routes use anything; a
 * capability (app/features/<name>) uses its own files, the platform, ui and lib, and another
 * capability only through that one's index.ts (or index.server.ts), and only one before it in
 * CAPABILITY_ORDER; the platform uses only itself and lib; ui uses ui and lib; lib only lib.
 * Everywhere in app/: nothing from scripts/ (plain tools run beside the server, not part of it),
 * and no `../../` paths: `~/` names a module the same way from every folder.
 */
import layout from "./scripts/eslint-layout.js";

const everywhereInApp = [
  { regex: "^(\\.\\./)+scripts(/|$)", message: "app/ may not import from scripts/: share the code from app/ (the scripts use the server build)." },
  { regex: "^\\.\\./\\.\\./(?!migrations$)", message: "Name a module in app/ with ~/ rather than a ../../ path." },
];
const importRule = (patterns) => ({ "@typescript-eslint/no-restricted-imports": ["error", { patterns: [...everywhereInApp, ...patterns] }] });

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
    // Server code logs through ~/platform/logger.server (JSON lines, LOG_LEVEL); browser code has no log to keep.
    // A file stays short enough to read whole: past 300 lines it holds more than one thing.
    files: ["app/**/*.{ts,tsx}"],
    rules: { "no-console": "error", "max-lines": ["error", { max: 300, skipBlankLines: false, skipComments: false }], ...importRule([]) },
  },
  { files: ["app/**/*.{ts,tsx}"], plugins: { layout }, rules: { "layout/imports": "error" } },
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
