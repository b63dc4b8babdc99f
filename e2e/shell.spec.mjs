import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, MOBILE, chromiumMissing, screenshot, useApp } from './support/app.mjs';

describe('frontend shell in Chromium', { skip: chromiumMissing }, () => {
  const suite = useApp(['identity']);

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ]) {
    it(`shows the not-found screen for an unknown path (${label})`, async () => {
      const page = await suite.browser.newPage({ viewport });
      const response = await page.goto(`${suite.app.gatewayUrl}/no/such/page`);
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
