/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

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

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
