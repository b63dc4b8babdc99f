/* global document */
// The dashboard (SPEC §2, §4): projects and notes for an entitled user, in
// Chromium at desktop and phone widths, against the real identity and projects
// services behind the gateway.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { DESKTOP, MOBILE, chromiumMissing, screenshot, useApp, toastShown } from './support/app.mjs';

const require = createRequire(import.meta.url);
const { testInfra } = require('@kerf/platform/testing');
const { connect } = require('@nats-io/transport-node');
const { jetstream } = require('@nats-io/jetstream');
const { Client } = require('pg');

const DAY_MS = 86_400_000;

/** Dialogs and the sheet animate in (200–300 ms): let them finish before a picture. */
async function settledScreenshot(page, name) {
  await page.waitForTimeout(350);
  await screenshot(page, name);
}

describe('dashboard in Chromium', { skip: chromiumMissing }, () => {
  const suite = useApp(['identity', 'projects'], {}, { databases: ['identity'] });

  /** A browser context signed in as a new user: POST /api/register from the page, so the cookie lands here. */
  async function signedInContext(viewport = DESKTOP) {
    const context = await suite.browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`${suite.app.gatewayUrl}/`);
    const user = await page.evaluate(async (username) => {
      const res = await fetch('/api/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'include',
        body: JSON.stringify({ username, password: 'long enough 1', firstName: 'Dana', lastName: 'Builder' }),
      });
      if (!res.ok) throw new Error(`register: ${res.status} ${await res.text()}`);
      return res.json();
    }, `dash-${randomUUID()}@example.com`);
    return { context, page, user };
  }

  /**
   * Starts a trial that ends at `endsAt` (any date, which the real card flow of
   * e2e/billing.spec.mjs cannot choose). It stands in for billing as
   * gateway/test/projects.spec.ts does, publishing the
   * subscription-confirmed event the projects service consumes (it allows
   * creating projects), and writing the trial end onto the user in identity's
   * database, which the dashboard reads through GET /api/user.
   */
  async function startTrial(page, userId, endsAt = new Date(Date.now() + 7 * DAY_MS)) {
    const nc = await connect({ servers: (await testInfra()).natsUrl });
    const id = randomUUID();
    const prefix = suite.app.services.projects.env.EVENTS_SUBJECT_PREFIX;
    const type = 'subscription-confirmed';
    await jetstream(nc).publish(
      `${prefix}.${type}`,
      JSON.stringify({
        id,
        type,
        occurredAt: new Date().toISOString(),
        data: { userId, plan: 'quarterly', status: 'trialing', currentPeriodEnd: endsAt.toISOString() },
      }),
      { msgID: id },
    );
    await nc.close();
    await suite.app.services.projects.waitFor(new RegExp(`"eventId":"${id}"`));
    await suite.db.identity.query('UPDATE users SET subscription_expires_at = $1 WHERE id = $2', [endsAt, userId]);
    // The gateway may hold the user for a moment: wait until it reports the trial.
    for (let i = 0; i < 100; i++) {
      const user = await page.evaluate(() => fetch('/api/user', { credentials: 'include' }).then((r) => r.json()));
      if (user.subscriptionExpiresAt) return;
      await page.waitForTimeout(100);
    }
    throw new Error('GET /api/user never reported the trial');
  }

  const apiGet = (page, path) => page.evaluate((p) => fetch(p, { credentials: 'include' }).then((r) => r.json()), path);

  /** Waits until the stored note of a project reads `content`. */
  async function waitForStoredNote(page, projectId, content) {
    let last;
    for (let i = 0; i < 100; i++) {
      last = await apiGet(page, `/api/projects/${projectId}/notes`);
      if (last.content === content) return;
      await page.waitForTimeout(100);
    }
    assert.fail(`note of ${projectId} is ${JSON.stringify(last?.content)}, expected ${JSON.stringify(content)}`);
  }

  const projectItems = (page) => page.locator('ul[aria-label="Projects"] > li');
  /** The button that selects a project in the list (its accessible name also carries the date). */
  const projectButton = (scope, name) =>
    scope.locator('ul[aria-label="Projects"] > li').filter({ hasText: name }).getByRole('button').first();
  // Radix also announces a toast in a visually hidden status region: look for the visible one.
  const notesBox = (page) => page.getByRole('textbox', { name: 'Project notes' });

  it('sends a user without a trial or subscription from /dashboard to /pricing', async () => {
    const { context, page } = await signedInContext();
    await page.goto(`${suite.app.gatewayUrl}/dashboard`);
    await page.waitForURL((url) => url.pathname === '/pricing');
    await context.close();
  });

  describe('an entitled user', () => {
    let context;
    let page;
    let projects = {};

    before(async () => {
      ({ context, page } = await signedInContext());
      const userId = (await apiGet(page, '/api/user')).id;
      await startTrial(page, userId);
    });
    after(async () => {
      await context?.close();
    });

    it('starts with No Project Selected and the trial in the sidebar', async () => {
      await page.goto(`${suite.app.gatewayUrl}/dashboard`);
      await page.getByRole('heading', { name: 'No Project Selected' }).waitFor();
      const status = page.getByTestId('subscription-status').first();
      assert.match(await status.innerText(), /Trial ends [A-Z][a-z]{2} \d{1,2}, \d{4}/);
      assert.equal(await page.getByRole('link', { name: 'Upgrade' }).count(), 1);
      assert.equal(await page.getByRole('link', { name: 'Settings' }).getAttribute('href'), '/settings');
      await screenshot(page, 'dashboard-empty-desktop');
    });

    it('creates two projects: the newer is listed first and selected', async () => {
      await page.getByRole('button', { name: 'Create New Project' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create New Project' });
      await dialog.getByRole('button', { name: 'Create Project' }).click();
      await dialog.getByText('Project name is required').waitFor();
      await settledScreenshot(page, 'dashboard-create-dialog-desktop');
      await dialog.getByLabel('Project name').fill('Riverside warehouse slab');
      await dialog.getByLabel('Description').fill('6" slab on grade, 42,000 sq ft, two loading docks');
      await dialog.getByRole('button', { name: 'Create Project' }).click();
      await toastShown(page, 'Project Created');
      await page.getByTestId('project-title').filter({ hasText: 'Riverside warehouse slab' }).waitFor();

      await page.getByRole('button', { name: 'New Project' }).click();
      await dialog.getByLabel('Project name').fill('Maple Street duplex');
      await dialog.getByRole('button', { name: 'Create Project' }).click();
      await page.getByTestId('project-title').filter({ hasText: 'Maple Street duplex' }).waitFor();

      const items = projectItems(page);
      assert.equal(await items.count(), 2);
      assert.match(await items.nth(0).innerText(), /Maple Street duplex\s+[A-Z][a-z]{2} \d{1,2}, \d{4}/);
      assert.match(await items.nth(1).innerText(), /Riverside warehouse slab/);
      assert.equal(await projectButton(page, 'Maple Street duplex').getAttribute('aria-current'), 'true');
      assert.equal(
        await page.getByRole('link', { name: 'Estimates' }).getAttribute('href'),
        `/estimates/${(await apiGet(page, '/api/projects')).find((p) => p.name === 'Maple Street duplex').id}`,
      );
      for (const project of await apiGet(page, '/api/projects')) projects[project.name] = project.id;
      await screenshot(page, 'dashboard-project-desktop');
    });

    it('auto-saves a note 2 s after typing; it is there after a reload', async () => {
      const note = 'Verify rebar spacing on S-201.\nAsk supplier for 4000 psi mix pricing.';
      await notesBox(page).fill(note);
      await page.getByTestId('notes-status').filter({ hasText: 'Unsaved changes' }).waitFor();
      await page
        .getByTestId('notes-status')
        .filter({ hasText: /^Last saved/ })
        .waitFor({ timeout: 10_000 });
      await waitForStoredNote(page, projects['Maple Street duplex'], note);
      await screenshot(page, 'dashboard-notes-saved-desktop');

      await page.reload();
      // The note moved Maple Street's updatedAt: it is the most recently updated and selected again.
      await page.getByTestId('project-title').filter({ hasText: 'Maple Street duplex' }).waitFor();
      await notesBox(page).waitFor();
      assert.equal(await notesBox(page).inputValue(), note);
    });

    it("saves on demand with 'Notes saved'", async () => {
      await notesBox(page).fill('Saved by hand');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await toastShown(page, 'Notes saved');
      await waitForStoredNote(page, projects['Maple Street duplex'], 'Saved by hand');
    });

    it('switching project right after typing still saves the note', async () => {
      const note = 'Typed and left at once';
      await notesBox(page).fill(note);
      await projectButton(page, 'Riverside warehouse slab').click();
      await page.getByTestId('project-title').filter({ hasText: 'Riverside warehouse slab' }).waitFor();
      await waitForStoredNote(page, projects['Maple Street duplex'], note);

      await projectButton(page, 'Maple Street duplex').click();
      // The notes box, not the first textarea on the page (the chat's input comes before it).
      for (let i = 0; i < 100 && (await notesBox(page).inputValue()) !== note; i++) await page.waitForTimeout(100);
      assert.equal(await notesBox(page).inputValue(), note);
    });

    it('closing the tab right after typing still saves the note', async () => {
      const other = await context.newPage();
      await other.goto(`${suite.app.gatewayUrl}/dashboard`);
      await projectButton(other, 'Riverside warehouse slab').click();
      await other.getByTestId('project-title').filter({ hasText: 'Riverside warehouse slab' }).waitFor();
      await notesBox(other).waitFor();
      const note = 'Closed the tab before auto-save';
      await notesBox(other).fill(note);
      await other.close({ runBeforeUnload: true });
      await waitForStoredNote(page, projects['Riverside warehouse slab'], note);
    });

    it('opens the AI Assistant Settings dialog', async () => {
      await page.getByRole('button', { name: 'AI Settings' }).click();
      await page.getByRole('dialog', { name: 'AI Assistant Settings' }).waitFor();
      await settledScreenshot(page, 'dashboard-ai-settings-desktop');
      await page.keyboard.press('Escape');
    });

    it('shows the phone layout at 390 px: a top bar with New and the sidebar in a left sheet', async () => {
      const phone = await context.newPage();
      await phone.setViewportSize(MOBILE);
      await phone.goto(`${suite.app.gatewayUrl}/dashboard`);
      await phone.getByTestId('project-title').waitFor();
      assert.ok(await phone.getByRole('button', { name: 'New', exact: true }).isVisible());
      assert.equal(await phone.getByRole('button', { name: 'New Project' }).isVisible(), false, 'sidebar hidden');
      await screenshot(phone, 'dashboard-project-mobile');

      await phone.getByRole('button', { name: 'Open projects menu' }).click();
      const sheet = phone.getByRole('dialog', { name: 'Projects and account' });
      await projectButton(sheet, 'Riverside warehouse slab').waitFor();
      await settledScreenshot(phone, 'dashboard-sheet-mobile');
      const box = await sheet.boundingBox();
      assert.ok(box && box.x === 0 && box.width < MOBILE.width, 'the sheet comes in from the left');
      await projectButton(sheet, 'Riverside warehouse slab').click();
      await sheet.waitFor({ state: 'detached' });
      await phone.getByTestId('project-title').filter({ hasText: 'Riverside warehouse slab' }).waitFor();

      await phone.getByRole('tab', { name: 'Notes' }).click();
      await notesBox(phone).waitFor();
      assert.equal(await notesBox(phone).inputValue(), 'Closed the tab before auto-save');
      await notesBox(phone).fill('Edited on the phone');
      await phone
        .getByTestId('notes-status')
        .filter({ hasText: /^Last saved/ })
        .waitFor({ timeout: 10_000 });
      await waitForStoredNote(phone, projects['Riverside warehouse slab'], 'Edited on the phone');
      await screenshot(phone, 'dashboard-notes-mobile');

      await phone.getByRole('button', { name: 'New', exact: true }).click();
      await phone.getByRole('dialog', { name: 'Create New Project' }).waitFor();
      await settledScreenshot(phone, 'dashboard-create-dialog-mobile');
      await phone.close();
    });

    it('keeps the sidebar at tablet width, with the panels in tabs', async () => {
      const tablet = await context.newPage();
      await tablet.setViewportSize({ width: 900, height: 1000 });
      await tablet.goto(`${suite.app.gatewayUrl}/dashboard`);
      await tablet.getByTestId('project-title').waitFor();
      assert.ok(await tablet.getByRole('button', { name: 'New Project' }).isVisible(), 'sidebar shown');
      await tablet.getByRole('tab', { name: 'Notes' }).click();
      await notesBox(tablet).waitFor();
      await screenshot(tablet, 'dashboard-notes-tablet');
      await tablet.close();
    });

    it("deletes a project: 'Project deleted', back on /dashboard", async () => {
      await page.goto(`${suite.app.gatewayUrl}/dashboard`);
      await page.getByRole('button', { name: 'Delete Riverside warehouse slab' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete project?' });
      await dialog.waitFor();
      await settledScreenshot(page, 'dashboard-delete-dialog-desktop');
      await dialog.getByRole('button', { name: 'Delete Project' }).click();
      await toastShown(page, 'Project deleted');
      assert.equal(new URL(page.url()).pathname, '/dashboard');
      await page.waitForFunction(() => document.querySelectorAll('ul[aria-label="Projects"] > li').length === 1);
      assert.equal(await projectButton(page, 'Riverside warehouse slab').count(), 0);
      const remaining = await apiGet(page, '/api/projects');
      assert.deepEqual(
        remaining.map((p) => p.name),
        ['Maple Street duplex'],
      );
      await page.getByTestId('project-title').filter({ hasText: 'Maple Street duplex' }).waitFor();
    });

    it("logs out after saving what is unsaved: 'Logged out', on /login, signed out", async () => {
      await notesBox(page).fill('Last words before logging out');
      await page.getByRole('button', { name: 'Log out' }).click();
      await toastShown(page, 'Logged out');
      await page.waitForURL((url) => url.pathname === '/login');
      const status = await page.evaluate(() => fetch('/api/user', { credentials: 'include' }).then((r) => r.status));
      assert.equal(status, 401);
      const cookies = await context.cookies();
      assert.equal(cookies.length, 0, 'the session cookie is gone');
      const projectsDb = new Client({ connectionString: suite.app.databases.projects });
      await projectsDb.connect();
      try {
        const { rows } = await projectsDb.query('SELECT content FROM project_notes WHERE project_id = $1', [
          projects['Maple Street duplex'],
        ]);
        assert.equal(rows[0]?.content, 'Last words before logging out');
      } finally {
        await projectsDb.end();
      }
    });
  });

  it("warns 'Trial Ending Soon' when 1 or 2 days of trial remain", async () => {
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ]) {
      const { context, page, user } = await signedInContext(viewport);
      await startTrial(page, user.id, new Date(Date.now() + 1.5 * DAY_MS));
      await page.goto(`${suite.app.gatewayUrl}/dashboard`);
      await page.getByText('Trial Ending Soon').waitFor();
      await page.getByRole('heading', { name: 'No Project Selected' }).waitFor();
      assert.ok(await page.getByText('Your free trial ends in 2 days').isVisible());
      await screenshot(page, `dashboard-trial-ending-${label}`);
      await context.close();
    }
  });

  it('shows the empty dashboard on a phone', async () => {
    const { context, page, user } = await signedInContext(MOBILE);
    await startTrial(page, user.id);
    await page.goto(`${suite.app.gatewayUrl}/dashboard`);
    await page.getByRole('heading', { name: 'No Project Selected' }).waitFor();
    await screenshot(page, 'dashboard-empty-mobile');
    await context.close();
  });
});
