/**
 * The layer rules of eslint.config.js, run through ESLint itself on snippets at made-up paths, so
 * a rule that stops matching (a moved folder, a resolver that no longer finds files) fails here
 * instead of letting every import through. The imported files are real: the rules check resolved
 * files, and an import that resolves nowhere is the type checker's to report.
 */
import { ESLint } from 'eslint';
import path from 'node:path';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({
    cwd: ROOT,
    // The snippets' paths are not in tsconfig's program; the layer rules need no type information.
    overrideConfig: [{ files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked }],
  });
});

/** The rule ids and messages ESLint reports for `code` as if it were the file at `file`. */
async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).map(
    (message) => `${message.ruleId ?? 'fatal'}: ${message.message}`,
  );
}

const layerError = (text: string): unknown =>
  expect.stringMatching(new RegExp(`^import-x/no-restricted-paths: .*${text}`));

describe('features import only themselves and shared code', () => {
  it.each([
    ['a sibling', 'src/features/auth/x.ts', '../downloads'],
    ['a path through src/', 'src/features/auth/x.ts', '../../features/downloads'],
    ['a deeper path', 'src/features/auth/forms/x.ts', '../../../features/downloads/markup'],
    ['an absolute-looking detour', 'src/features/auth/x.ts', '../../../src/features/downloads'],
  ])('another feature through %s is an error', async (_, file, specifier) => {
    expect(await problems(file, `export * from '${specifier}';\n`)).toEqual([
      layerError('Features must not import each other'),
    ]);
  });

  it.each([
    ['the app', '../../app/app'],
    ['the start-up', '../../boot/main'],
  ])('%s is an error', async (_, specifier) => {
    expect(await problems('src/features/auth/x.ts', `export * from '${specifier}';\n`)).toEqual([
      layerError('Features must not import the app or the start-up'),
    ]);
  });

  it('its own files and shared code are fine', async () => {
    const code = `export * from './markup';\nexport * from '../auth/markup';\nexport * from '../../lib/config';\nexport * from '../../ui/view';\n`;
    expect(await problems('src/features/auth/x.ts', code)).toEqual([]);
  });
});

describe('shared code (api, i18n, lib, ui) imports only shared code', () => {
  it.each([
    ['src/lib/x.ts', '../features/auth'],
    ['src/api/x.ts', '../app/app'],
    ['src/ui/x.ts', '../boot/main'],
  ])('%s importing %s is an error', async (file, specifier) => {
    expect(await problems(file, `export * from '${specifier}';\n`)).toEqual([
      layerError('Shared code \\(api, i18n, lib, ui\\) must not import'),
    ]);
  });

  it('other shared code is fine', async () => {
    expect(await problems('src/ui/x.ts', `export * from '../lib/config';\n`)).toEqual([]);
  });
});

describe('the start-up (src/boot/, src/main.ts) is imported by nothing in src/', () => {
  it('the app importing it is an error', async () => {
    expect(await problems('src/app/x.ts', `export * from '../boot/main';\n`)).toEqual([
      layerError('Only the start-up imports the start-up'),
    ]);
  });

  it.each(['src/boot/x.ts', 'src/main.ts'])(
    '%s may import the app, features and shared code',
    async (file) => {
      const up = file === 'src/main.ts' ? './' : '../';
      const code = ['app/app', 'features/auth/markup', 'lib/config', 'boot/main']
        .map((target) => `export * from '${up}${target}';\n`)
        .join('');
      expect(await problems(file, code)).toEqual([]);
    },
  );
});

it.each(['src/boot/x.ts', 'src/main.ts', 'src/lib/x.ts'])(
  '%s importing the Node-only service double is an error',
  async (file) => {
    const specifier = file === 'src/main.ts' ? '../service-double' : '../../service-double';
    expect(await problems(file, `export * from '${specifier}';\n`)).toEqual([
      layerError('The service double is Node-only'),
    ]);
  },
);

describe('import cycles', () => {
  // src/lib/config-context.tsx imports src/lib/config.ts: config.ts importing it back closes a loop.
  const cycle: unknown = expect.stringMatching(/^import-x\/no-cycle: Dependency cycle detected/);

  it.each([
    ['a static import', `export * from './config-context';\n`],
    ['a lazy import()', `export const load = () => import('./config-context');\n`],
  ])('through %s are an error', async (_, code) => {
    expect(await problems('src/lib/config.ts', code)).toEqual([cycle]);
  });

  it('through a type-only import are fine (it is erased)', async () => {
    const code = `import type { ConfigProvider } from './config-context';\nexport type P = typeof ConfigProvider;\n`;
    expect(await problems('src/lib/config.ts', code)).toEqual([]);
  });
});
