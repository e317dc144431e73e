// ESLint flat config: typescript-eslint strictTypeChecked over every package.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // bench/peers: harnesses run beside other engines, outside the build (bench/peers/README.md).
  { ignores: ['**/dist/**', 'node_modules/**', 'coverage/**', 'bench/peers/**', '.peers/**'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js', '*.ts', 'scripts/*.mjs'],
          defaultProject: './tsconfig.base.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['packages/engine/src/**/*.ts', 'packages/rules/src/**/*.ts'],
    ignores: ['packages/*/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'process'], message: 'engine is pure: no I/O' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'process', 'console', 'Date'],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'use the seeded PRNG' },
      ],
    },
  },
  // Who may import whom (STYLE §2): the app sees only ports, never a store or the server; a
  // store never reaches up into the server; `store` is wired in only at a program's entry point.
  ...[
    ['packages/app/src/**/*.ts', ['@arbiter/store', '@arbiter/server', '@arbiter/cli']],
    ['packages/store/src/**/*.ts', ['@arbiter/server', '@arbiter/cli', '@arbiter/rules']],
    ['packages/engine/src/**/*.ts', ['@arbiter/*']],
    ['packages/rules/src/**/*.ts', ['@arbiter/app', '@arbiter/store', '@arbiter/server']],
  ].map(([files, banned]) => ({
    files: [files],
    ignores: ['packages/*/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...(files.includes('engine') || files.includes('rules')
              ? [{ group: ['node:*', 'fs', 'path', 'process'], message: 'engine is pure: no I/O' }]
              : []),
            { group: banned, message: 'package boundary (STYLE §2, docs/architecture.md)' },
          ],
        },
      ],
    },
  })),
  {
    files: ['packages/server/src/**/*.ts', 'packages/cli/src/**/*.ts'],
    ignores: [
      'packages/server/src/main.ts',
      'packages/cli/src/main.ts',
      'packages/cli/src/load.ts',
      '**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['@arbiter/store'], message: 'the store is wired only in main.ts' }],
        },
      ],
    },
  },
  // The web page runs in a browser: it may import the engine and the rules, and the server's API
  // types with `import type` only; never the app, a store, the CLI or Node's modules.
  {
    files: ['packages/web/src/**/*.ts', 'packages/web/src/**/*.tsx'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'process'], message: 'the page runs in a browser' },
            {
              group: ['@arbiter/app', '@arbiter/store', '@arbiter/cli', '@arbiter/*/src/*'],
              message: 'package boundary (STYLE §2, docs/architecture.md)',
            },
            {
              group: ['@arbiter/server', '@arbiter/server/*'],
              allowTypeImports: true,
              message: "web imports only the server's API types, with import type",
            },
          ],
        },
      ],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['scripts/*.mjs', 'packages/*/scripts/*.mjs'],
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
      },
    },
  },
);
