// The estimates screen (SPEC §2, §4, §5, §8) in Chromium at desktop and phone
// widths, against real identity, projects and estimates behind the gateway.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { DESKTOP, MOBILE, chromiumMissing, launchBrowser, screenshot, startApp } from './support/app.mjs';

const require = createRequire(import.meta.url);
const { testInfra } = require('@kerf/platform/testing');
const { connect } = require('@nats-io/transport-node');
const { jetstream } = require('@nats-io/jetstream');

describe('estimates screen in Chromium', { skip: chromiumMissing }, () => {
  let app;
  let browser;

  before(async () => {
    const staticDir = process.env.KERF_E2E_STATIC_DIR;
    app = await startApp(
      ['identity', 'projects', 'estimates'],
      staticDir ? { gateway: { STATIC_DIR: staticDir } } : {},
    );
    // Estimates asks projects whether the user owns the project: tell it where projects listens.
    const estimates = app.services.estimates;
    await estimates.stop();
    estimates.start({
      PROJECTS_GRPC_URL: app.gateway.env.PROJECTS_GRPC_URL,
      AI_CHAT_GRPC_URL: app.gateway.env.AI_CHAT_GRPC_URL,
    });
    await estimates.waitFor(/serving gRPC/);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function signedInWithProject(viewport) {
    const context = await browser.newContext({ viewport, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${app.gatewayUrl}/`);
    const user = await page.evaluate(async (username) => {
      const res = await fetch('/api/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'include',
        body: JSON.stringify({ username, password: 'long enough 1', firstName: 'Dana', lastName: 'Builder' }),
      });
      return res.json();
    }, `est-${randomUUID()}@example.com`);
    const nc = await connect({ servers: (await testInfra()).natsUrl });
    const id = randomUUID();
    const type = 'subscription-confirmed';
    await jetstream(nc).publish(
      `${app.services.projects.env.EVENTS_SUBJECT_PREFIX}.${type}`,
      JSON.stringify({
        id,
        type,
        occurredAt: new Date().toISOString(),
        data: {
          userId: user.id,
          plan: 'quarterly',
          status: 'trialing',
          currentPeriodEnd: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        },
      }),
      { msgID: id },
    );
    await nc.close();
    await app.services.projects.waitFor(new RegExp(`"eventId":"${id}"`));
    const project = await page.evaluate(async () => {
      const res = await fetch('/api/projects', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'include',
        body: JSON.stringify({ name: 'Riverside Duplex' }),
      });
      return res.json();
    });
    return { context, page, project };
  }

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ]) {
    it(`shows the project's estimates page, imports a price list and reports a failed generation (${label})`, async () => {
      const { context, page, project } = await signedInWithProject(viewport);
      await page.goto(`${app.gatewayUrl}/estimates/${project.id}`);
      await page.getByRole('heading', { name: 'Project Estimates' }).waitFor();
      await page.getByText('Riverside Duplex').first().waitFor();
      assert.ok(await page.getByRole('link', { name: 'Back to Dashboard' }).isVisible());
      assert.equal(await page.getByLabel('Overhead (%)').inputValue(), '15');
      assert.equal(await page.getByLabel('Profit Margin (%)').inputValue(), '10');
      assert.equal(await page.getByLabel('Overhead (%)').getAttribute('max'), '50');
      assert.equal(await page.getByLabel('Profit Margin (%)').getAttribute('max'), '30');

      // A price list imported from CSV appears in the manager and in the generate panel's choice.
      const dir = mkdtempSync(join(tmpdir(), 'kerf-e2e-'));
      const csv = join(dir, 'acme.csv');
      writeFileSync(csv, 'name,unit,material cost,labor hours,equipment cost\nDrywall,sq ft,0.50,0.02,0\n');
      await page.getByLabel('Price list name').fill('Acme prices');
      await page.getByLabel('Price list file').setInputFiles(csv);
      await page.getByRole('button', { name: 'Import' }).click();
      await page.getByRole('list', { name: 'Price lists' }).getByText('1 item').waitFor();
      assert.ok(await page.locator('option', { hasText: 'Acme prices' }).count());

      // No materials service in this stack: the failure toast of SPEC §8, and no estimate appears.
      await page.getByRole('button', { name: 'Generate Estimate' }).click();
      await page.getByText('Generation Failed').waitFor({ timeout: 15_000 });
      assert.equal(await page.getByTestId('estimate-card').count(), 0);
      await page.waitForTimeout(300);
      await screenshot(page, `estimates-${label}`);

      await page.goto(`${app.gatewayUrl}/estimates/${randomUUID()}`);
      await page.getByRole('heading', { name: 'Project Not Found' }).waitFor();
      await screenshot(page, `estimates-not-found-${label}`);
      await context.close();
    });
  }
});
