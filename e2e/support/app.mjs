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

/**
 * Registers a new user from the page (so the cookie lands in its context), starts
 * a trial with the local provider's test card, and creates a project. Answers the
 * project's id.
 */
export async function trialUserWithProject(page, gatewayUrl, projectName) {
  await page.goto(`${gatewayUrl}/`);
  return page.evaluate(
    async ({ username, name }) => {
      const post = async (path, body) => {
        const res = await fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
          body: JSON.stringify(body),
        });
        return { ok: res.ok, status: res.status, body: await res.json() };
      };
      await post('/api/register', { username, password: 'long enough 1', firstName: 'Sam', lastName: 'Builder' });
      const { body: created } = await post('/api/subscription/create', { plan: 'monthly' });
      const card = {
        clientSecret: created.clientSecret,
        number: '4242424242424242',
        expMonth: 12,
        expYear: 2040,
        cvc: '123',
      };
      await post('/api/billing/local/setup-intents/confirm', card);
      await post('/api/subscription/confirm', { subscriptionId: created.subscriptionId, plan: 'monthly' });
      for (let i = 0; i < 100; i++) {
        const project = await post('/api/projects', { name });
        if (project.ok) return project.body.id;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('the trial never reached projects');
    },
    { username: `e2e-${crypto.randomUUID()}@example.com`, name: projectName },
  );
}
