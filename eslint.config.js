import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'clients/typescript/dist/',
      'packages/verify/dist/',
      'packages/embed/dist/',
      'data/',
      'coverage/',
      '**/*.min.js',
      'docs/.vitepress/dist/',
      'docs/.vitepress/cache/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        window: 'readonly',
        document: 'readonly',
        fetch: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  // The four floors (docs/contributing/architecture.md): dependencies point down only, and http/ reaches
  // storage and the world through app/ use cases. One pattern per floor serves both rules:
  // no-restricted-imports sees static imports and re-exports, and no-restricted-syntax sees
  // `import()`, which no-restricted-imports does not. A dynamic import must name its module in a
  // string literal, or no rule could tell which floor it reaches.
  ...[
    { floor: 'domain', forbidden: ['app', 'infra', 'http', 'cli'] },
    { floor: 'app', forbidden: ['http', 'cli'] },
    { floor: 'infra', forbidden: ['app', 'http', 'cli'] },
    { floor: 'http', forbidden: ['infra', 'cli'] },
  ].map(({ floor, forbidden }) => {
    const pattern = `(^|/)(${forbidden.join('|')})/`;
    const message = `src/${floor}/ must not import from ${forbidden.map((f) => `src/${f}/`).join(', ')} (docs/contributing/architecture.md).`;
    return {
      files: [`src/${floor}/**/*.ts`],
      rules: {
        'no-restricted-imports': ['error', { patterns: [{ regex: pattern, message }] }],
        'no-restricted-syntax': [
          'error',
          { selector: `ImportExpression[source.value=/${pattern.replaceAll('/', '\\/')}/]`, message },
          {
            selector: "ImportExpression:not([source.type='Literal'])",
            message: `A dynamic import in src/${floor}/ names its module in a string literal, so the floor rule can check it (docs/contributing/architecture.md).`,
          },
        ],
      },
    };
  }),
  {
    // Tests read response bodies loosely, the way a client does.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
