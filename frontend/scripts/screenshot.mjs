#!/usr/bin/env node
// Takes screenshots of the running app at a desktop and a phone width.
//
//   node scripts/screenshot.mjs [baseUrl] [path ...]
//   node scripts/screenshot.mjs http://127.0.0.1:4173 / /pricing /no-such-page
//
// Writes <name>-1280.png and <name>-390.png per path into <repo>/screenshots/
// (gitignored). Uses the system Chromium (CHROMIUM_PATH, else /usr/bin/chromium);
// it never downloads a browser.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const [baseUrl = 'http://127.0.0.1:4173', ...requested] = process.argv.slice(2);
const pages = requested.length > 0 ? requested : ['/no-such-page'];
const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../screenshots');
const viewports = [
  { width: 1280, height: 800 },
  { width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
];

/** '/blog/my-post?x=1' -> 'blog-my-post-x-1'; '/' -> 'home'. */
function fileStem(pagePath) {
  const stem = pagePath.replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return stem || 'home';
}

await mkdir(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

let failures = 0;
try {
  for (const { width, height, ...device } of viewports) {
    const context = await browser.newContext({ viewport: { width, height }, ...device });
    const page = await context.newPage();
    page.on('pageerror', (error) => {
      failures += 1;
      console.error(`page error at ${width}px: ${error.message}`);
    });
    for (const pagePath of pages) {
      const url = new URL(pagePath, baseUrl).href;
      await page.goto(url, { waitUntil: 'networkidle' });
      // The guards show a spinner while the current user loads: wait it out.
      await page
        .locator('[data-slot="page-spinner"]')
        .waitFor({ state: 'detached', timeout: 10_000 })
        .catch(() => console.warn(`${url}: still loading after 10 s`));
      const file = path.join(outDir, `${fileStem(pagePath)}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(`${url} -> ${path.relative(process.cwd(), file)} (landed on ${page.url()})`);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
process.exitCode = failures > 0 ? 1 : 0;
