// Assemblies on the estimates screen (issue 15): the starter library to read and
// copy, a user's own assembly added through the form, edited and used by the
// next estimate.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, MOBILE, chromiumMissing, screenshot, trialUserWithProject, useApp } from './support/app.mjs';

describe('assemblies in Chromium', { skip: chromiumMissing }, () => {
  const suite = useApp(['identity', 'projects', 'billing', 'ai-chat', 'estimates']);

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ]) {
    it(`adds an assembly of one's own and the next estimate uses it (${label})`, async () => {
      const context = await suite.browser.newContext({ viewport });
      const page = await context.newPage();
      const projectId = await trialUserWithProject(page, suite.app.gatewayUrl, 'Stucco house');
      await page.goto(`${suite.app.gatewayUrl}/estimates/${projectId}`);
      const panel = page.locator('div[data-slot="card"]', { has: page.getByText('Assemblies', { exact: true }) });
      await panel.getByText(/Starter library \(\d+ assemblies\)/).click();
      await panel.getByText('Slab on grade 4", mesh, vapour barrier').waitFor();
      const starterCount = Number(
        /\((\d+) assemblies\)/.exec(await panel.getByText(/Starter library/).textContent())[1],
      );
      assert.ok(starterCount >= 25, `${starterCount} starter assemblies`);

      // Copy a starter assembly into the form, make it one's own, save it.
      await panel.getByRole('button', { name: 'Copy Exterior wall, 2×6 wood studs, insulated, sided' }).click();
      await panel.getByLabel('Assembly name').fill('Exterior wall, 2×6, stucco finish');
      await panel.getByLabel('Component 6', { exact: true }).fill('Three-coat stucco');
      await panel.getByLabel('Material $ 6', { exact: true }).fill('3.80');
      await screenshot(page, `estimate-assemblies-form-${label}`);
      await panel.getByRole('button', { name: 'Save assembly' }).click();
      await page.getByText('Assembly saved').first().waitFor();
      await page.getByRole('button', { name: 'Close' }).first().click();
      await panel
        .getByRole('list', { name: 'Your assemblies' })
        .getByText('Exterior wall, 2×6, stucco finish')
        .waitFor();

      // A bad edit is refused with a message a person understands, nothing changed.
      await panel.getByRole('button', { name: 'Edit Exterior wall, 2×6, stucco finish' }).click();
      await panel.getByLabel('Per unit 1', { exact: true }).fill('lots');
      await panel.getByRole('button', { name: 'Save assembly' }).click();
      await page.getByText('Save failed').first().waitFor();
      await page.getByRole('button', { name: 'Close' }).first().click();
      await panel.getByRole('button', { name: 'Cancel' }).click();

      // The next estimate prices exterior walls by the user's assembly.
      await page.evaluate(async (id) => {
        await fetch('/api/materials', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
          body: JSON.stringify({ projectId: id, name: 'Exterior walls', quantity: '120', unit: 'ft' }),
        });
      }, projectId);
      await page.getByRole('button', { name: 'Generate Estimate' }).click();
      await page.getByText('Estimate Generated!').first().waitFor({ timeout: 60_000 });
      const card = page.getByTestId('estimate-card');
      await card.getByRole('button', { name: /Show line details/ }).click();
      await card
        .getByTestId('estimate-lines')
        .getByText(/Assembly: Exterior wall, 2×6, stucco finish/)
        .waitFor();
      await screenshot(page, `estimate-assemblies-${label}`);
      await context.close();
    });
  }
});
