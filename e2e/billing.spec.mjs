// Subscriptions in Chromium (SPEC §2 Pricing, Subscribe, Subscription success,
// Settings; §4 subscribe flow; §8): the local payment provider behind the real
// billing, identity and projects services.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { DESKTOP, MOBILE, appReady, chromiumMissing, screenshot, useApp, toastShown } from './support/app.mjs';

const DAY_MS = 86_400_000;
/** 'MMM d, yyyy' (SPEC §2) of a date. */
const day = (date) => date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

describe('subscriptions in Chromium', { skip: chromiumMissing }, () => {
  const suite = useApp(
    ['identity', 'projects', 'billing'],
    { billing: { BILLING_SWEEP_INTERVAL_MS: '300' } },
    { databases: ['billing'] },
  );

  /** A browser context signed in as a new user (registered from the page, so the cookie lands here). */
  async function signedInContext(viewport = DESKTOP) {
    const context = await suite.browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`${suite.app.gatewayUrl}/`);
    const user = await page.evaluate(async (username) => {
      const res = await fetch('/api/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'include',
        body: JSON.stringify({ username, password: 'long enough 1', firstName: 'Sam', lastName: 'Estimator' }),
      });
      if (!res.ok) throw new Error(`register: ${res.status} ${await res.text()}`);
      return res.json();
    }, `sub-${randomUUID()}@example.com`);
    return { context, page, user };
  }

  // Radix also announces a toast in a visually hidden status region: look for the visible one.
  async function enterCard(page, number) {
    const form = page.getByRole('form', { name: 'Card details' });
    await form.getByText('Local test payment form').waitFor();
    await form.getByLabel('Card number').fill(number);
    await form.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await form.getByLabel('CVC').fill('123');
    await form.getByRole('button', { name: 'Start 7-day free trial' }).click();
  }

  it('shows a signed-out visitor the plans and sends sign-up to /login?redirect=/pricing', async () => {
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ]) {
      const context = await suite.browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${suite.app.gatewayUrl}/pricing`);
      const card = page.getByRole('region', { name: 'Quarterly plan' });
      await card.waitFor();
      // The plans are in the page before its script: the tabs answer once the app has attached.
      await appReady(page);
      assert.match(await card.innerText(), /\$149\s*\/ quarter/);
      assert.ok(await card.getByText('Save $88/year').isVisible());
      await page.getByRole('tab', { name: 'Yearly' }).click();
      await page.getByRole('region', { name: 'Yearly plan' }).getByText('Save $449/year').waitFor();
      await page.getByRole('tab', { name: 'Monthly' }).click();
      assert.match(await page.getByRole('region', { name: 'Monthly plan' }).innerText(), /\$79\s*\/ month/);
      await page.getByRole('tab', { name: 'Quarterly' }).click();
      await screenshot(page, `pricing-signed-out-${label}`);
      const signUp = page.getByRole('link', { name: 'Sign Up & Start Trial' });
      assert.equal(await signUp.getAttribute('href'), '/login?redirect=/pricing');
      await context.close();
    }
  });

  describe('a new user', () => {
    let context;
    let page;

    before(async () => {
      ({ context, page } = await signedInContext());
    });
    after(async () => {
      await context?.close();
    });

    it('picks a plan, starts the trial with the test card, and reaches the dashboard with its end date', async () => {
      await page.goto(`${suite.app.gatewayUrl}/dashboard`);
      await page.waitForURL((url) => url.pathname === '/pricing');
      await page.getByText('Subscription Required').waitFor();
      await screenshot(page, 'pricing-subscription-required-desktop');
      await page.getByRole('button', { name: 'Start Quarterly Free Trial' }).click();
      await page.getByRole('form', { name: 'Card details' }).waitFor();
      await screenshot(page, 'pricing-card-form-desktop');
      await enterCard(page, '4242 4242 4242 4242');
      await page.waitForURL((url) => url.pathname === '/subscription-success');
      await page.getByRole('heading', { name: 'Subscription Successful!' }).waitFor();
      await toastShown(page, 'Trial Started Successfully');
      await screenshot(page, 'subscription-success-desktop');
      await page.getByRole('link', { name: 'Return to Dashboard' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      const status = page.getByTestId('subscription-status').first();
      await status.waitFor();
      assert.match(await status.innerText(), new RegExp(`Trial ends ${day(new Date(Date.now() + 7 * DAY_MS))}`));
      await page.getByRole('heading', { name: 'No Project Selected' }).waitFor();
    });

    it("shows 'You're already subscribed!' on /subscribe", async () => {
      await page.goto(`${suite.app.gatewayUrl}/subscribe`);
      await page.getByRole('heading', { name: "You're already subscribed!" }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'Return to Dashboard' }).getAttribute('href'), '/dashboard');
      await screenshot(page, 'subscribe-already-subscribed-desktop');
    });

    it('shows the plan in settings and cancels it at the end of the trial', async () => {
      await page.goto(`${suite.app.gatewayUrl}/settings`);
      const details = page.getByTestId('subscription-details');
      await details.waitFor();
      assert.match(await details.innerText(), /Quarterly · \$149\.00 \/ quarter/);
      assert.match(await details.innerText(), /Free trial/);
      await page.getByRole('button', { name: 'Cancel subscription' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
      await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
      await toastShown(page, 'Subscription cancelled');
      await details.getByText('Cancels at period end').waitFor();
      await page.waitForTimeout(350); // the dialog fades out
      await screenshot(page, 'settings-subscription-cancelled-desktop');
      assert.equal(await page.getByRole('button', { name: 'Cancel subscription' }).count(), 0);
    });

    it('is sent to /pricing once the cancelled trial has lapsed', async () => {
      const userId = (await page.evaluate(() => fetch('/api/user').then((r) => r.json()))).id;
      await suite.db.billing.query(
        `UPDATE subscriptions SET current_period_end = now() - interval '1 second' WHERE user_id = $1 AND status = 'trialing'`,
        [userId],
      );
      for (let i = 0; i < 100; i++) {
        const user = await page.evaluate(() => fetch('/api/user').then((r) => r.json()));
        if (!user.subscriptionExpiresAt) break;
        await page.waitForTimeout(100);
      }
      await page.goto(`${suite.app.gatewayUrl}/dashboard`);
      await page.waitForURL((url) => url.pathname === '/pricing');
      await page.getByText('Subscription Required').waitFor();
    });
  });

  it("says 'Payment Setup Failed' for a declined card on /subscribe, at phone width too", async () => {
    const { context, page } = await signedInContext(MOBILE);
    await page.goto(`${suite.app.gatewayUrl}/subscribe`);
    await page.getByRole('tab', { name: 'Quarterly', selected: true }).waitFor();
    await screenshot(page, 'subscribe-mobile');
    await page.getByRole('button', { name: 'Start Quarterly Free Trial' }).click();
    await enterCard(page, '4000 0000 0000 0002');
    const failed = await toastShown(page, 'Payment Setup Failed');
    assert.match(failed.text, /Your card was declined\./);
    await screenshot(page, 'subscribe-declined-mobile');
    assert.equal(new URL(page.url()).pathname, '/subscribe');
    const user = await page.evaluate(() => fetch('/api/user').then((r) => r.json()));
    assert.equal(user.subscriptionExpiresAt, null, 'no trial without a card');
    await context.close();
  });
});
