// Type-aware lint for every workspace: the rules docs/architecture.md asks for (no floating promises, type imports, no any).
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

export default tseslint.config(
  { ignores: ['**/node_modules/**', '.tmp/**', '.scratch/**', '**/dist/**', '.tsbuild/**', 'data/**', 'test-results/**', 'playwright-report/**', 'apps/server/drizzle/**', 'eslint.config.js'] },
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
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off', '@typescript-eslint/no-unsafe-member-access': 'off' },
  },
  {
    // Plain scripts served to the browser in e2e (stand-ins for third-party scripts): no TS project.
    files: ['e2e/support/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { sourceType: 'script', globals: globals.browser, parserOptions: { projectService: false, project: null } },
  },
  {
    // Plain Node scripts `npm start` runs before any TypeScript tooling (scripts/build-server.mjs): no TS project.
    files: ['scripts/**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { sourceType: 'module', globals: globals.node, parserOptions: { projectService: false, project: null } },
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
