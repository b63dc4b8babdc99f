import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, MOBILE, chromiumMissing, launchBrowser, screenshot, startApp } from './support/app.mjs';

describe('frontend shell in Chromium', { skip: chromiumMissing }, () => {
  let app;
  let browser;
  before(async () => {
    app = await startApp(['identity']);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ]) {
    it(`shows the not-found screen for an unknown path (${label})`, async () => {
      const page = await browser.newPage({ viewport });
      const response = await page.goto(`${app.gatewayUrl}/no/such/page`);
      assert.equal(response.status(), 200, 'the gateway hands client routes to the app');
      const heading = page.getByRole('heading', { name: '404 Page Not Found' });
      await heading.waitFor();
      assert.equal(await page.getByText('Did you forget to add the page to the router?').count(), 1);
      const box = await heading.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= viewport.width, 'the heading fits the screen');
      await screenshot(page, `not-found-${label}`);
      await page.close();
    });
  }
});
