import { createRequire } from 'node:module';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
/** The API in development; `npm start` listens here by default. */
const apiTarget = process.env.VITE_API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes `.gz` and `.br` twins of every text asset after the build, so the API serves them precompressed
 * (`@fastify/static` with `preCompressed`) and nothing compresses on the request path.
 */
function precompress(): Plugin {
  return {
    name: 'mp-precompress',
    apply: 'build',
    writeBundle(options) {
      const outDir = options.dir ?? path.join(webRoot, 'dist');
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const full = path.join(dir, name);
          return statSync(full).isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/** The files the entry imports statically: loaded before any page, so never worth preloading again. */
const entryFiles = new Set<string>();

/**
 * The signed-in areas' layouts and the lazy pages that only ever render inside them (web/src/app/router.tsx:
 * `app/...` under AppLayout, `god/...` under AdminLayout, the company and settings tabs under their own). A
 * page's code is asked for after its layout's, or with it (`preloadPages` on a first load), so the files its
 * layout loads are loaded or on their way already: the page's preload list leaves them out. Those lists ship in
 * the first script of every page (the search route's budget, issue 20). A page listed here that is not under the
 * layout would lose only the preloading of those files, never the files themselves.
 */
const LAYOUT_PAGES: { layouts: string[]; pages: RegExp }[] = [
  {
    layouts: ['src/app/layouts/admin-layout.tsx'],
    pages:
      /^src\/features\/(admin\/components\/admin-[\w-]+-page|profiles\/components\/admin-profile-page)\.tsx$/,
  },
  {
    layouts: ['src/app/layouts/app-layout.tsx', 'src/features/companies/components/company-layout.tsx'],
    pages: /^src\/features\/companies\/components\/company-(details|members|projects)-page\.tsx$/,
  },
  {
    layouts: ['src/app/layouts/app-layout.tsx', 'src/features/settings/components/settings-layout.tsx'],
    pages: /^src\/features\/settings\/components\/settings-(account|options|privacy)-page\.tsx$/,
  },
  {
    layouts: ['src/app/layouts/app-layout.tsx'],
    pages: new RegExp(
      '^src/features/(' +
        [
          'dashboard/components/dashboard-page',
          'offers/components/offers-page',
          'profiles/components/(inner|edit)-profile-page',
          'contracts/components/(agreements|contracts)-page',
          'time/components/time-page',
          'companies/components/company-layout',
          'settings/components/(settings-layout|settings-export-page)',
          'subscriptions/components/subscription-page',
          'assessment/components/assessment-page',
          'billing/components/(billing|bill)-page',
        ].join('|') +
        ')\\.tsx$',
    ),
  },
];

/** Per lazy page's file: the files its layouts load (statically imported, recursively). */
const loadedByLayouts = new Map<string, Set<string>>();

/**
 * Collects `entryFiles` and `loadedByLayouts` before Vite writes the preload lists of the dynamic imports.
 * Without this, every lazy page's list repeats the shell's chunks (and its layout's), and those lists ship in
 * the first script.
 */
function collectEntryFiles(): Plugin {
  return {
    name: 'mp-entry-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      const closure = (fileName: string, into = new Set<string>()) => {
        const chunk = bundle[fileName];
        if (!chunk || chunk.type !== 'chunk' || into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of chunk.imports) closure(imported, into);
        return into;
      };
      entryFiles.clear();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.isEntry) closure(chunk.fileName, entryFiles);
      }
      const fileOf = new Map<string, string>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.facadeModuleId) {
          fileOf.set(path.relative(webRoot, chunk.facadeModuleId).split(path.sep).join('/'), chunk.fileName);
        }
      }
      loadedByLayouts.clear();
      const unmatched = new Set(LAYOUT_PAGES);
      for (const [module, fileName] of fileOf) {
        const group = LAYOUT_PAGES.find(({ pages }) => pages.test(module));
        if (!group) continue;
        unmatched.delete(group);
        const loaded = new Set<string>();
        for (const layout of group.layouts) {
          const layoutFile = fileOf.get(layout);
          if (!layoutFile) throw new Error(`vite.config.ts LAYOUT_PAGES: no chunk for ${layout}`);
          closure(layoutFile, loaded);
        }
        loadedByLayouts.set(fileName, loaded);
      }
      // A page renamed or moved: the table is stale (see LAYOUT_PAGES).
      for (const { pages } of unmatched)
        throw new Error(`vite.config.ts LAYOUT_PAGES: no page matches ${pages}`);
    },
  };
}

/** V8's explicit compile hint for a whole file. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Asks the browser to compile every function of the entry chunk right away, on the thread that streams the file
 * in, instead of one by one on the main thread the first time each runs: V8's explicit compile hint, a
 * `//# allFunctionsCalledOnLoad` comment at the top of the file (Chrome 136 and later; other browsers read a
 * comment). Nearly all of the entry runs on every first load (React, the router, MUI's core, the public layout),
 * and its lazy compilation was a large part of the first script's task, the longest after the first paint.
 */
function compileHints(): Plugin {
  return {
    name: 'mp-compile-hints',
    apply: 'build',
    // The comment must open the file; Vite's own preload code (`__vite__mapDeps`) goes in front of the entry's
    // code in this same hook, so this runs after it.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.isEntry) chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
        }
      },
    },
    // The same code with and without the hint must not share a file name.
    augmentChunkHash: (chunk) => (chunk.isEntry ? COMPILE_HINT : undefined),
  };
}

/**
 * MUI's `createTheme` and `ThemeProvider` import the CSS-variables theme builder and provider next to the plain
 * ones and pick at run time. Our theme is plain, so those two modules (and what they pull in) are swapped for
 * src/app/mui-without-css-variables.ts, which throws if ever reached. Only these two importers are redirected.
 */
function muiWithoutCssVariables(): Plugin {
  const stub = path.join(webRoot, 'src', 'app', 'mui-without-css-variables.ts');
  const redirects: [RegExp, string][] = [
    [/[\\/]@mui[\\/]material[\\/]styles[\\/]createTheme\.mjs$/, './createThemeWithVars.mjs'],
    [/[\\/]@mui[\\/]material[\\/]styles[\\/]ThemeProvider\.mjs$/, './ThemeProviderWithVars.mjs'],
  ];
  return {
    name: 'mp-mui-without-css-variables',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null;
      return redirects.some(([from, to]) => from.test(importer) && source === to) ? stub : null;
    },
  };
}

/**
 * React Router's production build creates its components and contexts at the top of its module and names them
 * after: `var NavLink = React10.forwardRef(...);` then `NavLink.displayName = "NavLink";`. The bundler cannot
 * know that `forwardRef` and `createContext` have no side effects, nor that the name's assignment touches only
 * that object, so every one of them stayed in the entry whether the app uses it or not: `<Form>`, `<NavLink>`
 * and what they need (`useSubmit`, the form-data helpers; ~1.6 KB gzip of the search route's first script).
 * This rewrites each such pair into one expression, `var NavLink = Object.assign(React10.forwardRef(...),
 * { displayName: "NavLink" });` with both calls annotated pure: the same object with the same name when used,
 * dropped when not. Only these two React calls at the top level of that file are touched; if an
 * upgrade changes its layout so that none match, the build fails here rather than growing quietly.
 */
function reactRouterPureComponents(): Plugin {
  const file = /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-\w+\.mjs$/;
  // `var X = ReactN.forwardRef(` or `.createContext(` at the top level, up to the `);` just before
  // `X.displayName = "...";`, never across another top-level statement.
  const named =
    /^var ([\w$]+) = (React\d*\.(?:forwardRef|createContext)\((?:(?!\n(?:var|let|const|function|class|import|export)\b|\n[\w$]+\.displayName\b)[\s\S])*?\n?\));\n\1\.displayName = ("[^"\n]*");$/gm;
  // The same calls without a name (RSCRouterContext, OutletContext).
  const unnamed = /^(var [\w$]+ = )(React\d*\.(?:forwardRef|createContext)\()/gm;
  const PURE = '/* @__PURE__ */';
  return {
    name: 'mp-react-router-pure-components',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!file.test(id) || !code.includes('.forwardRef(')) return null;
      let count = 0;
      const out = code
        .replace(named, (_match, name: string, call: string, displayName: string) => {
          count += 1;
          return `var ${name} = ${PURE} Object.assign(${PURE} ${call}, { displayName: ${displayName} });`;
        })
        .replace(unnamed, `$1${PURE} $2`);
      if (count === 0) throw new Error(`vite.config.ts reactRouterPureComponents: nothing matched in ${id}`);
      return { code: out, map: null };
    },
  };
}

/** The server renderer's bundle (`vite build --ssr`): what the API process imports to render public pages. */
export const SSR_OUT_DIR = path.join(webRoot, 'dist-server');

/**
 * What the server bundle's `process.env.NODE_ENV` is fixed to: the browser bundle's own (Vite's production unless
 * the build runs with NODE_ENV=development). The renderer must produce what the browser would: in development
 * mode MUI labels its Emotion classes (`css-1x2y3z-MuiButton-root`), so a production page rendered by an API
 * running with NODE_ENV=development or test (the demo, the e2e suite) carried class names the browser's styles
 * never matched, and hydration re-inserted every rule (~1,000) in a second style sheet.
 */
const reactRouterBuild = (file: string) =>
  path.join(path.dirname(require.resolve('react-router/package.json')), 'dist', 'production', file);

const browserNodeEnv = process.env.NODE_ENV === 'development' ? 'development' : 'production';

export default defineConfig(({ isSsrBuild }) => ({
  root: webRoot,
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify(browserNodeEnv) } : {},
  resolve: {
    // React Router's package exports name only its development build (the two builds differ in one flag,
    // ENABLE_DEV_WARNINGS); a production bundle takes the production one, which drops the warnings' code.
    alias: [
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: path.join(webRoot, 'src', 'app', 'use-sync-external-store-shim.ts'),
      },
      ...(browserNodeEnv === 'production'
        ? [
            { find: /^react-router$/, replacement: reactRouterBuild('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') },
          ]
        : []),
    ],
  },
  plugins: isSsrBuild
    ? [react(), muiWithoutCssVariables(), reactRouterPureComponents()]
    : [
        react(),
        muiWithoutCssVariables(),
        reactRouterPureComponents(),
        collectEntryFiles(),
        compileHints(),
        precompress(),
      ],
  // The server bundle carries its dependencies: one copy of each (React, Emotion, MUI) whichever loader imports
  // it (Node in production, Vitest's module runner in the e2e setup), so contexts such as Emotion's cache match.
  ssr: { noExternal: true },
  build: isSsrBuild
    ? {
        outDir: SSR_OUT_DIR,
        emptyOutDir: true,
        target: 'node24',
        sourcemap: false,
        rollupOptions: { input: path.join(webRoot, 'src', 'entry-server.tsx') },
      }
    : {
        outDir: path.join(webRoot, 'dist'),
        emptyOutDir: true,
        // The manifest lets the bundle-size check follow a route's static imports.
        manifest: true,
        target: 'es2022',
        sourcemap: false,
        // The entry holds every module the first script needs (see codeSplitting below): ~530 KB before gzip.
        chunkSizeWarningLimit: 600,
        rolldownOptions: {
          // Building a zod schema has no effect beyond the value it returns, but the bundler cannot know that:
          // a module such as @mp/domain/value-lists, whose constants the result cards use, pulled all of zod
          // (~22 KB gzip) into the search's first paint for schemas that page never reads.
          treeshake: { manualPureFunctions: ['z'] },
          output: {
            // Everything the entry imports statically runs on every first visit anyway: one file instead of a
            // score of small shared chunks compresses better (~5 KB gzip) and saves requests.
            //
            // The small hooks and dialogs that forms on several lazy pages share (a submit sent once, the question
            // before unsaved changes are left) go in one chunk: each chunk of its own costs the first script its
            // file name in the entry's preload list and an index in every route's that uses it.
            codeSplitting: {
              groups: [
                { name: 'app', tags: ['$initial'] },
                {
                  name: 'forms',
                  // Only these modules: what they import (MUI's dialog, React Query) stays where it was.
                  includeDependenciesRecursively: false,
                  test: /[\\/]src[\\/](lib[\\/]use-(submit-mutation|unsaved-changes-guard)\.ts|components[\\/]ui[\\/]confirm-dialog\.tsx)$/,
                },
              ],
            },
            // Hashes only, of 7 characters (the shortest the bundler accepts for this many chunks, so names cannot
            // collide): the entry lists every lazy chunk it may preload by file name (~180 of them), and each
            // character less is ~0.15 KB gzip of the first script.
            chunkFileNames: 'assets/[hash:7].js',
          },
        },
        modulePreload: {
          // Every browser the app supports has <link rel="modulepreload">.
          polyfill: false,
          resolveDependencies: (filename: string, deps: string[]) => {
            const byLayouts = loadedByLayouts.get(filename.replace(/^\//, ''));
            return deps.filter((dep) => {
              const file = dep.replace(/^\//, '');
              return !entryFiles.has(file) && !byLayouts?.has(file);
            });
          },
        },
      },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      // Only the auth host's own endpoints (PUT/POST /auth), never the SPA's /:lang/auth/... pages.
      '^/auth(?:$|\\?)': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: { host: '127.0.0.1', port: 4173 },
}));
