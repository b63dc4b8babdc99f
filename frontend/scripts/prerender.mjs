#!/usr/bin/env node
// Renders the marketing pages (src/app/prerender.tsx) to HTML after `vite build`
// and writes dist/prerendered.json: { "<path>": { title, description, html, htmlSignedOut } }
// (htmlSignedOut: as rendered for a visitor the gateway knows is signed out)
// (html empty for a page that renders per visitor, such as pricing: head tags only).
// The gateway serves these pages with that HTML inside #root and the app
// hydrates it. The server bundle is built into node_modules/.kerf-prerender so
// its dependencies resolve, and removed afterwards.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'node_modules/.kerf-prerender');
mkdirSync(outDir, { recursive: true });

try {
  await build({
    root,
    logLevel: 'warn',
    build: {
      ssr: 'src/app/prerender.tsx',
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      manifest: false,
      rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
    },
  });
  const { prerenderedPages, headOnlyPages, renderPage } = await import(
    pathToFileURL(join(outDir, 'prerender.mjs')).href
  );
  const pages = {};
  for (const [path, meta] of Object.entries(headOnlyPages)) {
    pages[path] = { title: meta.title, description: meta.description, html: '' };
  }
  for (const [path, meta] of Object.entries(prerenderedPages)) {
    pages[path] = {
      title: meta.title,
      description: meta.description,
      html: await renderPage(path),
      htmlSignedOut: await renderPage(path, { signedOut: true }),
    };
    console.log(`prerendered ${path} (${Math.round(pages[path].html.length / 1024)} KB)`);
  }
  writeFileSync(join(root, 'dist/prerendered.json'), JSON.stringify(pages));
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
// The rendered app leaves timers behind (React Query keeps a cache entry for its
// gcTime, 5 minutes), which would hold the build open that long for nothing.
process.exit(0);
