/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { tsconfigPaths: true },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: { outDir: 'dist', emptyOutDir: true },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
