import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { earlyStartScript } from './src/lib/earlyStart.ts';
import { afterPaintLoaderScript } from './src/lib/documentScripts.ts';
import { tapKeeperScript } from './src/lib/taps.ts';
import { votesNoteScript } from './src/lib/votesNote.ts';

/**
 * Puts the first page's small style sheet (~3 KB gzip) inside index.html, so the first paint needs
 * one request instead of two. The forms' Amplify UI styles stay separate files, loaded with them.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'vaya-dia:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, fileName: string) => {
          const asset = bundle[fileName];
          if (asset?.type !== 'asset') return tag;
          return `<style>${String(asset.source)}</style>`;
        });
      },
    },
  };
}

/**
 * Fails the build when the first script, or a chunk it imports, holds zod. A reader's first page
 * validates nothing with it (the contract's schemas come with the API client's route table, on the
 * first call), and each contract module builds its schemas as it is imported: the first script
 * imports the zod-free modules (functions/contract/*Rules.ts, categories.ts, common.ts, documents.ts).
 */
function firstScriptWithoutZod(): Plugin {
  return {
    name: 'vaya-dia:first-script-without-zod',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file] as const] : [])));
      const queue = [...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
      const seen = new Set<string>();
      for (let fileName = queue.pop(); fileName !== undefined; fileName = queue.pop()) {
        const chunk = chunks.get(fileName);
        if (!chunk || seen.has(fileName)) continue;
        seen.add(fileName);
        const zod = chunk.moduleIds.find((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id));
        if (zod)
          this.error(
            `The first script (${fileName}) holds zod (${zod}): import the contract's zod-free modules from the page's first script.`,
          );
        queue.push(...chunk.imports);
      }
    },
  };
}

/** Puts `script` inline in index.html, right after `anchor` or right before it; the site's CSP allows it by its hash. */
function inlineScript(name: string, script: string, where: { after: string } | { before: string }): Plugin {
  const anchor = 'after' in where ? where.after : where.before;
  return {
    name: `vaya-dia:${name}`,
    transformIndexHtml(html) {
      if (!html.includes(anchor)) throw new Error(`index.html has no ${anchor} for the ${name} script`);
      const tag = `<script>${script}</script>`;
      return html.replace(anchor, 'after' in where ? `${anchor}\n    ${tag}` : `  ${tag}\n  ${anchor}`);
    },
  };
}

const inlineScripts = [
  // First in <head> (src/lib/earlyStart.ts): asks for /config.json while the entry script downloads.
  inlineScript('early-start', earlyStartScript(), { after: '<meta charset="utf-8" />' }),
  // In <head>, before the first paint (src/lib/votesNote.ts): hides the votes note a reader closed before.
  inlineScript('votes-note', votesNoteScript(), { before: '</head>' }),
  // In <head> (src/lib/taps.ts): from the first paint it keeps a tap on a button that needs the app,
  // which the app carries out once it has taken over.
  inlineScript('tap-keeper', tapKeeperScript(), { before: '</head>' }),
  // Last in <body> (src/lib/documentScripts.ts): on a server-rendered page it loads the app after the first paint.
  inlineScript('after-paint-loader', afterPaintLoaderScript(), { before: '</body>' }),
];

const webDir = decodeURIComponent(new URL('.', import.meta.url).pathname);
const contract = decodeURIComponent(new URL('../functions/contract', import.meta.url).pathname);

/**
 * The web app. `root` is web/ so `npm run build` (run from the repository root) writes web/dist;
 * `@contract/<module>` (functions/contract/, one module per feature) is the single source of categories, limits and messages shared with the API.
 */
export default defineConfig({
  root: webDir,
  plugins: [react(), ...inlineScripts, inlineEntryCss(), firstScriptWithoutZod()],
  resolve: { alias: { '@contract': contract } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Hashed file names under assets/ are what the web server caches for a year.
    assetsDir: 'assets',
    // The contract's schemas are `z.…` calls of zod/mini, which have no side effects: said so, the
    // bundle drops the ones no page uses (most response schemas exist for the OpenAPI document).
    rolldownOptions: {
      treeshake: { manualPureFunctions: ['z'] },
      // Everything the first script imports statically goes in it: one file to fetch before the page
      // is taken over (the browser fetches at most six at once over HTTP/1.1, and each extra file is a
      // round trip on a slow phone), and the lazy routes' scripts import what they share with it from it.
      output: { codeSplitting: { groups: [{ name: 'first', tags: ['$initial'] }] } },
    },
  },
  // Dev server: pre-bundle every dependency up front (the lazy routes' ones too), so the first visit
  // to /login does not trigger a re-optimisation and a full reload.
  cacheDir: '../node_modules/.vite/web',
  optimizeDeps: {
    entries: ['index.html', 'src/**/*.tsx'],
    include: [
      'react',
      'react/jsx-runtime',
      'react-dom/client',
      'react-router-dom',
      'zod/mini',
      'aws-amplify',
      'aws-amplify/auth',
      'aws-amplify/utils',
      'aws-amplify/auth/enable-oauth-listener',
      '@aws-amplify/ui-react',
    ],
  },
  server: { host: 'localhost', fs: { allow: [decodeURIComponent(new URL('..', import.meta.url).pathname)] } },
});
