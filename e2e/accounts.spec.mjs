/* global window */
// Accounts end to end (SPEC §2 Authentication, Forgot password, Reset password,
// Settings; §4, §5, §8): register, log out, log in with a redirect, recover a
// forgotten password through the written mail, change profile and password, in
// Chromium at desktop (1280 px) and phone (390 px) widths, against the real
// identity and projects services behind the gateway.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DESKTOP, MOBILE, chromiumMissing, screenshot, useApp } from './support/app.mjs';

const PASSWORD = 'Poured-Slab-2026';
const CHANGED_PASSWORD = 'Rebar-Grid-2027';
const RESET_PASSWORD = 'Anchor-Bolt-2028';

/** Let entering animations (toasts, tabs) finish before a picture. */
async function settledScreenshot(page, name) {
  await page.waitForTimeout(350);
  await screenshot(page, name);
}

describe('accounts in Chromium', { skip: chromiumMissing }, () => {
  const mailDir = mkdtempSync(join(tmpdir(), 'kerf-e2e-mail-'));
  const email = `ada-${randomUUID()}@example.com`;

  const suite = useApp(
    ['identity', 'projects'],
    {
      identity: { MAIL_DIR: mailDir },
      // The test plays a proxy: its X-Forwarded-For keeps API logins off the browser's address count.
      gateway: { TRUST_PROXY: '1' },
    },
    { databases: ['identity'] },
  );

  const url = (path) => `${suite.app.gatewayUrl}${path}`;
  const pathOf = (page) => {
    const { pathname, search } = new URL(page.url());
    return pathname + search;
  };

  /** Logs in through the API from Node (no browser), answering the status. */
  async function apiLoginStatus(password) {
    const response = await fetch(url('/api/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `2001:db8::${randomUUID().slice(0, 4)}` },
      body: JSON.stringify({ username: email, password }),
    });
    return response.status;
  }

  /** The reset link of the newest mail to the user, once more than `seen` have been written. */
  async function resetLink(seen) {
    const until = Date.now() + 10_000;
    for (;;) {
      const files = readdirSync(mailDir)
        .filter((name) => name.endsWith(`-${email}.eml`))
        .sort();
      if (files.length > seen) {
        const text = readFileSync(join(mailDir, files.at(-1)), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
        const link = /(http:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(text)?.[1];
        assert.ok(link, `a reset link in the mail:\n${text}`);
        return link;
      }
      if (Date.now() > until) throw new Error(`no reset mail for ${email}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const mailCount = () => readdirSync(mailDir).filter((name) => name.endsWith(`-${email}.eml`)).length;

  it('shows the login screen with both tabs and every registration rule, at both widths', async () => {
    for (const [viewport, width] of [
      [DESKTOP, 1280],
      [MOBILE, 390],
    ]) {
      const page = await suite.browser.newPage({ viewport });
      await page.goto(url('/login'));
      await page.getByRole('heading', { name: 'Welcome to Kerf' }).waitFor();
      for (const label of ['Email', 'Password']) await page.getByLabel(label, { exact: true }).waitFor();
      await page.getByLabel('Remember me').waitFor();
      assert.equal(await page.getByRole('link', { name: 'Forgot password?' }).getAttribute('href'), '/forgot-password');
      assert.equal(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href'), '/');
      await page.getByRole('button', { name: 'Login' }).waitFor();
      await settledScreenshot(page, `login-${width}`);

      await page.getByRole('tab', { name: 'Register' }).click();
      for (const label of ['First Name', 'Last Name', 'Email', 'Password', 'Confirm Password']) {
        await page.getByLabel(label, { exact: true }).waitFor();
      }
      await page.getByLabel('Password', { exact: true }).fill('short');
      await page.getByLabel('Confirm Password').fill('shor');
      await page.getByRole('button', { name: 'Register' }).click();
      for (const text of [
        'First name is required',
        'Last name is required',
        'Password must be at least 8 characters long',
      ]) {
        await page.getByText(text).waitFor();
      }
      await page.getByLabel('Confirm Password').fill('different1');
      await page.getByRole('button', { name: 'Register' }).click();
      await page.getByText("Passwords don't match").waitFor();
      await settledScreenshot(page, `register-${width}`);
      assert.equal(pathOf(page), '/login');
      await page.close();
    }
  });

  it('explains a refused registration with the server message', async () => {
    const page = await suite.browser.newPage({ viewport: DESKTOP });
    await page.goto(url('/login'));
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Last Name').fill('Builder');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('password123');
    await page.getByLabel('Confirm Password').fill('password123');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Registration failed').first().waitFor();
    await page.getByText('This password is too common. Please choose one that is harder to guess.').first().waitFor();
    assert.equal(pathOf(page), '/login');
    await page.close();
  });

  let context;
  let page;

  it('registers and lands on /pricing', async () => {
    context = await suite.browser.newContext({ viewport: DESKTOP });
    page = await context.newPage();
    await page.goto(url('/login'));
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Last Name').fill('Builder');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL((u) => u.pathname === '/pricing');
    await page.getByText('Account created').first().waitFor();
    await page.getByText('Select a plan to start your 7-day free trial.').first().waitFor();
  });

  it('logs out from the dashboard and lands on /login', async () => {
    // A trial makes the dashboard (and its Log out) available to the new user.
    await suite.db.identity.query(
      `UPDATE users SET subscription_expires_at = now() + interval '7 days' WHERE username = $1`,
      [email],
    );
    await page.goto(url('/dashboard'));
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByText('Logged out').first().waitFor();
    await page.getByText('You have been successfully logged out.').first().waitFor();
    const status = await page.evaluate(async () => (await fetch('/api/user')).status);
    assert.equal(status, 401, 'the session is gone');
  });

  it('refuses wrong credentials with the server message', async () => {
    const phone = await suite.browser.newPage({ viewport: MOBILE });
    await phone.goto(url('/login'));
    await phone.getByLabel('Email').fill(email);
    await phone.getByLabel('Password').fill('not-the-password');
    await phone.getByRole('button', { name: 'Login' }).click();
    await phone.getByText('Login failed').first().waitFor();
    await phone.getByText('Invalid email or password.').first().waitFor();
    assert.equal(pathOf(phone), '/login');
    await settledScreenshot(phone, 'login-failed-390');
    await phone.close();
  });

  it('logs in and follows a same-site redirect target, remembering the e-mail', async () => {
    await page.goto(url('/login?redirect=/settings'));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((u) => u.pathname === '/settings');
    await page.getByText('Logged in').first().waitFor();
    await page.getByText('Welcome back, Ada').first().waitFor();

    // Signed in, /login sends the user to the dashboard.
    await page.goto(url('/login'));
    await page.waitForURL((u) => u.pathname === '/dashboard');
  });

  it('ignores a redirect to another site, and fills in a remembered e-mail', async () => {
    const other = await suite.browser.newContext({ viewport: DESKTOP });
    const tab = await other.newPage();
    // Remember me is per device: this fresh context has nothing remembered.
    await tab.goto(url('/login?redirect=//evil.example/steal'));
    assert.equal(await tab.getByLabel('Email').inputValue(), '');
    await tab.getByLabel('Email').fill(email);
    await tab.getByLabel('Password').fill(PASSWORD);
    await tab.getByRole('button', { name: 'Login' }).click();
    await tab.waitForURL((u) => u.pathname === '/dashboard');
    assert.equal(new URL(tab.url()).host, new URL(suite.app.gatewayUrl).host);
    await other.close();

    // The first context remembered the e-mail when it logged in.
    const again = await context.newPage();
    await again.goto(url('/'));
    const remembered = await again.evaluate(() => window.localStorage.getItem('kerf:remembered-email'));
    assert.equal(remembered, email);
    await again.close();
  });

  it('changes the profile and the password in settings', async () => {
    await page.goto(url('/settings'));
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Back to Dashboard' }).waitFor();
    await page.getByRole('heading', { name: 'Subscription' }).waitFor();
    await page.getByText('Unlimited document uploads').waitFor();
    await page.getByRole('heading', { name: 'Profile Information' }).waitFor();
    await page.getByRole('heading', { name: 'Change Password' }).waitFor();
    const emailField = page.getByLabel('Email');
    assert.equal(await emailField.inputValue(), email);
    assert.equal(await emailField.isDisabled(), true, 'the e-mail cannot be changed');
    await settledScreenshot(page, 'settings-1280');

    await page.getByLabel('First Name').fill('Grace');
    await page.getByLabel('Last Name').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated').first().waitFor();
    await page.reload();
    assert.equal(await page.getByLabel('First Name').inputValue(), 'Grace');
    assert.equal(await page.getByLabel('Last Name').inputValue(), '', 'an empty name is stored as none');
    const { rows } = await suite.db.identity.query('SELECT first_name, last_name FROM users WHERE username = $1', [
      email,
    ]);
    assert.deepEqual(rows[0], { first_name: 'Grace', last_name: null });

    const current = page.getByLabel('Current Password');
    const next = page.getByLabel('New Password', { exact: true });
    const confirm = page.getByLabel('Confirm New Password');
    const update = page.getByRole('button', { name: 'Update Password' });

    await update.click();
    await page.getByText('Current password required').waitFor();

    await current.fill(PASSWORD);
    await next.fill('12345');
    await confirm.fill('12345');
    await update.click();
    await page.getByText('Password too short').first().waitFor();
    await page.getByText('New password must be at least 6 characters long.').first().waitFor();

    await next.fill(CHANGED_PASSWORD);
    await confirm.fill(`${CHANGED_PASSWORD}x`);
    await update.click();
    await page.getByText("Passwords don't match").waitFor();

    await current.fill('not-my-password');
    await confirm.fill(CHANGED_PASSWORD);
    await update.click();
    await page.getByText('Failed to update password').first().waitFor();
    await page.getByText('Current password is incorrect.').first().waitFor();
    await settledScreenshot(page, 'settings-password-failed-1280');

    await current.fill(PASSWORD);
    await update.click();
    await page.getByText('Password updated').first().waitFor();
    assert.equal(await current.inputValue(), '', 'the form is cleared');
    assert.equal(await apiLoginStatus(PASSWORD), 401, 'the old password no longer works');
    assert.equal(await apiLoginStatus(CHANGED_PASSWORD), 200, 'the new one does');

    // Still signed in here: the settings page reloads as this user.
    await page.reload();
    assert.equal(await page.getByLabel('First Name').inputValue(), 'Grace');

    const phone = await context.newPage();
    await phone.setViewportSize(MOBILE);
    await phone.goto(url('/settings'));
    await phone.getByRole('heading', { name: 'Profile Information' }).waitFor();
    await settledScreenshot(phone, 'settings-390');
    await phone.close();
  });

  it('recovers a forgotten password through the mailed link', async () => {
    const visitor = await suite.browser.newContext({ viewport: DESKTOP });
    const tab = await visitor.newPage();
    await tab.goto(url('/login'));
    await tab.getByRole('link', { name: 'Forgot password?' }).click();
    await tab.waitForURL((u) => u.pathname === '/forgot-password');
    await tab.getByLabel('Email').fill('not an email');
    await tab.getByRole('button', { name: 'Send Reset Link' }).click();
    await tab.getByText('Please enter a valid email address').waitFor();
    await settledScreenshot(tab, 'forgot-password-1280');

    // An address without an account gets the same confirmation.
    await tab.getByLabel('Email').fill(`nobody-${randomUUID()}@example.com`);
    await tab.getByRole('button', { name: 'Send Reset Link' }).click();
    await tab.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    await tab.getByRole('button', { name: 'Use a different email' }).click();

    const seen = mailCount();
    await tab.getByLabel('Email').fill(email);
    await tab.getByRole('button', { name: 'Send Reset Link' }).click();
    await tab.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    await tab.getByText(/check your spam/i).waitFor();
    assert.equal(await tab.getByRole('link', { name: 'Return to login' }).getAttribute('href'), '/login');
    await settledScreenshot(tab, 'check-email-1280');

    const link = await resetLink(seen);
    assert.ok(link.startsWith(`${suite.app.gatewayUrl}/reset-password?token=`), link);
    await tab.goto(link);
    await tab.getByLabel('New Password', { exact: true }).waitFor();
    await settledScreenshot(tab, 'reset-password-1280');

    const password = tab.getByLabel('New Password', { exact: true });
    const confirm = tab.getByLabel('Confirm New Password');
    const submit = tab.getByRole('button', { name: 'Reset Password' });
    for (const [value, message] of [
      ['Ab1', 'Password must be at least 8 characters'],
      ['abcdefg1', 'Password must contain at least one uppercase letter'],
      ['ABCDEFG1', 'Password must contain at least one lowercase letter'],
      ['Abcdefgh', 'Password must contain at least one number'],
    ]) {
      await password.fill(value);
      await submit.click();
      await tab.getByText(message).waitFor();
    }
    await password.fill(RESET_PASSWORD);
    await confirm.fill('Anchor-Bolt-2029');
    await submit.click();
    await tab.getByText("Passwords don't match").waitFor();

    await confirm.fill(RESET_PASSWORD);
    await submit.click();
    await tab.getByRole('heading', { name: 'Password Reset Successful' }).waitFor();
    const shownAt = Date.now();
    await settledScreenshot(tab, 'reset-success-1280');
    await tab.waitForURL((u) => u.pathname === '/login', { timeout: 6_000 });
    const waited = Date.now() - shownAt;
    assert.ok(waited > 2_000, `redirected to /login after about 3 s, not ${waited} ms`);

    // Every session ended, the other browser's included.
    const status = await page.evaluate(async () => (await fetch('/api/user')).status);
    assert.equal(status, 401, 'the settings browser was signed out by the reset');

    // The link works once.
    await tab.goto(link);
    await tab.getByLabel('New Password', { exact: true }).fill('Second-Try-2030');
    await tab.getByLabel('Confirm New Password').fill('Second-Try-2030');
    await tab.getByRole('button', { name: 'Reset Password' }).click();
    await tab
      .getByText('This password reset link is invalid or has expired. Please request a new one.')
      .first()
      .waitFor();

    // The old password fails, the new one works.
    await tab.goto(url('/login'));
    await tab.getByLabel('Email').fill(email);
    await tab.getByLabel('Password').fill(CHANGED_PASSWORD);
    await tab.getByRole('button', { name: 'Login' }).click();
    await tab.getByText('Login failed').first().waitFor();
    await tab.getByLabel('Password').fill(RESET_PASSWORD);
    await tab.getByRole('button', { name: 'Login' }).click();
    await tab.waitForURL((u) => u.pathname === '/dashboard');
    await visitor.close();
  });

  it('shows the recovery screens at phone width, and an invalid link without a token', async () => {
    const phone = await suite.browser.newContext({ viewport: MOBILE });
    const tab = await phone.newPage();
    await tab.goto(url('/forgot-password'));
    await tab.getByLabel('Email').waitFor();
    await settledScreenshot(tab, 'forgot-password-390');
    await tab.getByLabel('Email').fill(`nobody-${randomUUID()}@example.com`);
    await tab.getByRole('button', { name: 'Send Reset Link' }).click();
    await tab.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    await settledScreenshot(tab, 'check-email-390');

    await tab.goto(url('/reset-password?token=made-up-token'));
    await tab.getByLabel('New Password', { exact: true }).waitFor();
    await settledScreenshot(tab, 'reset-password-390');
    await tab.getByLabel('New Password', { exact: true }).fill('Made-Up-2031');
    await tab.getByLabel('Confirm New Password').fill('Made-Up-2031');
    await tab.getByRole('button', { name: 'Reset Password' }).click();
    await tab
      .getByText('This password reset link is invalid or has expired. Please request a new one.')
      .first()
      .waitFor();
    await settledScreenshot(tab, 'reset-password-failed-390');

    for (const [viewport, width] of [
      [MOBILE, 390],
      [DESKTOP, 1280],
    ]) {
      await tab.setViewportSize(viewport);
      await tab.goto(url('/reset-password'));
      await tab.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor();
      assert.equal(
        await tab.getByRole('link', { name: 'Request a new link' }).getAttribute('href'),
        '/forgot-password',
      );
      await settledScreenshot(tab, `reset-invalid-${width}`);
    }

    // The success screen at phone width, with a real link.
    await tab.setViewportSize(MOBILE);
    const seen = mailCount();
    await tab.goto(url('/forgot-password'));
    await tab.getByLabel('Email').fill(email);
    await tab.getByRole('button', { name: 'Send Reset Link' }).click();
    await tab.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    await tab.goto(await resetLink(seen));
    await tab.getByLabel('New Password', { exact: true }).fill('Final-Beam-2032');
    await tab.getByLabel('Confirm New Password').fill('Final-Beam-2032');
    await tab.getByRole('button', { name: 'Reset Password' }).click();
    await tab.getByRole('heading', { name: 'Password Reset Successful' }).waitFor();
    await settledScreenshot(tab, 'reset-success-390');
    await tab.waitForURL((u) => u.pathname === '/login', { timeout: 6_000 });
    await phone.close();
  });

  after(async () => {
    await context?.close();
  });
});
