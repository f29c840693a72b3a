import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Properties whose text a log line must never carry: an error's words, or a person's. */
const loggedTextNames =
  "/^(message|stack|detail|query|params|parameters|subject|recipient|email|phone|firstName|lastName|name|body|text|token)$/";

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "build-*/**",
      "data/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "drizzle/**",
      ".react-router/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // `import { type A }` keeps `import "module"` in the output (verbatimModuleSyntax), which
      // pulls a server-only package into the browser bundle; `import type { A }` is erased.
      "@typescript-eslint/no-import-type-side-effects": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "no-console": ["error", { allow: ["info", "warn", "error", "log"] }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The browser never imports server code, not even a type: what pages and browser helpers
    // share with the server lives in app/types, app/schemas, app/utils and app/config
    // (docs/architecture.md). `import type` counts too, so a type cannot drag a module in later.
    files: ["app/{browser,components,utils,types,schemas,offline,sw,content,config}/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "*.server",
                "**/*.server",
                // Patterns are gitignore lines, where # starts a comment.
                "\\#db/*",
                "**/db/*",
                "~/server/*",
                "~/models/*",
                "~/routes/*",
              ],
              message:
                "Browser code imports no server module (*.server, db/, app/server, app/models, app/routes), not even a type: put what it needs in app/types.",
            },
          ],
        },
      ],
    },
  },
  {
    // What the server prints goes through app/server/log.server.ts: an error only by logError,
    // which never prints its message, detail, stack or a query's parameters (they quote names,
    // addresses and tokens); a log field is a fixed word or number, never text a visitor sent.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "db/**/*.ts"],
    ignores: ["app/server/log.server.ts"],
    rules: {
      "no-console": ["error", { allow: ["info"] }],
      "no-restricted-syntax": [
        "error",
        {
          selector: `CallExpression[callee.name=/^(log|logError)$/] MemberExpression[property.name=${loggedTextNames}]`,
          message:
            "Log no error text or personal field: pass the error to logError, and fields that are fixed words, ids or counts.",
        },
        {
          selector:
            "CallExpression[callee.name=/^(log|logError)$/] :matches(TemplateLiteral, CallExpression[callee.name='String'], CallExpression[callee.property.name='toString'])",
          message:
            "A log message is a fixed text and its fields are words and numbers: no text built from values.",
        },
      ],
    },
  },
);
