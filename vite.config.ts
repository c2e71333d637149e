/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { demoServicePlugin } from './service-double/vite-plugin.ts';
import { downloadWorkerPlugin } from './src/download-worker/vite-plugin.ts';
import { catalogPlugin } from './src/i18n/vite-plugin.ts';

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    catalogPlugin(),
    demoServicePlugin(),
    downloadWorkerPlugin(),
    listUiCodeFiles(),
    entryBlocksRendering(),
    compiledOnLoad(),
    trustedTypesInBuildOnly(),
    reactRouterUnusedComponentsDroppable(),
  ],
  // React Router 7's package exports name only its development build (with its warnings on),
  // whatever the mode: remix-run/react-router#14102, open. The app is built against its
  // production build, which the package ships beside it (react-router is a dependency of its own
  // in package.json for this: react-router-dom re-exports it, at the same exact version).
  resolve: command === 'build' ? { alias: reactRouterProductionBuild() } : {},
  build: {
    target: 'es2022',
    sourcemap: true,
    // One small entry (src/boot/); the UI code is prefetched, the pane and downloads load on demand.
    modulePreload: { polyfill: false },
    // The entry and everything it imports in one file ('$initial': what an entry imports
    // statically). Left to itself, the bundler gave the modules the entry shares with lazily
    // loaded code (the HTTP layer, translation, the plural rules) three files of their own, which
    // the first screen waited for: three more requests and module records before the first row,
    // and 1.5 kB more gzip than one file. Lazily loaded code imports them from the entry.
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } },
    },
  },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  test: {
    environment: 'happy-dom',
    setupFiles: ['test/setup.ts'],
    include: ['test/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // A test that makes no assertion cannot fail: Vitest fails it instead.
    expect: { requireAssertions: true },
    testTimeout: 15_000,
    // One worker per core, not Vitest's default of one fewer: much of a component test is waiting
    // (the mocked service, timers), so on the 2-core machine two workers took 1m40s where one took
    // 2m28s (three: 1m27s, four: 1m45s).
    maxWorkers: '100%',
  },
}));

/** `react-router` and `react-router/dom` from the package's `dist/production/`. */
function reactRouterProductionBuild() {
  // The development entry the exports name, then its production sibling.
  const production = path.join(
    path.dirname(fileURLToPath(import.meta.resolve('react-router'))),
    '../production',
  );
  return [
    { find: /^react-router$/, replacement: path.join(production, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(production, 'dom-export.mjs') },
  ];
}

/**
 * src/boot/ starts the UI code (src/app/start.tsx) with a dynamic import once the first screen is
 * drawn, and prefetches it before that when it is sure to be needed soon (a signed-in agent;
 * signed out, it would share a slow connection with the sign-in form). This lists the UI code's
 * files in index.html as data (`#ui-code-files`, never executed) for src/boot/load-ui.ts to read.
 */
function listUiCodeFiles(): Plugin {
  return {
    name: 'threadline-list-ui-code-files',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find(
          (output) =>
            output.type === 'chunk' &&
            (output.facadeModuleId?.endsWith('/src/app/start.tsx') || output.name === 'start'),
        );
        if (!chunk || chunk.type !== 'chunk')
          throw new Error('The UI chunk (src/app/start.tsx) was not found in the bundle.');
        const entryFiles = new Set(
          Object.values(bundle ?? {}).flatMap((output) =>
            output.type === 'chunk' && output.isEntry ? [output.fileName, ...output.imports] : [],
          ),
        );
        const files = [chunk.fileName, ...chunk.imports].filter((file) => !entryFiles.has(file));
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: 'ui-code-files' },
            children: JSON.stringify(files.map((file) => `/${file}`)),
            injectTo: 'head' as const,
          },
        ];
      },
    },
  };
}

/**
 * The built entry's script is render-blocking (`blocking="render"`): nothing is drawn before it
 * has run. Otherwise the browser drew the empty page once or twice while the entry loaded, frames
 * that showed nothing and held up the first rows on a slow CPU (about 20–40 ms at CPU 4× in
 * traces). Vite writes the entry's tag itself, so the attribute is added to what it wrote.
 */
function entryBlocksRendering(): Plugin {
  return {
    name: 'threadline-entry-blocks-rendering',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entryTag =
          /<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/;
        if (!entryTag.test(html)) throw new Error("index.html's entry script tag was not found.");
        return html.replace(entryTag, (tag) =>
          tag.replace('<script ', '<script blocking="render" '),
        );
      },
    },
  };
}

/**
 * V8 compiles a function when it is first called, on the thread that calls it. At CPU 4× that was
 * 55–81 ms of the entry's functions on the main thread before the first row, and 44–51 ms of the
 * UI code's and the pane's at the session's first opening (docs/performance.md, fifteenth
 * session). Chromium's explicit compile hint (since 136), a `//# allFunctionsCalledOnLoad` comment
 * that must be a file's first line, has every function of the file compiled as it loads, on a
 * background thread. Given to the files whose code runs as soon as it arrives: the entry, the UI
 * code (src/app/start.tsx, started once the first rows are drawn) and the pane's (loaded while the
 * list is idle, run at the first opening). Rolldown's `postBanner` would put it after the line
 * Vite writes first (the lazy imports' dependency list), where V8 does not read it. Other browsers
 * read a comment. test/budget/first-load.ts checks the hints and the source maps.
 */
function compiledOnLoad(): Plugin {
  const hint = '//# allFunctionsCalledOnLoad\n';
  const sources = ['/src/app/start.tsx', '/src/app/conversation-route.tsx'];
  const runsOnArrival = (chunk: Rollup.RenderedChunk | Rollup.OutputChunk) =>
    chunk.isEntry || sources.some((source) => chunk.facadeModuleId?.endsWith(source));
  return {
    name: 'threadline-compiled-on-load',
    apply: 'build',
    // The hint is part of the file: its name changes with it, or a cached copy would be kept.
    augmentChunkHash: (chunk) => (runsOnArrival(chunk) ? hint : undefined),
    generateBundle: {
      // After Vite has written its own first line.
      order: 'post',
      handler(options, bundle) {
        const chunks = Object.values(bundle).filter(
          (output): output is Rollup.OutputChunk =>
            output.type === 'chunk' && runsOnArrival(output),
        );
        if (chunks.length !== sources.length + 1)
          throw new Error(`Not every file to compile on load was found: ${sources.join(', ')}.`);
        for (const chunk of chunks) {
          chunk.code = hint + chunk.code;
          if (!options.sourcemap) continue;
          // One line more at the top: the source map's lines move down by one.
          const map = chunk.sourcemapFileName ? bundle[chunk.sourcemapFileName] : undefined;
          if (map?.type !== 'asset' || typeof map.source !== 'string')
            throw new Error(`${chunk.fileName}: its source map is not a file to move down a line.`);
          const json = JSON.parse(map.source) as { mappings: string };
          json.mappings = `;${json.mappings}`;
          map.source = JSON.stringify(json);
        }
      },
    },
  };
}

/**
 * index.html requires Trusted Types for scripts (src/lib/trusted-types.ts). In the dev server only,
 * that requirement is dropped: the React Query devtools (loaded in dev only) build their DOM with
 * innerHTML, which Chromium blocks (an uncaught error, no devtools). The built app (preview,
 * browser tests, deployments) keeps it; the policy name (`trusted-types`) stays in force in dev.
 */
function trustedTypesInBuildOnly(): Plugin {
  const requirement = "; require-trusted-types-for 'script'";
  return {
    name: 'threadline-trusted-types-in-build-only',
    apply: 'serve',
    transformIndexHtml(html) {
      if (!html.includes(requirement))
        throw new Error(`index.html's CSP no longer contains "${requirement.slice(2)}".`);
      return html.replace(requirement, '');
    },
  };
}

/**
 * React Router's production build creates its components and contexts at the top of a module
 * with unannotated `forwardRef`/`createContext` calls followed by `displayName` writes, so a
 * bundler must keep every one and all they call: `Link`, `NavLink` and `Form` with route
 * prefetching and form submission, 4 KiB of gzip the app never runs (it has its own link,
 * ui/app-link.tsx). The upstream fix (remix-run/react-router#15299, open) marks them pure; this
 * does the same to the built file, and drops the `displayName`s (names for React's developer
 * tools, which a production build does not serve). It fails the build when React Router's code
 * no longer has that shape, so an upgrade cannot silently undo it.
 */
function reactRouterUnusedComponentsDroppable(): Plugin {
  const creation = /^(var \w+ = )(React\d*\.(?:forwardRef|createContext)\()/gm;
  const naming = /^\w+\.displayName = "[^"]*";$/gm;
  return {
    name: 'threadline-react-router-droppable-components',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[\w-]+\.mjs$/.test(id)) return null;
      if (!code.includes('function useRoutes(')) return null;
      for (const name of ['Link', 'NavLink', 'Form']) {
        const made = new RegExp(`^var ${name} = React\\d*\\.forwardRef\\(`, 'm');
        if (!made.test(code) || !new RegExp(`^${name}\\.displayName = `, 'm').test(code))
          throw new Error(
            `React Router's ${name} changed shape: update reactRouterUnusedComponentsDroppable in vite.config.ts.`,
          );
      }
      // Lines are kept where they were; React Router ships no source map, and only the columns
      // of the marked lines move (`map: null` says nothing moved, close enough for a stack trace).
      const patched = code.replace(creation, '$1/* @__PURE__ */ $2').replace(naming, '');
      return { code: patched, map: null };
    },
  };
}
