// ESLint flat config: TypeScript rules, React hooks, and one-way imports between layers
// (shared → features → app; no feature imports another feature).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

/** Every folder of src/features (a new feature is covered the day it is made). */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Tests and test utilities: they may reach across layers to set up the real app. */
const notShipped = ['src/**/*.test.{ts,tsx}', 'src/testing/**'];

/**
 * The public pages (/, /home, /login, /register, /blogs, not-found: prerendered, the first visit
 * of most people) and the code they load stay free of MUI's heavy inputs and overlays: their
 * menu, popover, modal and focus-trap code would load and hydrate with the page
 * (docs/architecture.md). That code is the shared layers, the app shell and these features...
 */
const publicPages = {
  shared: ['src/main.tsx', 'src/{app,components,config,lib}/**/*.{ts,tsx}'],
  features: [
    'src/features/{home,blogs,notFound,account,car,search,financing,compare}/**/*.{ts,tsx}',
  ],
};
/** ... except what they load only on demand (lazy()/import()), or only signed in. */
const onDemand = [
  'src/components/BookingDialog.tsx', // category pages; lazily, when a car's page books it
  'src/components/ConfirmDialog.tsx', // dashboard pages
  'src/components/DashboardLayout.tsx', // the dashboard route
  'src/components/MobileMenu.tsx', // lazily, when the menu is opened
  'src/components/NotificationBell.tsx', // lazily, for a signed-in user
  'src/components/SaveButton.tsx', // lazily, once a public page is interactive (SaveHeart)
  'src/features/account/TestAccountDialog.tsx', // lazily, when asked for
  'src/features/account/FinishRegistrationPage.tsx', // a signed-in page, not prerendered
  'src/components/NameDialog.tsx', // lazily, naming a saved search
  'src/features/search/SaveSearchDialog.tsx', // lazily, when 'Save this search' is chosen
  'src/components/ReportDialog.tsx', // lazily, when 'Report' is pressed on a car's or seller's page
  'src/components/DialogFrame.tsx', // the frame of the dialogs above and of dashboard pages'
];
const onDemandNames = onDemand.map((file) => file.replace(/^.*\/|\.tsx$/g, ''));

/**
 * `no-restricted-imports` for the web app. ESLint keeps one set of options per rule and file
 * (the last matching block's), so each block asks for all the restrictions that apply to it.
 */
function restrictedImports({ typedHooks = false, light = false } = {}) {
  return [
    'error',
    {
      paths: [
        {
          name: '@mui/material',
          message: 'Use path imports (@mui/material/Button) to keep bundles small.',
        },
        ...(typedHooks
          ? [
              {
                name: 'react-redux',
                importNames: ['useSelector', 'useDispatch'],
                message: 'Features use the typed hooks of src/app/hooks.ts (useAppSelector).',
              },
            ]
          : []),
      ],
      patterns: [
        {
          regex: '^@?firebase(/|$)',
          message: 'Import Firebase only in src/lib/auth/firebase.ts.',
        },
        ...(light
          ? [
              {
                regex:
                  '^@mui/material(/index(\\.m?js)?|/(TextField|Select|Autocomplete|Menu|Popover|Modal|Dialog|Drawer|SwipeableDrawer|Popper|Tooltip|Avatar|CircularProgress|Container|useMediaQuery)(/.*)?)?$',
                message:
                  'Public pages stay light: use TextInput / SelectInput / PlainField / UserAvatar / Container / Spinner / actions.tsx (src/components), or load this on demand (docs/architecture.md).',
              },
              {
                regex: `(^|/)(${onDemandNames.join('|')})(\\.tsx)?$`,
                allowTypeImports: true,
                message:
                  'Loaded on demand: import it with lazy()/import(), so its heavy inputs stay off the public pages (docs/architecture.md).',
              },
            ]
          : []),
      ],
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      '.build-*',
      '.data*',
      '.scratch*',
      'dist',
      '.data',
      'coverage',
      'reports',
      'test-results',
      'playwright-report',
      'src/lib/api/generated',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] }),
      ],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // tsc reports unused imports, variables and parameters in TypeScript (tsconfig.json's
    // noUnusedLocals and noUnusedParameters; a name beginning with _ is meant unused): the rule
    // did the same work again, at a fifth of ESLint's time. It stays for the JavaScript files.
    files: ['**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-unused-vars': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    // Tests and test utilities may reach across layers to set up the real app.
    ignores: notShipped,
    // Import cycles are dependency-cruiser's (.dependency-cruiser.cjs: every folder, type-only
    // imports counted), not repeated here.
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // Shared code never reaches into features or the app shell.
            ...['components', 'lib', 'config'].map((shared) => ({
              target: `./src/${shared}`,
              from: ['./src/features', './src/app'],
              message: 'Shared code must not import from features or the app shell.',
            })),
            // Features never import the app shell (except typed hooks and the store types) ...
            {
              target: './src/features',
              from: './src/app',
              except: ['./hooks.ts', './store.ts', './theme.ts'],
              message: 'Features use the typed hooks; they do not import the app shell.',
            },
            // ... nor each other.
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message:
                'A feature must not import another feature: move the shared piece to src/components or src/lib.',
            })),
          ],
        },
      ],
      'no-restricted-imports': restrictedImports(),
    },
  },
  {
    // Features read the store through the typed hooks (src/app/hooks.ts), every one of them.
    files: ['src/features/**/*.{ts,tsx}'],
    ignores: notShipped,
    rules: { 'no-restricted-imports': restrictedImports({ typedHooks: true }) },
  },
  {
    files: publicPages.shared,
    ignores: [...notShipped, ...onDemand],
    rules: { 'no-restricted-imports': restrictedImports({ light: true }) },
  },
  {
    files: publicPages.features,
    ignores: [...notShipped, ...onDemand],
    rules: { 'no-restricted-imports': restrictedImports({ light: true, typedHooks: true }) },
  },
  {
    files: ['src/lib/auth/firebase.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // PGlite opens through server/src/platform/db/client.ts (createPglite), which loads the extensions the
    // migrations need (pg_trgm): a bare PGlite.create() fails at the
    // first migration that creates a trigram index.
    files: ['server/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['server/src/platform/db/client.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@electric-sql/pglite',
              importNames: ['PGlite'],
              allowTypeImports: true,
              message:
                'Open PGlite with createPglite (server/src/platform/db/client.ts): it loads pg_trgm.',
            },
          ],
        },
      ],
    },
  },
  {
    // A function or component a reader can hold in mind: split a longer one along its seams
    // (sub-components, hooks, helpers). Tests are exempt: their describe callbacks are containers.
    files: ['src/**/*.{ts,tsx}', 'server/src/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'e2e/**', 'src/testing/**', '**/generated/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
  prettier,
);
