// Lint rules of the portal. The one that matters most: machines/ stays pure
// (no React, no DOM, no network, no app code), so every flow can be tested and
// drawn without a browser.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['.scratch/**', 'dist/**', 'node_modules/**', 'src/routeTree.gen.ts', 'src/api/gateway.gen.ts', 'test-results/**', 'playwright-report/**', '.data/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'react-dom/*', '@xstate/react', '@tanstack/*', 'openapi-fetch', 'react-aria-components'], message: 'machines/ is pure: no React, router or network client.' },
            { group: ['**/src/**', '../src/*', '../../src/*'], message: 'machines/ must not import app code (src/), only `import type` of generated contract types.', allowTypeImports: true },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'machines/ is pure: network calls are actors provided by src/.' },
        { name: 'window', message: 'machines/ is pure: no DOM.' },
        { name: 'document', message: 'machines/ is pure: no DOM.' },
        { name: 'localStorage', message: 'machines/ is pure: no storage.' },
        { name: 'sessionStorage', message: 'machines/ is pure: no storage.' },
        { name: 'XMLHttpRequest', message: 'machines/ is pure: no network.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Machines are deterministic: today comes in through input.' },
        { object: 'Math', property: 'random', message: 'Machines are deterministic: ids come in through input.' },
        { object: 'Temporal', property: 'Now', message: 'Machines are deterministic: today comes in through input.' },
      ],
    },
  },
  // A flow's views import only from their own folder and src/flows/shared/: what two flows use lives there,
  // so a change to one flow never breaks another (README, "The folders").
  ...['link', 'member', 'orders'].map((flow) => ({
    files: [`src/flows/${flow}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['link', 'member', 'orders'].filter((other) => other !== flow).map((other) => `**/flows/${other}/*`).concat(['link', 'member', 'orders'].filter((other) => other !== flow).map((other) => `../${other}/*`)),
              message: 'A flow imports only its own folder and src/flows/shared/: move what two flows use to src/flows/shared/.',
            },
          ],
        },
      ],
    },
  })),
);
