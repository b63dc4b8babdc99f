// The sheet viewer (issue 17) in Chromium at 1280 and 390 px: upload a PDF plan, open it
// from the documents panel, see the page drawn by pdf.js from range requests, the page list,
// zoom and pan, calibrate the page through the real scale API, and reload onto the same sheet.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DESKTOP,
  MOBILE,
  chromiumMissing,
  screenshot,
  trialUserWithProject,
  uploadAndWaitAnalyzed,
  useApp,
  askInChat,
} from './support/app.mjs';

const require = createRequire(import.meta.url);

const PDF = 'opentakeoff_va-sample-finish-plan.pdf';

/** The share of the canvas' pixels that are not white: the drawing's lines. */
const inkedShare = (page) =>
  page.getByTestId('sheet-canvas').evaluate((canvas) => {
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    let inked = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] < 200 || data[i + 1] < 200 || data[i + 2] < 200) inked++;
    return inked / (data.length / 4);
  });

/** The sheet's view as its transform says: translate(x, y) scale(s). */
const sheetView = (page) =>
  page.getByTestId('sheet-page').evaluate((element) => {
    const [, x, y, scale] = /translate\(([-\d.e]+)px, ([-\d.e]+)px\) scale\(([-\d.e]+)\)/.exec(element.style.transform);
    return { x: Number(x), y: Number(y), scale: Number(scale), rendered: Number(element.dataset.renderedScale) };
  });

describe('sheet viewer in Chromium', { skip: chromiumMissing }, () => {
  const suite = useApp(['identity', 'projects', 'billing', 'documents', 'ai-chat']);

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ]) {
    it(`opens a PDF plan from the documents panel, zooms, pans and calibrates it (${label})`, async () => {
      const context = await suite.browser.newContext({ viewport });
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const ranges = [];
      context.on('request', (request) => {
        if (request.url().endsWith('/file') && request.headers()['range']) ranges.push(request.headers()['range']);
      });

      await trialUserWithProject(page, suite.app.gatewayUrl, 'Finish plan');
      await page.goto(`${suite.app.gatewayUrl}/dashboard`);
      if (viewport === MOBILE) await page.getByRole('tab', { name: 'Documents' }).click();
      await uploadAndWaitAnalyzed(page, PDF);
      await screenshot(page, `viewer-1-documents-${label}`);

      // Open it from the documents panel: the viewer has its own URL.
      await page.getByRole('link', { name: `Open ${PDF} in the viewer` }).click();
      await page.waitForURL(/\/dashboard\/projects\/[^/]+\/documents\/[^/?]+/);
      await page.getByTestId('viewer-title').filter({ hasText: PDF }).waitFor();

      // The page, drawn by pdf.js into a canvas with the plan's lines on it, read with range requests.
      const canvas = page.getByTestId('sheet-canvas');
      await canvas.waitFor({ timeout: 30_000 });
      const inked = await inkedShare(page);
      assert.ok(inked > 0.005, `the canvas has the drawing on it (${(inked * 100).toFixed(2)}% inked)`);
      assert.ok(ranges.length > 0, 'pdf.js read the file with range requests');
      await screenshot(page, `viewer-2-sheet-${label}`);

      // The page list names each sheet; page 2 opens from it, with its own URL, and back to page 1.
      if (viewport === DESKTOP) {
        await page.getByTestId('viewer-page-of').filter({ hasText: 'Page 1 of 2' }).waitFor();
        const pages = page.getByRole('navigation', { name: 'Pages' });
        assert.match(await pages.innerText(), /Page 1\s+AF101/);
        await pages.getByRole('button', { name: /Page 2/ }).click();
        await page.getByTestId('viewer-page-of').filter({ hasText: 'Page 2 of 2' }).waitFor();
        await page.waitForURL(/[?&]page=2/);
        await page.getByTestId('sheet-canvas').waitFor();
        await screenshot(page, `viewer-2-page-2-${label}`);
        await pages.getByRole('button', { name: /Page 1/ }).click();
      } else {
        const select = page.getByRole('combobox', { name: 'Page' });
        assert.equal(await select.inputValue(), '1');
        await select.selectOption('2');
        await page.waitForURL(/[?&]page=2/);
        await select.selectOption('1');
      }
      await page.waitForURL(/[?&]page=1/);
      await page.getByTestId('sheet-canvas').waitFor();
      assert.ok((await inkedShare(page)) > 0.005);

      // Zoom in with the toolbar: the canvas is drawn again, sharper, once the zoom settles.
      const fitted = await sheetView(page);
      const fittedWidth = await canvas.evaluate((element) => element.width);
      await page.getByRole('button', { name: 'Zoom in (+)' }).click();
      await page.getByRole('button', { name: 'Zoom in (+)' }).click();
      await page.waitForFunction(
        (scale) =>
          Number(globalThis.document.querySelector('[data-testid="sheet-page"]').dataset.renderedScale) > scale * 1.5,
        fitted.scale,
      );
      const zoomed = await sheetView(page);
      assert.ok(Math.abs(zoomed.scale - fitted.scale * 1.5625) < 1e-6, 'two steps of 1.25');
      assert.ok((await canvas.evaluate((element) => element.width)) > fittedWidth, 'drawn with more pixels');

      // Wheel zoom (desktop) and a drag to pan.
      const box = await page.getByTestId('sheet').boundingBox();
      const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      if (viewport === DESKTOP) {
        await page.mouse.move(centre.x, centre.y);
        await page.mouse.wheel(0, -200);
        await page.waitForFunction(
          (scale) =>
            /scale\(([\d.]+)\)/.exec(
              globalThis.document.querySelector('[data-testid="sheet-page"]').style.transform,
            )[1] > scale,
          zoomed.scale,
        );
      }
      if (viewport === MOBILE) {
        // Two fingers moving apart zoom in around their middle.
        const before = await sheetView(page);
        await page.getByTestId('sheet').evaluate((element, { x, y }) => {
          const fire = (type, pointerId, dx) =>
            element.dispatchEvent(
              new globalThis.PointerEvent(type, {
                pointerId,
                pointerType: 'touch',
                isPrimary: pointerId === 1,
                clientX: x + dx,
                clientY: y,
                bubbles: true,
              }),
            );
          fire('pointerdown', 1, -40);
          fire('pointerdown', 2, 40);
          for (let step = 1; step <= 5; step++) {
            fire('pointermove', 1, -40 - step * 8);
            fire('pointermove', 2, 40 + step * 8);
          }
          fire('pointerup', 1, -80);
          fire('pointerup', 2, 80);
        }, centre);
        const pinched = await sheetView(page);
        assert.ok(
          Math.abs(pinched.scale / before.scale - 2) < 0.01,
          `pinched from ${before.scale} to ${pinched.scale}`,
        );
      }
      const beforePan = await sheetView(page);
      await page.mouse.move(centre.x, centre.y);
      await page.mouse.down();
      await page.mouse.move(centre.x - 60, centre.y - 40, { steps: 5 });
      await page.mouse.up();
      const panned = await sheetView(page);
      assert.ok(Math.abs(panned.x - (beforePan.x - 60)) < 1 && Math.abs(panned.y - (beforePan.y - 40)) < 1, 'dragged');
      await screenshot(page, `viewer-3-zoomed-${label}`);

      if (viewport === DESKTOP) {
        // Deep in (past what one canvas of the whole sheet can hold): the part in view is drawn again, sharp.
        // From the whole sheet, into its middle (the plan).
        await page.getByRole('button', { name: 'Fit page (0)' }).click();
        await page.getByTestId('sheet').focus();
        for (let i = 0; i < 10; i++) await page.keyboard.press('+');
        const detail = page.getByTestId('sheet-detail');
        await detail.waitFor();
        const deep = await sheetView(page);
        await page.waitForFunction(
          // The transform prints the scale rounded; the canvas records it whole.
          (scale) =>
            Math.abs(
              Number(globalThis.document.querySelector('[data-testid="sheet-page"]').dataset.renderedScale) - scale,
            ) <
            scale * 1e-4,
          deep.scale,
        );
        const inkedDetail = await detail.evaluate((canvas) => {
          const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
          let inked = 0;
          for (let i = 0; i < data.length; i += 4) if (data[i] < 200) inked++;
          return inked / (data.length / 4);
        });
        assert.ok(inkedDetail > 0.001, `the detail has lines on it (${(inkedDetail * 100).toFixed(2)}%)`);
        await screenshot(page, `viewer-3-deep-zoom-${label}`);
      }

      // Calibrate (K): two clicks a known distance apart, 10 ft, through the real scale API.
      await page.getByRole('button', { name: 'Fit page (0)' }).click();
      await page.keyboard.press('k');
      await page.getByRole('button', { name: 'Calibrate (K)', pressed: true }).waitFor();
      const view = await sheetView(page);
      const from = { x: centre.x - 80, y: centre.y };
      const to = { x: centre.x + 80, y: centre.y };
      // Shift places each point exactly where it is clicked (no snapping to the rooms' outlines).
      await page.keyboard.down('Shift');
      await page.mouse.click(from.x, from.y);
      await page.mouse.click(to.x, to.y);
      await page.keyboard.up('Shift');
      const dialog = page.getByRole('dialog', { name: 'Calibrate page 1' });
      await dialog.getByLabel('Distance').fill('10');
      await dialog.getByLabel('Unit').selectOption('ft');
      await dialog.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
      await screenshot(page, `viewer-4-calibrate-${label}`);
      await dialog.getByRole('button', { name: 'Set scale' }).click();
      await page.getByRole('status').filter({ hasText: 'Page calibrated', visible: true }).first().waitFor();
      const lengthPts = (to.x - from.x) / view.scale;
      const analysis = await page.evaluate(
        async (url) => (await fetch(url)).json(),
        page.url().replace(/\/dashboard\/projects\/[^/]+\/documents\/([^/?]+).*/, '/api/documents/$1/analysis'),
      );
      const calibrated = analysis.overrides.pageScales['1'].feetPerPoint;
      assert.ok(Math.abs(calibrated - 10 / lengthPts) / (10 / lengthPts) < 0.01, `${calibrated} ft per point`);

      // The same sheet after a reload, with the scale now known: measuring is offered without calibrating first.
      await page.reload();
      await page.getByTestId('sheet-canvas').waitFor({ timeout: 30_000 });
      assert.ok((await inkedShare(page)) > 0.005);
      await page.keyboard.press('l');
      await page.getByRole('button', { name: 'Length (L)', pressed: true }).waitFor();
      await page.mouse.click(centre.x - 50, centre.y - 20);
      await page.mouse.move(centre.x + 50, centre.y - 20);
      await page.getByTestId('drawing-in-progress').filter({ hasText: /LF$/ }).waitFor();
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Select and pan (V)', pressed: true }).waitFor();

      if (viewport === MOBILE) {
        await page.getByRole('button', { name: 'Takeoff' }).click();
        const takeoff = page.getByRole('dialog', { name: 'Takeoff' });
        await takeoff.waitFor();
        await takeoff.evaluate((element) =>
          Promise.all(element.getAnimations().map((animation) => animation.finished)),
        );
      }
      await screenshot(page, `viewer-5-after-reload-${label}`);
      if (viewport === DESKTOP) {
        // Back to the project it came from, and into the viewer again from the findings dialog.
        await page.getByRole('link', { name: 'Back to the project' }).click();
        await page.getByTestId('project-title').filter({ hasText: 'Finish plan' }).waitFor();
        await page.getByRole('button', { name: `View findings of ${PDF}` }).click();
        await page.getByRole('dialog', { name: PDF }).getByRole('link', { name: 'Open in the viewer' }).click();
        await page.getByTestId('sheet-canvas').waitFor({ timeout: 30_000 });
      }
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  it('draws a DXF from its geometry with switchable layers, and follows a chat source to its takeoff (desktop and mobile)', async () => {
    const DXF = 'ezdxf_multi_insert_with_attribs.dxf';
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ]) {
      const context = await suite.browser.newContext({ viewport });
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await trialUserWithProject(page, suite.app.gatewayUrl, 'Flags');
      await page.goto(`${suite.app.gatewayUrl}/dashboard`);
      if (viewport === MOBILE) await page.getByRole('tab', { name: 'Documents' }).click();
      await uploadAndWaitAnalyzed(page, DXF);
      const symbols = page.getByRole('region', { name: /Symbol counts/ });
      if (viewport === DESKTOP) {
        // The assistant's answer names its source; the source opens the viewer with the FLAG block selected.
        const reply = await askInChat(page, 'How many flags are there?');
        await reply.getByRole('link', { name: `${DXF} · block FLAG` }).click();
        await page.waitForURL(/item=symbol%3AFLAG/);
        await symbols.getByRole('button', { name: /^FLAG/, pressed: true }).waitFor();
      } else {
        await page.getByRole('link', { name: `Open ${DXF} in the viewer` }).click();
        await page.getByRole('button', { name: 'Takeoff' }).click();
        await symbols.getByRole('button', { name: /^FLAG/ }).click();
        await page.waitForURL(/item=symbol%3AFLAG/);
      }
      // The ground truth (ezdxf): one MINSERT of FLAG, a 5 × 5 grid, 25 flags.
      assert.match(await symbols.getByRole('button', { name: /^FLAG/ }).innerText(), /FLAG\s+25 EA/);
      if (viewport === MOBILE) {
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      }

      // The drawing's lines are on the canvas, and the old note is gone.
      await page.getByTestId('sheet-canvas').waitFor({ timeout: 30_000 });
      assert.equal(await page.getByTestId('viewer-no-geometry').count(), 0);
      await page.getByTestId('sheet-page').and(page.locator('[data-rendered-scale]')).waitFor();
      const inked = await inkedShare(page);
      assert.ok(inked > 0.002, `the canvas has the drawing on it (${(inked * 100).toFixed(2)}% inked)`);
      await screenshot(page, `viewer-6-dxf-${label}`);

      if (viewport === DESKTOP) {
        // Every layer switched off leaves the canvas blank; switched back on, the lines return.
        const layers = page.getByRole('region', { name: 'Layers' }).getByRole('checkbox');
        const count = await layers.count();
        assert.ok(count > 0, 'the drawing lists its layers');
        for (let i = 0; i < count; i++) await layers.nth(i).uncheck();
        await page.waitForFunction(
          () => {
            const canvas = globalThis.document.querySelector('[data-testid="sheet-canvas"]');
            const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
            for (let i = 0; i < data.length; i += 4)
              if (data[i] < 200 || data[i + 1] < 200 || data[i + 2] < 200) return false;
            return true;
          },
          undefined,
          { timeout: 10_000 },
        );
        await screenshot(page, `viewer-7-dxf-layers-off-${label}`);
        await layers.nth(0).check();
        await page.waitForFunction(
          () => {
            const canvas = globalThis.document.querySelector('[data-testid="sheet-canvas"]');
            const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
            for (let i = 0; i < data.length; i += 4)
              if (data[i] < 200 || data[i + 1] < 200 || data[i + 2] < 200) return true;
            return false;
          },
          undefined,
          { timeout: 10_000 },
        );

        // A count by hand is kept in drawing coordinates (y up): a click up-left of another has a
        // smaller x and a larger y, and both lie within the drawing.
        const box = await page.getByTestId('sheet').boundingBox();
        const view = await sheetView(page);
        const size = await page.getByTestId('sheet-page').evaluate((element) => ({
          width: element.offsetWidth,
          height: element.offsetHeight,
        }));
        const at = ([x, y]) => ({
          x: box.x + view.x + x * size.width * view.scale,
          y: box.y + view.y + y * size.height * view.scale,
        });
        await page.getByRole('button', { name: 'Count (C)' }).click();
        await page.getByRole('button', { name: 'Count (C)', pressed: true }).waitFor();
        await page.keyboard.down('Shift');
        for (const point of [
          [0.3, 0.3],
          [0.7, 0.7],
        ]) {
          const { x, y } = at(point);
          await page.mouse.click(x, y);
        }
        await page.keyboard.up('Shift');
        await page.keyboard.press('Enter');
        await page
          .getByTestId('takeoff-list')
          .getByRole('button', { name: /^Count 1/ })
          .first()
          .waitFor();
        const documentId = /\/documents\/([^/?]+)/.exec(page.url())[1];
        const [items, geometry] = await page.evaluate(
          async ([itemsUrl, geometryUrl]) => [
            await (await fetch(itemsUrl)).json(),
            await (await fetch(geometryUrl)).json(),
          ],
          [`/api/takeoff-items?documentId=${documentId}`, `/api/documents/${documentId}/geometry`],
        );
        const [[x0, y0], [x1, y1]] = items[0].points;
        assert.ok(x0 < x1 && y0 > y1, `drawing y is up: ${JSON.stringify(items[0].points)}`);
        const { minX, minY, maxX, maxY } = geometry.bounds;
        for (const [x, y] of items[0].points)
          assert.ok(x >= minX && x <= maxX && y >= minY && y <= maxY, `(${x}, ${y}) lies within the drawing`);
        await screenshot(page, `viewer-7-dxf-counted-${label}`);
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  it('draws a real floor plan DXF whole, with its layers listed (desktop and mobile)', async () => {
    const DXF = 'skymakerolof-dxf_floorplan.dxf';
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ]) {
      const context = await suite.browser.newContext({ viewport });
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await trialUserWithProject(page, suite.app.gatewayUrl, 'Floor plan');
      await page.goto(`${suite.app.gatewayUrl}/dashboard`);
      if (viewport === MOBILE) await page.getByRole('tab', { name: 'Documents' }).click();
      await uploadAndWaitAnalyzed(page, DXF);
      await page.getByRole('link', { name: `Open ${DXF} in the viewer` }).click();
      await page.getByTestId('sheet-canvas').waitFor({ timeout: 30_000 });
      await page.getByTestId('sheet-page').and(page.locator('[data-rendered-scale]')).waitFor();
      const inked = await inkedShare(page);
      assert.ok(inked > 0.002, `the plan's lines are on the canvas (${(inked * 100).toFixed(2)}% inked)`);
      if (viewport === DESKTOP) {
        const layers = page.getByRole('region', { name: 'Layers' }).getByRole('checkbox');
        assert.ok((await layers.count()) > 1, 'the plan lists its layers');
      }
      await screenshot(page, `viewer-8-dxf-floorplan-${label}`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  it('draws the rooms of a generated plan over the sheet, measures an area by hand, sends it to materials and follows a chat source to a room (desktop and mobile)', async () => {
    // A plan drawn at 1/4" = 1'-0" (18 pt = 1 ft) with named rooms and printed areas.
    const { planSheet, PLAN_AREAS } = require('../services/documents/dist/test/analysis/pdf-plan-fixture.js');
    const { writePdf } = require('../services/documents/dist/test/analysis/pdf-fixture-writer.js');
    const sheet = planSheet({ feetPerPoint: 1 / 18, note: 'SCALE: 1/4" = 1\'-0"', printedAreas: true });
    const dir = mkdtempSync(join(tmpdir(), 'kerf-plan-'));
    const plan = join(dir, 'generated-plan.pdf');
    writeFileSync(plan, writePdf([sheet.page], 792, 612));

    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ]) {
      const context = await suite.browser.newContext({ viewport });
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await trialUserWithProject(page, suite.app.gatewayUrl, 'Plan');
      await page.goto(`${suite.app.gatewayUrl}/dashboard`);
      if (viewport === MOBILE) await page.getByRole('tab', { name: 'Documents' }).click();
      const documents = page.locator('section[aria-labelledby="documents-panel-title"]');
      await documents.getByTestId('documents-file-input').setInputFiles(plan);
      await documents
        .locator('li')
        .filter({ hasText: 'generated-plan.pdf' })
        .getByText('Analyzed')
        .waitFor({ timeout: 60_000 });
      await page.getByRole('link', { name: 'Open generated-plan.pdf in the viewer' }).click();
      await page.getByTestId('sheet-canvas').waitFor({ timeout: 30_000 });

      // The rooms, measured from the linework, drawn over the sheet and listed with their areas.
      if (viewport === MOBILE) await page.getByRole('button', { name: 'Takeoff' }).click();
      const list = page.getByTestId('takeoff-list').last();
      const office = list.getByRole('button', { name: /^OFFICE/ });
      await office.waitFor();
      const officeText = await office.innerText();
      const officeArea = Number(/([\d.,]+)\s*SF/.exec(officeText)?.[1].replace(/,/g, ''));
      assert.ok(Math.abs(officeArea - PLAN_AREAS.OFFICE) / PLAN_AREAS.OFFICE < 0.01, officeText);
      assert.ok((await page.locator('[data-testid="sheet-page"] svg polygon').count()) >= 4, 'room outlines drawn');

      // Selecting a room in the list highlights its outline on the sheet.
      await office.click();
      await page.waitForURL(/item=room%3AOFFICE/);
      await list.getByRole('button', { name: /^OFFICE/, pressed: true }).waitFor();
      await page.locator('[data-row-key="room:OFFICE"] polygon[data-selected="true"]').waitFor();
      if (viewport === MOBILE) {
        await screenshot(page, `viewer-7-room-selected-${label}`);
        await context.close();
        continue;
      }
      await screenshot(page, `viewer-7-room-selected-${label}`);

      // An area measured by hand: a 72 × 72 pt square, clear of the plan, is 16 SF at this scale.
      await page.getByRole('button', { name: 'Fit page (0)' }).click();
      const box = await page.getByTestId('sheet').boundingBox();
      const view = await sheetView(page);
      const at = ([x, y]) => ({ x: box.x + view.x + x * view.scale, y: box.y + view.y + y * view.scale });
      await page.keyboard.press('a');
      await page.getByRole('button', { name: 'Area (A)', pressed: true }).waitFor();
      await page.keyboard.down('Shift');
      for (const point of [
        [620, 420],
        [692, 420],
        [692, 492],
        [620, 492],
      ]) {
        const { x, y } = at(point);
        await page.mouse.click(x, y);
      }
      await page.keyboard.up('Shift');
      await page.keyboard.press('Enter');
      const measured = list.getByRole('button', { name: /^Area 1/ });
      await measured.waitFor();
      assert.match(await measured.innerText(), /16(\.0+)?\s*SF/);
      await screenshot(page, `viewer-8-area-measured-${label}`);

      // Into the materials list in one action, linked to its item.
      await list.getByRole('button', { name: 'Send Area 1 to materials' }).click();
      const projectId = /\/dashboard\/projects\/([^/]+)\//.exec(page.url())[1];
      let material;
      for (let i = 0; i < 100 && !material; i++) {
        const materials = await page.evaluate(
          async (url) => (await fetch(url)).json(),
          `${suite.app.gatewayUrl}/api/materials?projectId=${projectId}`,
        );
        material = materials.find((m) => m.source === 'takeoff');
        if (!material) await page.waitForTimeout(100);
      }
      assert.ok(material, 'the measurement became a material');
      assert.equal(Number(material.quantity), 16);
      assert.equal(material.origin.kind, 'item');

      // A chat answer's source opens the sheet at its room, highlighted.
      await page.getByRole('link', { name: 'Back to the project' }).click();
      const reply = await askInChat(page, 'What is the area of the office?');
      await reply
        .getByRole('link', { name: /room OFFICE/ })
        .first()
        .click();
      await page.waitForURL(/item=room%3AOFFICE/);
      await page.locator('[data-row-key="room:OFFICE"] polygon[data-selected="true"]').waitFor({ timeout: 30_000 });
      await screenshot(page, `viewer-9-chat-source-room-${label}`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
});
