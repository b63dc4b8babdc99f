// End-to-end support: the real stack (services, gateway serving the built
// frontend) and Debian's Chromium driven by playwright-core.
import { createRequire } from 'node:module';
import { after, before } from 'node:test';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { recordToastsIn } from './toasts.mjs';

const require = createRequire(import.meta.url);
const { startStack } = require('@kerf/platform/testing');
const { Client } = require('pg');

export const REPO = new URL('../..', import.meta.url).pathname;
export const SCREENSHOTS = join(REPO, 'screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumMissing = existsSync(CHROMIUM)
  ? false
  : `Chromium not found at ${CHROMIUM}: apt-get install -y chromium`;

/** The real drawings with their ground truth (test/corpus, see its MANIFEST.md). */
export const CORPUS = process.env.KERF_CORPUS_DIR ?? join(REPO, 'test/corpus');

/** What the chat screens need behind them. */
export const CHAT_SERVICES = ['identity', 'projects', 'billing', 'documents', 'ai-chat'];

/** Starts the named services and a gateway serving frontend/dist (or KERF_E2E_STATIC_DIR). */
export async function startApp(services, env = {}) {
  const staticDir = process.env.KERF_E2E_STATIC_DIR ?? join(REPO, 'frontend/dist');
  if (!existsSync(join(staticDir, 'index.html'))) throw new Error('frontend/dist is not built: npm run build');
  return startStack(services, { ...env, gateway: { STATIC_DIR: staticDir, ...(env.gateway ?? {}) } });
}

/**
 * The suite's app and browser: started before its tests (env may be a function,
 * for settings known only then) and stopped after them. `databases` names the
 * services whose database the suite reads or changes directly: `suite.db[name]`
 * is a connected pg client, closed before the app stops. Answers a handle whose
 * fields are set once the suite's first before() has run.
 */
export function useApp(services, env = {}, { databases = [] } = {}) {
  const suite = { app: undefined, browser: undefined, db: {} };
  before(async () => {
    suite.app = await startApp(services, typeof env === 'function' ? await env() : env);
    for (const name of databases) {
      suite.db[name] = new Client({ connectionString: suite.app.databases[name] });
      await suite.db[name].connect();
    }
    suite.browser = await launchBrowser();
  });
  after(async () => {
    await suite.browser?.close();
    for (const client of Object.values(suite.db)) await client.end();
    await suite.app?.stop();
  });
  return suite;
}

/** Debian's Chromium, headless; its pages record the toasts they show (./toasts.mjs). */
export async function launchBrowser() {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  return recordToastsIn(browser);
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
      // At once: projects asks billing when billing's event has not reached it yet (decision 0020).
      const project = await post('/api/projects', { name });
      if (project.ok) return project.body.id;
      throw new Error(`a project right after the trial: ${project.status} ${JSON.stringify(project.body)}`);
    },
    { username: `e2e-${crypto.randomUUID()}@example.com`, name: projectName },
  );
}

/** Uploads a corpus file through the dashboard's documents panel and waits until it shows as Analyzed. */
export async function uploadAndWaitAnalyzed(page, name) {
  const documents = page.locator('section[aria-labelledby="documents-panel-title"]');
  await documents.getByTestId('documents-file-input').setInputFiles(join(CORPUS, name));
  await documents.locator('li').filter({ hasText: name }).getByText('Analyzed').waitFor({ timeout: 60_000 });
}

/** Sends a question from the chat panel with Enter and answers the locator of the reply. */
export async function askInChat(page, question) {
  const chat = page.locator('section[aria-labelledby="chat-panel-title"]');
  const replies = chat.getByTestId('ai-message');
  const before = await replies.count();
  const box = chat.getByRole('textbox', { name: 'Message' });
  await box.fill(question);
  await box.press('Enter');
  const reply = replies.nth(before);
  await reply.waitFor();
  return reply;
}

/**
 * Waits until the app has taken over a server-rendered page (React has attached
 * to the header). Before that, links are plain links and buttons do nothing.
 */
export async function appReady(page) {
  // A public page served to a signed-out visitor starts the app on their first
  // interaction (frontend/src/app/deferred-boot.ts): a Shift key press is one that changes nothing.
  await page.evaluate(() => globalThis.dispatchEvent(new globalThis.KeyboardEvent('keydown', { key: 'Shift' })));
  await page.waitForFunction(() => {
    const element = globalThis.document.querySelector('header button, header a');
    return !!element && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
  });
}

export { toastShown } from './toasts.mjs';
