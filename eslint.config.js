import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'tests/results/**', 'tests/report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        // The test configs include each package's sources and its tests.
        project: [
          './shared/tsconfig.test.json',
          './provider/tsconfig.test.json',
          './gateway/tsconfig.test.json',
          './web/tsconfig.json',
          './tests/tsconfig.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      'no-restricted-properties': [
        'error',
        { object: 'it', property: 'only', message: 'No focused tests.' },
        { object: 'it', property: 'skip', message: 'No skipped tests.' },
        { object: 'test', property: 'only', message: 'No focused tests.' },
        { object: 'test', property: 'skip', message: 'No skipped tests.' },
        { object: 'describe', property: 'only', message: 'No focused tests.' },
        { object: 'describe', property: 'skip', message: 'No skipped tests.' },
      ],
    },
  },
  {
    // Layer directions: the gateway's live side uses the pollers, never the other way round.
    files: ['gateway/src/pollers/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../live/*'], message: 'The pollers do not depend on the live side (see PollerSinks).' },
          ],
        },
      ],
    },
  },
  // Provider layers, top to bottom: routes → http → auth → store → errors/ (with log, config and
  // loopTurns). The fleet simulator and the satcom forwarder run beside the API, on the store.
  // Tests may cross layers to set up what they check.
  ...[
    { layer: 'http', above: ['routes'] },
    { layer: 'auth', above: ['routes', 'http'] },
    { layer: 'store', above: ['routes', 'http', 'auth', 'simulator', 'satcom'] },
    { layer: 'errors', above: ['routes', 'http', 'auth', 'store', 'simulator', 'satcom'] },
    { layer: 'simulator', above: ['routes', 'http'] },
    { layer: 'satcom', above: ['routes', 'http'] },
  ].map(({ layer, above }) => ({
    files: [`provider/src/${layer}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: above.map((upper) => ({
            group: [`**/${upper}/*`],
            message: `provider/src/${layer} does not depend on ${upper}/: move what it needs down a layer.`,
          })),
        },
      ],
    },
  })),
  {
    // Web layers, top to bottom: app → features → lib. The app hands features what they need of
    // it (the screens reach the shell as a prop); shapes both sides read live in lib (lib/screens).
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app', '**/app/*'],
              message: 'Features do not depend on app/: the app passes what they need, shared shapes live in lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features', '**/features/*', '**/app', '**/app/*'],
              message: 'web/src/lib does not depend on features/ or app/: move what it needs into lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Test code reads untyped bodies (supertest, fetch answers) on purpose and asserts on them.
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts', '**/testing/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // expect(object.method).toHaveBeenCalled() and friends name methods without calling them.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Plain JavaScript (bench workers) and tool configs are outside every tsconfig: no type information.
    files: ['**/*.{js,mjs,cjs}', '**/vitest.config.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
);
