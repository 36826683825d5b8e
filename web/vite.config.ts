import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
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
 * Collects `entryFiles` before Vite writes the preload lists of the dynamic imports. Without this, every lazy
 * page's list repeats the shell's chunks, and those lists ship in the first script.
 */
function collectEntryFiles(): Plugin {
  return {
    name: 'mp-entry-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      entryFiles.clear();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (!chunk || chunk.type !== 'chunk' || entryFiles.has(fileName)) return;
        entryFiles.add(fileName);
        for (const imported of chunk.imports) visit(imported);
      };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
      }
    },
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

/** The server renderer's bundle (`vite build --ssr`): what the API process imports to render public pages. */
export const SSR_OUT_DIR = path.join(webRoot, 'dist-server');

export default defineConfig(({ isSsrBuild }) => ({
  root: webRoot,
  plugins: isSsrBuild
    ? [react(), muiWithoutCssVariables()]
    : [react(), muiWithoutCssVariables(), collectEntryFiles(), precompress()],
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
        chunkSizeWarningLimit: 400,
        modulePreload: {
          resolveDependencies: (_filename: string, deps: string[]) =>
            deps.filter((dep) => !entryFiles.has(dep.replace(/^\//, ''))),
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
