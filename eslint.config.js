// `npm run lint` (part of `npm test`): TypeScript, React's rules of hooks and accessibility rules.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The layers, each allowed to import only the ones below it (README, "Where things are"):
 * routes -> route-actions -> models -> infrastructure; lib is shared by all and imports none.
 * Components import lib only; a type from a server layer is still allowed there.
 */
const LAYERS = ["routes", "route-actions", "models", "infrastructure"];
const layerImports = (layer) => {
  const above = layer === "lib" || layer === "components" ? LAYERS : LAYERS.slice(0, LAYERS.indexOf(layer));
  return {
    files: [`app/${layer}/**/*.{ts,tsx}`],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: above.flatMap((name) => [`~/${name}/*`, `../${name}/*`, `../../${name}/*`]),
              message: `app/${layer} may not import from ${above.join(", ")}: the layers import downwards only (README, "Where things are").`,
              allowTypeImports: layer === "components",
            },
          ],
        },
      ],
    },
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
  ...["route-actions", "models", "infrastructure", "lib", "components"].map(layerImports),
);
