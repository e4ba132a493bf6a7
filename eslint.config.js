import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** zod's rule methods whose second argument is the rule's message. */
const ZOD_RULES = '/^(min|max|length|regex|refine|gte|gt|lte|lt|multipleOf)$/';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
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
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='parseFloat']",
          message: 'No parseFloat: money is parsed exactly with parseUsdToCents.',
        },
      ],
    },
  },
  {
    // A schema rule's message is a code from the shared vocabulary (`rule()` in
    // packages/shared/src/rules.ts), never a sentence: the web renders it in every language and
    // the server answers with its code (issue 15).
    files: ['packages/shared/src/**/*.ts', 'apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    // config.ts: start-up configuration, read by operators only.
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', 'apps/server/src/config.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='parseFloat']",
          message: 'No parseFloat: money is parsed exactly with parseUsdToCents.',
        },
        {
          selector: `CallExpression[callee.property.name=${ZOD_RULES}] > :matches(Literal[raw=/^['"]/], TemplateLiteral):nth-child(2)`,
          message:
            "A schema rule's message is rule('CODE') from packages/shared/src/rules.ts, not a sentence.",
        },
        {
          selector: `CallExpression[callee.property.name=/^(int|positive|nonnegative|negative|nonempty)$/] > :matches(Literal[raw=/^['"]/], TemplateLiteral)`,
          message:
            "A schema rule's message is rule('CODE') from packages/shared/src/rules.ts, not a sentence.",
        },
        {
          selector: `CallExpression[callee.object.name='z'] ObjectExpression > Property[key.name=/^(error|message)$/] > :matches(Literal[raw=/^['"]/], TemplateLiteral)`,
          message:
            "A schema rule's message is rule('CODE') from packages/shared/src/rules.ts, not a sentence.",
        },
        {
          selector: `CallExpression[callee.property.name=${ZOD_RULES}] ObjectExpression > Property[key.name=/^(error|message)$/] > :matches(Literal[raw=/^['"]/], TemplateLiteral)`,
          message:
            "A schema rule's message is rule('CODE') from packages/shared/src/rules.ts, not a sentence.",
        },
        {
          selector: `CallExpression[callee.property.name='addIssue'] Property[key.name='message'] > :matches(Literal[raw=/^['"]/], TemplateLiteral)`,
          message:
            "A schema rule's message is rule('CODE') from packages/shared/src/rules.ts, not a sentence.",
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
);
