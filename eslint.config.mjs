import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(fileURLToPath(import.meta.url));

/** `web`, `services/<name>` or `packages/<name>` for a file inside a workspace, else undefined. */
function workspaceOf(file) {
  const parts = relative(ROOT, file).split(sep);
  if (parts[0] === 'web' && parts.length > 1) return 'web';
  if ((parts[0] === 'services' || parts[0] === 'packages') && parts.length > 2) {
    return `${parts[0]}/${parts[1]}`;
  }
  return undefined;
}

/** The services' package names (`@handcheck/gateway`, …): applications, not libraries. */
const SERVICE_PACKAGES = new Map(
  readdirSync(join(ROOT, 'services'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      try {
        const { name } = JSON.parse(
          readFileSync(join(ROOT, 'services', entry.name, 'package.json'), 'utf8'),
        );
        return [[name, `services/${entry.name}`]];
      } catch {
        return [];
      }
    }),
);

/**
 * A workspace uses another one only through its package name (`@handcheck/diagnosis`, which
 * jest, tsconfig paths and Vite resolve to its sources), never by a relative path into it, and
 * no workspace imports a service. `tests/` and `scripts/` are not workspaces: the integration
 * harness boots the services in-process from their sources.
 */
const noCrossWorkspaceImports = {
  meta: {
    type: 'problem',
    docs: { description: "Forbids importing another workspace's files by relative path" },
    schema: [],
    messages: {
      relative: "{{from}} must not import {{to}}'s files by relative path ('{{source}}'). {{fix}}",
      service:
        "{{from}} must not import the service {{to}} ('{{source}}'): services are applications, not libraries. Move what is shared into a package under packages/.",
    },
  },
  create(context) {
    const from = workspaceOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return;
      const source = node.value;
      if (source.startsWith('.')) {
        const to = workspaceOf(resolve(dirname(context.filename), source));
        if (!to || to === from) return;
        const fix = to.startsWith('services/')
          ? 'Services are applications, not libraries: move what is shared into a package under packages/.'
          : `Import its package, @handcheck/${to.slice('packages/'.length)} (add a subpath export for a part of it).`;
        context.report({ node, messageId: 'relative', data: { from, to, source, fix } });
        return;
      }
      const name = source.split('/').slice(0, 2).join('/');
      const to = SERVICE_PACKAGES.get(name);
      if (to && to !== from)
        context.report({ node, messageId: 'service', data: { from, to, source } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportEqualsDeclaration: (node) => check(node.moduleReference?.expression),
      CallExpression: (node) => {
        const callee = node.callee;
        const named = (name) => callee.type === 'Identifier' && callee.name === name;
        const jestMock =
          callee.type === 'MemberExpression' &&
          callee.object.type === 'Identifier' &&
          callee.object.name === 'jest';
        if (named('require') || jestMock) check(node.arguments[0]);
      },
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'var/**',
      'coverage/**',
      'packages/contracts/src/gen/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx,js,mjs}', 'services/**/*.{ts,js,mjs}', 'packages/**/*.{ts,js,mjs}'],
    plugins: { handcheck: { rules: { 'no-cross-workspace-imports': noCrossWorkspaceImports } } },
    rules: { 'handcheck/no-cross-workspace-imports': 'error' },
  },
  {
    files: ['web/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kafkajs',
              message:
                "kafkajs is wrapped by server-kit's KafkaModule (packages/server-kit/src/kafka): use KafkaService, or @handcheck/server-kit/testing in tests and scripts.",
            },
            {
              name: '@handcheck/contracts',
              message:
                "Import '@handcheck/contracts/browser-events': the package's root brings the protobuf runtime and generated code into the bundle.",
            },
          ],
        },
      ],
    },
  },
  {
    // kafkajs is unmaintained since 2023: one folder wraps it, so it could be swapped.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['web/**', 'packages/server-kit/src/kafka/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kafkajs',
              message:
                "kafkajs is wrapped by server-kit's KafkaModule (packages/server-kit/src/kafka): use KafkaService, or @handcheck/server-kit/testing in tests and scripts.",
            },
          ],
        },
      ],
    },
  },
  {
    // NestJS injects by constructor type, so those imports must stay value imports.
    files: ['services/**/*.ts', 'packages/server-kit/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['**/*.cjs', '**/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
