/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { cpSync, createReadStream, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, normalize } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';

// Where `vite` (dev) and `vite preview` forward /api: the gateway of a local run.
const apiTarget = process.env.KERF_API_URL ?? 'http://127.0.0.1:8080';

const apiProxy: Record<string, ProxyOptions> = {
  '/api': {
    target: apiTarget,
    configure(proxy) {
      // The gateway accepts state-changing requests only from ALLOWED_ORIGINS.
      // A page served by this dev server is same-origin with it, so present such
      // requests as coming from the gateway's own origin. Cross-origin requests
      // keep their Origin and are still refused by the gateway.
      proxy.on('proxyReq', (proxyReq, req) => {
        const origin = req.headers.origin;
        if (origin && req.headers.host && origin === `http://${req.headers.host}`) {
          proxyReq.setHeader('origin', new URL(apiTarget).origin);
        }
      });
    },
  },
};

/**
 * Writes .br and .gz beside each built script, style sheet and page, at the
 * highest compression, so the gateway serves them without compressing per request.
 */
function precompress(): Plugin {
  let serverBuild = false;
  return {
    name: 'kerf-precompress',
    apply: 'build',
    configResolved(config) {
      serverBuild = Boolean(config.build.ssr);
    },
    writeBundle(options, bundle) {
      if (serverBuild) return;
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(fileName)) continue;
        const file = join(options.dir!, fileName);
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * The files pdf.js loads by URL rather than import (the sheet viewer): its WebAssembly image
 * decoders (JPEG 2000 and JBIG2, common in scanned and CAD sheets, with their no-wasm
 * fallbacks), the standard fonts a PDF may use without embedding them, and the CJK CMaps.
 * Served under /pdfjs/ in dev, copied there in the build.
 */
function pdfjsAssets(): Plugin {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const folders = ['wasm', 'standard_fonts', 'cmaps'];
  const types: Record<string, string> = { '.wasm': 'application/wasm', '.js': 'text/javascript' };
  return {
    name: 'kerf-pdfjs-assets',
    configureServer(server) {
      server.middlewares.use('/pdfjs', (req, res, next) => {
        const file = normalize(join(root, (req.url ?? '').split('?')[0]!));
        if (
          !file.startsWith(root) ||
          !folders.some((folder) => file.startsWith(join(root, folder))) ||
          !existsSync(file) ||
          !statSync(file).isFile()
        )
          return next();
        res.setHeader('content-type', types[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream');
        createReadStream(file).pipe(res);
      });
    },
    writeBundle(options) {
      if (this.environment.config.build.ssr) return;
      for (const folder of folders)
        cpSync(join(root, folder), join(options.dir!, 'pdfjs', folder), { recursive: true });
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), pdfjsAssets()],
  resolve: { tsconfigPaths: true },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: { outDir: 'dist', emptyOutDir: true },
  test: {
    environment: 'jsdom',
    // One jsdom per worker, each file still in its own VM context: the suite ran in 80 s, mostly
    // creating jsdom 36 times; about 20 s this way.
    pool: 'vmThreads',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
