// End-to-end support: the real stack (services, gateway serving the built
// frontend) and Debian's Chromium driven by playwright-core.
import { createRequire } from 'node:module';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const require = createRequire(import.meta.url);
const { startStack } = require('@kerf/platform/testing');

export const REPO = new URL('../..', import.meta.url).pathname;
export const SCREENSHOTS = join(REPO, 'screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumMissing = existsSync(CHROMIUM)
  ? false
  : `Chromium not found at ${CHROMIUM}: apt-get install -y chromium`;

/** Starts the named services and a gateway serving frontend/dist. */
export async function startApp(services, env = {}) {
  const staticDir = join(REPO, 'frontend/dist');
  if (!existsSync(join(staticDir, 'index.html'))) throw new Error('frontend/dist is not built: npm run build');
  return startStack(services, { ...env, gateway: { STATIC_DIR: staticDir, ...(env.gateway ?? {}) } });
}

export async function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

/** Saves a screenshot under screenshots/ (gitignored) for a person to look at. */
export async function screenshot(page, name) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}
