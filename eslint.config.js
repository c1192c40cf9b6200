// Type-aware lint for every workspace: the rules docs/architecture.md asks for (no floating promises, type imports, no any).
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

const OUTGOING =
  'Outgoing requests go through the SSRF-safe fetcher (apps/server/src/platform/http/safe-fetch.ts) for URLs people give us, or upstreamFetch (platform/http/upstream.ts) for fixed, configured platform base URLs.'

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '.tmp/**',
      '.scratch/**',
      '**/dist/**',
      '.tsbuild/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/drizzle/**',
      'eslint.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // expect.any() and friends are typed any; tests may use them freely.
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'apps/server/test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
  {
    // Plain scripts served to the browser in e2e (stand-ins for third-party scripts): no TS project.
    files: ['e2e/support/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      sourceType: 'script',
      globals: globals.browser,
      parserOptions: { projectService: false, project: null },
    },
  },
  {
    // Plain Node scripts `npm start` runs before any TypeScript tooling (scripts/build-server.mjs): no TS project.
    files: ['scripts/**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      sourceType: 'module',
      globals: globals.node,
      parserOptions: { projectService: false, project: null },
    },
  },
  {
    // Issue 23: every outgoing request goes through the SSRF-safe fetcher (URLs people give us) or the
    // shared upstream client (fixed, configured platform base URLs). Tests and their fakes are exempt.
    files: ['apps/server/src/**/*.ts', 'packages/media/src/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      '**/testing/**',
      'apps/server/src/platform/http/safe-fetch.ts',
      'apps/server/src/platform/http/upstream.ts',
      // The neural speech engine's protocol client (a separate package, its base URL fixed by configuration).
      'packages/media/src/speech/neural-engine.ts',
    ],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: OUTGOING }],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'undici', message: OUTGOING, allowTypeImports: true },
            ...['http', 'https', 'node:http', 'node:https'].map((name) => ({
              name,
              importNames: ['request', 'get', 'Agent'],
              message: OUTGOING,
            })),
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'MemberExpression[object.name=/^(http|https|globalThis|global|undici)$/][property.name=/^(request|get|fetch|Agent)$/]',
          message: OUTGOING,
        },
        { selector: 'ImportExpression[source.value=/^(undici|(node:)?https?)$/]', message: OUTGOING },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'packages/avatar/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Plain browser scripts served as they are (public/boot.js runs before the app's modules): no type information.
    files: ['apps/web/public/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: globals.browser },
  },
)
