// ESLint: TypeScript, the rules of hooks and accessibility of JSX; formatting is Prettier's (npm run lint runs both).
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import { builtinModules } from "node:module";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "app/generated/", ".react-router/", "node_modules/", "data/", "backups/", "test-results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // A dialog (the search overlay, the admin's confirmation steps) puts focus on its first control, as the ARIA
      // dialog pattern asks; these are the only autofocus uses.
      "jsx-a11y/no-autofocus": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
    },
  },
  // The layers of ARCHITECTURE.md: routes reach the database only through app/data; the spec's rules are pure;
  // outside services' clients touch no database; shared views never reach into a route module.
  {
    files: ["app/routes/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/generated/**", "**/generated/prisma/**", "@prisma/*"],
              message: "Routes read and write through app/data/, never through the Prisma client.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/domain/**"],
    ignores: ["app/domain/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: builtinModules.map((name) => ({ name, message: "app/domain/ is pure: no Node built-ins, no I/O." })),
          patterns: [
            { group: ["node:*"], message: "app/domain/ is pure: no Node built-ins, no I/O." },
            {
              group: [
                "~/data/**",
                "~/services/**",
                "~/jobs/**",
                "~/http/**",
                "~/auth/**",
                "~/routes/**",
                "@prisma/*",
                "~/generated/**",
              ],
              message: "app/domain/ holds the spec's rules as pure functions: it imports no layer above it.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/services/**"],
    ignores: ["app/services/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/data/**", "~/workflows/**", "~/jobs/**", "~/routes/**", "@prisma/*", "~/generated/**"],
              message:
                "app/services/ holds the outside services' clients only: work that also reads or writes the database is a workflow (app/workflows/).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/components/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/routes/**", "../routes/**"],
              message:
                "Shared views never import a route module: move what both need to app/domain/ or app/components/.",
            },
            { group: ["~/generated/**", "@prisma/*"], message: "Views never import the Prisma client." },
          ],
        },
      ],
    },
  },
  prettier,
);
