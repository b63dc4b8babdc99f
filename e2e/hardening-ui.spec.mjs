/* global document, window */
// Issue 18, item 9 in Chromium: the footer's Contact Us reaches a page that
// exists, the local card form names every problem at once (an expired date
// included), and on a phone a toast never covers the top bar.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import {
  CHAT_SERVICES,
  DESKTOP,
  MOBILE,
  appReady,
  chromiumMissing,
  screenshot,
  trialUserWithProject,
  useApp,
  toastShown,
} from './support/app.mjs';

describe('issue 18 screens in Chromium', { skip: chromiumMissing }, () => {
  const suite = useApp(CHAT_SERVICES);
  const url = (path) => `${suite.app.gatewayUrl}${path}`;

  for (const [viewport, width] of [
    [DESKTOP, 1280],
    [MOBILE, 390],
  ]) {
    it(`follows the footer's Contact Us to the contact page at ${width} px`, async () => {
      const page = await suite.browser.newPage({ viewport });
      await page.goto(url('/about'));
      await appReady(page);
      await page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us' }).click();
      await page.waitForURL((u) => u.pathname === '/contact');
      await page.getByRole('heading', { name: 'Talk to the people who build Kerf' }).waitFor();
      assert.equal(await page.getByRole('heading', { name: '404 Page Not Found' }).count(), 0);
      assert.match(await page.title(), /Contact Kerf/);
      assert.equal(await page.evaluate(() => window.scrollY), 0, 'the new page opens at its top');
      const mail = await page.getByRole('link', { name: 'E-mail us' }).first().getAttribute('href');
      assert.match(mail, /^mailto:[^@\s]+@[^@\s]+\?subject=/);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `no sideways scrolling (${overflow} px)`);
      await screenshot(page, `contact-${width}`);
      await page.close();
    });

    it(`names every missing card field, and an expired date, at ${width} px`, async () => {
      const context = await suite.browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(url('/'));
      await page.evaluate(async (username) => {
        const res = await fetch('/api/register', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password: 'long enough 1', firstName: 'Sam', lastName: 'Card' }),
        });
        if (!res.ok) throw new Error(`register: ${res.status}`);
      }, `card-${randomUUID()}@example.com`);
      await page.goto(url('/subscribe'));
      await page.getByRole('button', { name: 'Start Quarterly Free Trial' }).click();
      const form = page.getByRole('form', { name: 'Card details' });
      await form.getByText('Local test payment form').waitFor();
      const submit = form.getByRole('button', { name: 'Start 7-day free trial' });

      await submit.click();
      for (const message of [
        'Your card number is incomplete.',
        "Your card's expiration date is incomplete.",
        "Your card's security code is incomplete.",
      ])
        await form.getByText(message).waitFor();
      assert.equal(await form.getByLabel('Card number').getAttribute('aria-invalid'), 'true');
      await screenshot(page, `card-form-empty-${width}`);

      await form.getByLabel('Card number').fill('4242 4242 4242 4242');
      await form.getByLabel('Expiry (MM / YY)').fill('01/20');
      await form.getByLabel('CVC').fill('123');
      await submit.click();
      await form.getByText("Your card's expiration date is in the past.").waitFor();
      assert.equal(await form.getByText('Your card number is incomplete.').count(), 0);
      await screenshot(page, `card-form-expired-${width}`);
      const user = await page.evaluate(() => fetch('/api/user').then((r) => r.json()));
      assert.equal(user.subscriptionExpiresAt, null, 'no trial without a good card');
      await context.close();
    });
  }

  it('shows the login toast on a phone below the top bar, not over it', async () => {
    const setup = await suite.browser.newContext({ viewport: MOBILE });
    const setupPage = await setup.newPage();
    await trialUserWithProject(setupPage, suite.app.gatewayUrl, 'Toast check');
    const { username } = await setupPage.evaluate(() => fetch('/api/user').then((r) => r.json()));
    await setup.close();

    const context = await suite.browser.newContext({ viewport: MOBILE });
    const page = await context.newPage();
    await page.goto(url('/login'));
    await page.getByLabel('Email').fill(username);
    await page.getByLabel('Password').fill('long enough 1');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    // Where the toast came to rest once it slid in (recorded by the page: it closes after 5 s).
    const { box } = await toastShown(page, 'Logged in', { settled: true });
    const topBar = page.locator('header').filter({ visible: true }).first();
    await topBar.getByRole('button', { name: /New/ }).waitFor();
    const bar = await topBar.boundingBox();
    assert.ok(box.y >= bar.y + bar.height, `toast top ${box.y} is below the top bar's bottom ${bar.y + bar.height}`);
    await screenshot(page, 'login-toast-390');
    // It closes by itself, sliding out to the right: the page must not widen meanwhile (a sideways scroll).
    const { widestPage } = await toastShown(page, 'Logged in', { gone: true });
    assert.ok(
      widestPage <= MOBILE.width,
      `the page stayed ${MOBILE.width} px wide while the toast left (${widestPage})`,
    );
    await context.close();
  });
});
