// The scripts' linter (make lint, make test): eslint's recommended rules, and the habits
// of this house: ES modules with no globals of their own, no var, strict equality, and
// nothing left unused. static/js holds what static/src bundles to (make assets): not read.
import js from "@eslint/js";
import globals from "globals";

const house = {
  "no-var": "error",
  "prefer-const": "error",
  "eqeqeq": ["error", "always"],
  "no-implicit-globals": "error",
  "no-restricted-globals": ["error", "event", "name", "status"],
  "no-unused-vars": ["error", {"args": "after-used", "caughtErrors": "none"}],
  "no-shadow": "error",
  "no-param-reassign": ["error", {"props": false}],
  "complexity": ["error", 10],
  "max-lines": ["error", {"max": 400}],
};

export default [
  {ignores: ["static/js/**", "node_modules/**", ".venv/**"]},
  js.configs.recommended,
  {
    files: ["static/src/**/*.js"],
    languageOptions: {ecmaVersion: 2022, sourceType: "module", globals: globals.browser},
    rules: house,
  },
  {
    files: ["static/src/sw.js"],
    languageOptions: {sourceType: "script", globals: globals.serviceworker},
    // A worker's classic script: its functions are the worker's own.
    rules: {...house, "strict": ["error", "global"], "no-implicit-globals": "off"},
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.js"],
    languageOptions: {ecmaVersion: 2022, sourceType: "module", globals: globals.node},
    rules: house,
  },
];
