// ESLint with typescript-eslint's type-aware rules (`npm run lint`, a step of `npm test`):
// recommendedTypeChecked, with the exceptions below, each with its reason.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['out/', 'dist/', 'media/dist/', 'node_modules/', '.vscode-test/', '.tools/', 'test-results/'] },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { project: ['./tsconfig.json', './src/extension/webview/tsconfig.json'], tsconfigRootDir: import.meta.dirname } },
    rules: {
      // tsc checks this already (noUnusedLocals, noUnusedParameters), with the same `_` and
      // rest-sibling conventions; two checkers of one thing only disagree at the edges.
      '@typescript-eslint/no-unused-vars': 'off',
      // Sessions, transports and test doubles implement Promise-returning interfaces; an async
      // method without await is the plain way to do so, and it turns a throw into a rejection.
      '@typescript-eslint/require-await': 'off',
      // The option bags declare their callbacks in method syntax (`onProgress(p): void`) and
      // hand them on as values; none of them uses `this`, so the rule's hazard (a class method
      // losing its `this`) does not arise, and it would flag every hand-on.
      '@typescript-eslint/unbound-method': 'off',
      // A value caught is passed on as it was caught (an abort's reason, a client's error).
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
    },
  },
  {
    // Small functions with few positional parameters (issue 39): a function over 80 lines of code
    // (blank lines and comments not counted) does more than one thing, and a call with more than
    // four positional arguments is read by position; an options object names each one.
    // @typescript-eslint/max-params does not count a `this` parameter.
    files: ['src/**/*.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }],
      'max-params': 'off',
      '@typescript-eslint/max-params': ['error', { max: 4 }],
    },
  },
  {
    // Tests and benchmark scripts read requests, replies and printed JSON as `any` on purpose
    // and check their shape with assertions; typing every JSON.parse would only restate them.
    files: ['test/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // No line of code over 160 columns, Prettier's print width (.prettierrc.json). A string, a
    // template or a regular expression may run past it: Prettier does not break them, and a
    // message cut in pieces is harder to find by the words a user saw. (max-len is deprecated
    // in ESLint's core in favour of @stylistic, but kept in ESLint 9, whose last line this is.)
    files: ['**/*.ts', '**/*.mjs', '**/*.js'],
    rules: { 'max-len': ['error', { code: 160, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true }] },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', Buffer: 'readonly' } },
  },
  {
    // The CLI's entry is CommonJS, so it starts without Node's module-type detection.
    files: ['bin/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly' } },
  },
);
