// The sheet viewer (issue 17) in Chromium at 1280 and 390 px: upload a PDF plan, open it
// from the documents panel, see the page drawn by pdf.js from range requests, the page list,
// zoom and pan, calibrate the page through the real scale API, and reload onto the same sheet.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, isAbsolute, join } from 'node:path';
import {
  DESKTOP,
  MOBILE,
  chromiumMissing,
  screenshot,
  trialUserWithProject,
  uploadAndWaitAnalyzed,
  useApp,
  askInChat,
  toastShown,
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

  /**
   * A new user with a project, on the dashboard (the Documents tab on a phone), with `file`
   * (a corpus name or an absolute path) uploaded and analysed; opened in the viewer when `open`.
   * Page errors are collected in `errors`.
   */
  const withDocument = async (viewport, { project, file, open = true, onContext }) => {
    const context = await suite.browser.newContext({ viewport });
    onContext?.(context);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await trialUserWithProject(page, suite.app.gatewayUrl, project);
    await page.goto(`${suite.app.gatewayUrl}/dashboard`);
    if (viewport === MOBILE) await page.getByRole('tab', { name: 'Documents' }).click();
    const name = isAbsolute(file) ? basename(file) : file;
    if (isAbsolute(file)) {
      const documents = page.locator('section[aria-labelledby="documents-panel-title"]');
      await documents.getByTestId('documents-file-input').setInputFiles(file);
      await documents.locator('li').filter({ hasText: name }).getByText('Analyzed').waitFor({ timeout: 60_000 });
    } else await uploadAndWaitAnalyzed(page, file);
    if (open) {
      await page.getByRole('link', { name: `Open ${name} in the viewer` }).click();
      await page.waitForURL(/\/dashboard\/projects\/[^/]+\/documents\/[^/?]+/);
      // A drawing's linework is read in a child process the first time: slow on a busy machine.
      await page.getByTestId('sheet-canvas').waitFor({ timeout: 90_000 });
    }
    return { context, page, errors };
  };

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ]) {
    it(`opens a PDF plan from the documents panel, zooms, pans and calibrates it (${label})`, async () => {
      const ranges = [];
      const { context, page, errors } = await withDocument(viewport, {
        project: 'Finish plan',
        file: PDF,
        open: false,
        onContext: (context) =>
          context.on('request', (request) => {
            if (request.url().endsWith('/file') && request.headers()['range']) ranges.push(request.headers()['range']);
          }),
      });
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

      // Calibrate (K): two clicks a known distance apart, through the real scale API. The distance typed is
      // 2% longer than the scale note makes it (as when a printed sheet was scaled): every figure follows.
      await page.getByRole('button', { name: 'Fit page (0)' }).click();
      await page.keyboard.press('k');
      await page.getByRole('button', { name: 'Calibrate (K)', pressed: true }).waitFor();
      const view = await sheetView(page);
      const from = { x: centre.x - 80, y: centre.y };
      const to = { x: centre.x + 80, y: centre.y };
      const lengthPts = (to.x - from.x) / view.scale;
      const analysisUrl = page
        .url()
        .replace(/\/dashboard\/projects\/[^/]+\/documents\/([^/?]+).*/, '/api/documents/$1/analysis');
      const readAnalysis = () => page.evaluate(async (url) => (await fetch(url)).json(), analysisUrl);
      const noted = await readAnalysis();
      const typedFt = Number((lengthPts * noted.pages[0].scale.feetPerPoint * 1.02).toFixed(2));
      // Shift places each point exactly where it is clicked (no snapping to the rooms' outlines).
      await page.keyboard.down('Shift');
      await page.mouse.click(from.x, from.y);
      await page.mouse.click(to.x, to.y);
      await page.keyboard.up('Shift');
      const dialog = page.getByRole('dialog', { name: 'Calibrate page 1' });
      await dialog.getByLabel('Distance').fill(String(typedFt));
      await dialog.getByLabel('Unit').selectOption('ft');
      await dialog.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
      await screenshot(page, `viewer-4-calibrate-${label}`);
      await dialog.getByRole('button', { name: 'Set scale' }).click();
      await toastShown(page, 'Page calibrated');
      let analysis = await readAnalysis();
      const calibrated = analysis.overrides.pageScales['1'].feetPerPoint;
      assert.ok(
        Math.abs(calibrated - typedFt / lengthPts) / (typedFt / lengthPts) < 0.01,
        `${calibrated} ft per point`,
      );
      // The sheet is read again with the new scale (the list says so meanwhile); then the rooms' areas follow it.
      const until = Date.now() + 120_000;
      while (analysis.reanalysis && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        analysis = await readAnalysis();
      }
      assert.equal(analysis.reanalysis, null, 'the sheet was read again with the calibrated scale');
      assert.equal(analysis.pages[0].scale.source, 'calibration');
      const ratio = (calibrated / noted.pages[0].scale.feetPerPoint) ** 2;
      // (A room found by dividing a shared space is checked against its printed area, so it may drop out.)
      const pairs = noted.rooms
        .filter((before) => before.page === 1)
        .map((before) => [
          before,
          (analysis.rooms ?? []).find((after) => after.name === before.name && after.page === 1),
        ])
        .filter(([, after]) => after);
      assert.ok(
        pairs.length >= noted.rooms.length / 2,
        `${pairs.length} of ${noted.rooms.length} rooms measured again`,
      );
      // Each outline is found again at the new scale (a door-width gap is judged in feet, so an odd room may
      // close differently); the rooms' areas as a whole scale with it.
      const scaled = pairs.map(([before, after]) => after.areaSqFt / before.areaSqFt).sort((a, b) => a - b);
      const median = scaled[Math.floor(scaled.length / 2)];
      assert.ok(
        Math.abs(median - ratio) < ratio * 0.002,
        `room areas scaled by ${median}, the calibration by ${ratio}`,
      );

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
      const { context, page, errors } = await withDocument(viewport, { project: 'Flags', file: DXF, open: false });
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

  it('highlights a DXF’s symbols, layers and rooms from the list and the sheet, explains its scale, and measures by keyboard (desktop and mobile)', async () => {
    // A 200 × 120 ft plan: walls around it (yellow in the file), three DOORs along its edges, a KITCHEN
    // in its top-right corner, and nothing in its middle, where the keyboard measures.
    const {
      arc,
      block,
      dxfPairs,
      insert,
      line,
      lwpolyline,
      text,
      textDxf,
    } = require('../services/documents/dist/test/analysis/dxf-fixture-writer.js');
    const layer = (name, colour) => [
      [0, 'LAYER'],
      [2, name],
      [70, 0],
      [62, colour],
    ];
    const drawing = dxfPairs({
      insUnits: 2,
      tables: [[0, 'TABLE'], [2, 'LAYER'], ...layer('WALLS', 2), ...layer('DOORS', 1), [0, 'ENDTAB']],
      blocks: block('DOOR', [...line('0', 0, 0, 8, 0), ...arc('0', 0, 0, 8, 0, 90)]),
      entities: [
        ...line('WALLS', 0, 0, 200, 0),
        ...line('WALLS', 200, 0, 200, 120),
        ...line('WALLS', 200, 120, 0, 120),
        ...line('WALLS', 0, 120, 0, 0),
        ...insert('DOORS', 'DOOR', 20, 4),
        ...insert('DOORS', 'DOOR', 60, 4),
        ...insert('DOORS', 'DOOR', 180, 20),
        ...lwpolyline(
          'ROOMS',
          [
            [140, 70],
            [190, 70],
            [190, 110],
            [140, 110],
          ],
          true,
        ),
        ...text('ROOMS', 'KITCHEN', 165, 90, 3),
      ],
    });
    const dir = mkdtempSync(join(tmpdir(), 'kerf-dxf-'));
    const file = join(dir, 'symbols-plan.dxf');
    writeFileSync(file, textDxf(drawing), 'latin1');

    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ]) {
      const { context, page, errors } = await withDocument(viewport, { project: 'Symbols', file });
      await page.getByTestId('sheet-page').and(page.locator('[data-rendered-scale]')).waitFor();
      /** The takeoff list: beside the sheet, or on a phone in the sheet that slides up over it. */
      const takeoff = async () => {
        if (viewport === MOBILE) {
          await page.getByRole('button', { name: 'Takeoff' }).click();
          const sheet = page.getByRole('dialog', { name: 'Takeoff' });
          await sheet.evaluate((element) => Promise.all(element.getAnimations().map((a) => a.finished)));
          return sheet.getByTestId('takeoff-list');
        }
        return page.getByTestId('takeoff-list').first();
      };
      const listClosed = () =>
        viewport === MOBILE ? page.getByRole('dialog').waitFor({ state: 'detached' }) : Promise.resolve();

      // A symbol chosen in the list: every instance circled on the sheet, where the analysis placed it.
      await (await takeoff()).getByRole('button', { name: /^DOOR/ }).click();
      await page.waitForURL(/item=symbol%3ADOOR/);
      await listClosed();
      const doorCircles = page.locator('[data-row-key="symbol:DOOR"] circle');
      await doorCircles.nth(2).waitFor();
      assert.equal(await doorCircles.count(), 3);
      const door = await doorCircles.first().boundingBox();
      await screenshot(page, `viewer-10-dxf-symbol-selected-${label}`);

      // A layer chosen in the list: its lines drawn bold, the others dimmed.
      await (await takeoff()).getByRole('button', { name: /^WALLS/ }).click();
      await page.waitForURL(/item=layer%3AWALLS/);
      await listClosed();
      await page.locator('[data-testid="sheet-page"][data-emphasis="WALLS"]').waitFor();
      assert.equal(await doorCircles.count(), 0, 'the symbol is no longer circled');
      await screenshot(page, `viewer-11-dxf-layer-selected-${label}`);

      // On the sheet: a click on a door (not circled now) selects the symbol in the list.
      await page.mouse.click(door.x + door.width / 2, door.y + door.height / 2);
      await page.waitForURL(/item=symbol%3ADOOR/);
      await doorCircles.nth(2).waitFor();
      if (viewport === DESKTOP)
        await page.getByTestId('takeoff-list').first().getByRole('button', { name: /^DOOR/, pressed: true }).waitFor();

      // A room chosen in the list is filled; on the sheet, its outline's line picks the layer, its inside the room.
      await (await takeoff()).getByRole('button', { name: /^KITCHEN/ }).click();
      await page.waitForURL(/item=room%3AKITCHEN/);
      await listClosed();
      const kitchen = page.locator('[data-row-key="room:KITCHEN"] polygon[data-selected="true"]');
      await kitchen.waitFor();
      await screenshot(page, `viewer-12-dxf-room-selected-${label}`);
      // The outline's left side and middle, on screen (its points are page units; the SVG maps them).
      const [edge, inside] = await kitchen.evaluate((polygon) => {
        const points = polygon
          .getAttribute('points')
          .split(' ')
          .map((p) => p.split(',').map(Number));
        const xs = points.map(([x]) => x);
        const ys = points.map(([, y]) => y);
        const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
        const screen = (x, y) => {
          const point = new globalThis.DOMPoint(x, y).matrixTransform(polygon.getScreenCTM());
          return { x: point.x, y: point.y };
        };
        return [screen(left, (top + bottom) / 2), screen((left + right) / 2, (top + bottom) / 2)];
      });
      await page.mouse.click(edge.x + 2, edge.y);
      await page.waitForURL(/item=layer%3AROOMS/);
      await page.locator('[data-testid="sheet-page"][data-emphasis="ROOMS"]').waitFor();
      await page.mouse.click(inside.x, inside.y);
      await page.waitForURL(/item=room%3AKITCHEN/);

      // Calibrate is not for a drawing: its units give the scale, and the units fix is offered instead.
      const calibrate = page.getByRole('button', {
        name: /^Calibrate \(K\): not needed, this drawing's units \(feet\)/,
      });
      assert.equal(await calibrate.getAttribute('aria-disabled'), 'true');
      await page.keyboard.press('k');
      const help = page.getByTestId('drawing-units-help');
      await help.filter({ hasText: 'No calibration needed' }).waitFor();
      await help.getByLabel('Drawing units').waitFor();
      await screenshot(page, `viewer-13-dxf-calibrate-explained-${label}`);
      await page.keyboard.press('Escape');
      await help.waitFor({ state: 'detached' });

      // By keyboard: a count and a length placed with the crosshair in the plan's empty middle.
      await page.getByRole('button', { name: 'Fit page (0)' }).click();
      await page.keyboard.press('c');
      await page.getByRole('button', { name: 'Count (C)', pressed: true }).waitFor();
      await page.getByTestId('sheet').focus();
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
      await page.getByTestId('sheet-crosshair').waitFor();
      await page.keyboard.press('Space');
      for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Space');
      const progress = page.getByTestId('drawing-in-progress');
      await progress.filter({ hasText: '2 EA' }).waitFor();
      await page.keyboard.press('Backspace');
      await progress.filter({ hasText: '1 EA' }).waitFor();
      await page.keyboard.press('Space');
      await progress.filter({ hasText: '2 EA' }).waitFor();
      await screenshot(page, `viewer-14-dxf-keyboard-count-${label}`);
      await page.keyboard.press('Enter');
      await page.waitForURL(/item=item%3A/);

      await page.keyboard.press('l');
      await page.getByRole('button', { name: 'Length (L)', pressed: true }).waitFor();
      await page.getByTestId('sheet').focus();
      await page.keyboard.press('Space');
      for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Space');
      await progress.filter({ hasText: /LF$/ }).waitFor();
      await page.keyboard.press('Enter');
      const list = await takeoff();
      await list.getByRole('button', { name: /^Length 1/ }).waitFor();
      assert.match(await list.getByRole('button', { name: /^Count 1/ }).innerText(), /2 EA/);

      const documentId = /\/documents\/([^/?]+)/.exec(page.url())[1];
      const items = await page.evaluate(
        async (url) => (await fetch(url)).json(),
        `/api/takeoff-items?documentId=${documentId}`,
      );
      const count = items.find((item) => item.kind === 'count');
      const length = items.find((item) => item.kind === 'length');
      const [[cx0, cy0], [cx1, cy1]] = count.points;
      assert.ok(
        cx1 > cx0 && Math.abs(cy1 - cy0) < 1e-6,
        `the count's second point is right of its first: ${count.points}`,
      );
      const [[x0, y0], [x1, y1]] = length.points;
      assert.ok(Math.abs(x1 - x0) < 1e-6 && y1 < y0, `Arrow Down moves down the drawing (y up): ${length.points}`);
      for (const [x, y] of [...count.points, ...length.points])
        assert.ok(x > 10 && x < 190 && y > 10 && y < 110, `(${x}, ${y}) is in the plan's middle`);
      // Feet drawing units: the quantity is the distance between the two points.
      assert.ok(Math.abs(Number(length.quantity) - (y0 - y1)) < 0.01, `${length.quantity} LF`);
      await screenshot(page, `viewer-15-dxf-keyboard-measured-${label}`);
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
      const { context, page, errors } = await withDocument(viewport, { project: 'Floor plan', file: DXF });
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
    // A plan drawn at 1/4" = 1'-0" (18 pt = 1 ft) with named rooms, printed areas and the office's size.
    const { planSheet, PLAN_AREAS } = require('../services/documents/dist/test/analysis/pdf-plan-fixture.js');
    const { writePdf } = require('../services/documents/dist/test/analysis/pdf-fixture-writer.js');
    const sheet = planSheet({
      feetPerPoint: 1 / 18,
      note: 'SCALE: 1/4" = 1\'-0"',
      printedAreas: true,
      sizes: { OFFICE: `12'-0" x 10'-0"` },
    });
    const dir = mkdtempSync(join(tmpdir(), 'kerf-plan-'));
    const plan = join(dir, 'generated-plan.pdf');
    writeFileSync(plan, writePdf([sheet.page], 792, 612));

    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ]) {
      const { context, page, errors } = await withDocument(viewport, { project: 'Plan', file: plan });
      // Nothing runs off the side of the screen (the tools scroll within their bar), and the takeoff list's
      // button is in view beside them.
      assert.equal(
        await page.evaluate(() => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth),
        0,
        'no sideways scroll',
      );
      if (viewport === MOBILE) {
        const takeoff = await page.getByRole('button', { name: 'Takeoff' }).boundingBox();
        assert.ok(takeoff && takeoff.x + takeoff.width <= viewport.width, JSON.stringify(takeoff));
      }

      // The rooms, measured from the linework, drawn over the sheet and listed with their areas.
      if (viewport === MOBILE) await page.getByRole('button', { name: 'Takeoff' }).click();
      const list = page.getByTestId('takeoff-list').last();
      const office = list.getByRole('button', { name: /^OFFICE/ });
      await office.waitFor();
      const officeText = await office.innerText();
      const officeArea = Number(/([\d.,]+)\s*SF/.exec(officeText)?.[1].replace(/,/g, ''));
      assert.ok(Math.abs(officeArea - PLAN_AREAS.OFFICE) / PLAN_AREAS.OFFICE < 0.01, officeText);
      // What its tag prints, beside the measured area, to check one against the other.
      assert.ok(officeText.includes(`tag: 120 SF, 12'-0" x 10'-0"`), officeText);
      assert.ok((await page.locator('[data-testid="sheet-page"] svg polygon').count()) >= 4, 'room outlines drawn');

      // Selecting a room in the list highlights its outline on the sheet.
      await office.click();
      await page.waitForURL(/item=room%3AOFFICE/);
      await list.getByRole('button', { name: /^OFFICE/, pressed: true }).waitFor();
      await page.locator('[data-row-key="room:OFFICE"] polygon[data-selected="true"]').waitFor();
      await screenshot(page, `viewer-7-room-selected-${label}`);

      // The walls' length, each wall once, and the lines it was measured along, drawn when its row is chosen.
      // (A row chosen on the phone closes the takeoff sheet: it is opened again.)
      if (viewport === MOBILE) await page.getByRole('button', { name: 'Takeoff' }).click();
      await list.getByRole('button', { name: /^walls round the measured spaces/ }).click();
      const wallLines = page.locator(
        '[data-row-key="layer:walls round the measured spaces"] [data-testid="measured-lines"]',
      );
      await wallLines.waitFor();
      assert.ok(Number(await wallLines.getAttribute('data-lines')) >= 8, 'both faces of the rooms’ walls');
      if (viewport === MOBILE) await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await screenshot(page, `viewer-7-walls-selected-${label}`);
      if (viewport === MOBILE) {
        await context.close();
        continue;
      }

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
      await toastShown(page, 'Sent to materials');
      const materials = await page.evaluate(
        async (url) => (await fetch(url)).json(),
        `${suite.app.gatewayUrl}/api/materials?projectId=${projectId}`,
      );
      const material = materials.find((m) => m.source === 'takeoff');
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

  it('cuts a hole in an area measured by hand, drawn as a cut-out and taken off its quantity (desktop and mobile)', async () => {
    const { planSheet } = require('../services/documents/dist/test/analysis/pdf-plan-fixture.js');
    const { writePdf } = require('../services/documents/dist/test/analysis/pdf-fixture-writer.js');
    const sheet = planSheet({ feetPerPoint: 1 / 18, note: 'SCALE: 1/4" = 1\'-0"', printedAreas: true });
    const dir = mkdtempSync(join(tmpdir(), 'kerf-hole-'));
    const plan = join(dir, 'slab-plan.pdf');
    writeFileSync(plan, writePdf([sheet.page], 792, 612));

    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ]) {
      const { context, page, errors } = await withDocument(viewport, { project: 'Slab', file: plan });
      await page.getByRole('button', { name: 'Fit page (0)' }).click();
      // Measured each time: the tool's help line above the sheet moves it down.
      const at = async ([x, y]) => {
        const box = await page.getByTestId('sheet').boundingBox();
        const view = await sheetView(page);
        return { x: box.x + view.x + x * view.scale, y: box.y + view.y + y * view.scale };
      };
      const clickAll = async (points) => {
        // Shift: exactly where clicked, not snapped to the plan's corners.
        await page.keyboard.down('Shift');
        for (const point of points) {
          const { x, y } = await at(point);
          await page.mouse.click(x, y);
        }
        await page.keyboard.up('Shift');
      };

      // A 72 × 72 pt square clear of the plan: 16 SF at 1/4" = 1'-0"; finishing selects it.
      await page.keyboard.press('a');
      await clickAll([
        [620, 420],
        [692, 420],
        [692, 492],
        [620, 492],
      ]);
      await page.keyboard.press('Enter');
      // Clicks land within a fraction of a point of where they are aimed: ± 0.1 SF.
      const areaLabel = (pattern) => page.locator('[data-row-key^="item:"] text').filter({ hasText: pattern });
      await areaLabel(/Area 1 · (15\.9\d*|16(\.0\d*)?) SF/).waitFor();

      // Cut hole (H) on the selected area: a 36 × 36 pt hole in its middle takes 4 SF off.
      await page.getByRole('button', { name: 'Cut hole (H)' }).waitFor();
      await page.keyboard.press('h');
      await page.getByRole('button', { name: 'Cut hole (H)', pressed: true }).waitFor();
      // A corner outside the area is refused, and Backspace removes the last corner, as for an area.
      await clickAll([[600, 400]]);
      await page
        .getByRole('status')
        .getByText(/corners must be inside the area/)
        .waitFor();
      await clickAll([
        [638, 438],
        [674, 438],
        [680, 480],
      ]);
      await page.keyboard.press('Backspace');
      await clickAll([
        [674, 474],
        [638, 474],
      ]);
      await page.keyboard.press('Enter');
      await areaLabel(/Area 1 · (11\.9\d*|12(\.0\d*)?) SF/).waitFor();
      const cutOut = page.locator('[data-row-key^="item:"] path[data-holes="1"]');
      assert.equal(await cutOut.getAttribute('fill-rule'), 'evenodd');
      // The hole is not filled: the sheet shows through its middle.
      const middle = await at([656, 456]);
      const hit = await page.evaluate(
        ({ x, y }) => globalThis.document.elementFromPoint(x, y)?.tagName.toLowerCase(),
        middle,
      );
      assert.notEqual(hit, 'path', 'the middle of the hole is not part of the filled area');
      const items = await page.evaluate(
        async (url) => (await fetch(url)).json(),
        `${suite.app.gatewayUrl}/api/takeoff-items?documentId=${/\/documents\/([^/?]+)/.exec(page.url())[1]}`,
      );
      assert.equal(items.length, 1);
      assert.ok(Math.abs(Number(items[0].quantity) - 12) < 0.1, items[0].quantity);
      assert.deepEqual(
        items[0].holes.map((hole) => hole.length),
        [4],
        'one hole of four corners: the fourth click was taken back',
      );

      // The list shows the hole under the selected area, with what it takes off; removing it gives the 4 SF back.
      if (viewport === MOBILE) await page.getByRole('button', { name: 'Takeoff' }).click();
      const holes = page.getByTestId('takeoff-list').last().getByRole('listitem', { name: 'Holes in Area 1' });
      await holes.getByText(/−(3\.9\d*|4(\.0\d*)?) SF/).waitFor();
      await holes.scrollIntoViewIfNeeded();
      await screenshot(page, `viewer-11-hole-in-list-${label}`);
      await holes.getByRole('button', { name: 'Remove hole 1 from Area 1' }).click();
      await toastShown(page, 'Hole removed');
      await areaLabel(/Area 1 · (15\.9\d*|16(\.0\d*)?) SF/).waitFor();
      await page.locator('[data-row-key^="item:"] path[data-holes]').waitFor({ state: 'detached' });
      await holes.waitFor({ state: 'detached' });
      if (viewport === MOBILE) await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await screenshot(page, `viewer-10-area-with-hole-${label}`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  it('divides a corridor with a room boundary drawn on the sheet, measures its rooms again, and takes it away (desktop and mobile)', async () => {
    // An L-shaped corridor at 1/8" = 1'-0" with two zones and no line between them (page point = 100 + 9 × ft):
    // the analysis divides it at the corner, 180 and 144 SF.
    const { corridorSheet } = require('../services/documents/dist/test/analysis/pdf-corridor-fixture.js');
    const { writePdf } = require('../services/documents/dist/test/analysis/pdf-fixture-writer.js');
    const dir = mkdtempSync(join(tmpdir(), 'kerf-zones-'));
    const plan = join(dir, 'corridor-zones.pdf');
    writeFileSync(plan, writePdf([corridorSheet('zones')], 792, 612));

    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ]) {
      const { context, page, errors } = await withDocument(viewport, { project: 'Zones', file: plan });
      const list = page.getByTestId('takeoff-list').last();
      const openList = async () => {
        if (viewport === MOBILE) await page.getByRole('button', { name: 'Takeoff' }).click();
      };
      const closeList = async () => {
        if (viewport === MOBILE) await page.keyboard.press('Escape');
      };
      const room = (name, area) => list.getByRole('button', { name: new RegExp(`^${name}\\s*${area} SF`) });
      await openList();
      await room('CORRIDOR C-1', 180).waitFor();
      await room('CORRIDOR C-2', 144).waitFor();
      // The list says, folded under a count, that the division is the analysis's, and how to draw it instead.
      const roomNotes = list.getByText('1 note on rooms to check: draw a boundary with Boundary (B)');
      await roomNotes.click();
      const divided = list.getByText(
        /lie in one enclosed space .* draw the boundaries with the viewer’s Boundary tool/,
      );
      await divided.waitFor();
      // A room the note names is shown on the sheet: measured, so its row is selected (the list closes on a phone).
      await list.getByRole('button', { name: 'Show CORRIDOR C-2 on the sheet' }).click();
      await page.waitForURL(/item=room%3ACORRIDOR\+C-2/);
      if (viewport === MOBILE) await page.getByRole('dialog').waitFor({ state: 'detached' });

      // Boundary (B): across C-1's leg 20' from its end, wall face to wall face, exactly where clicked (Shift).
      await page.getByRole('button', { name: 'Fit page (0)' }).click();
      await page.keyboard.press('b');
      await page.getByRole('button', { name: /^Boundary \(B\)/, pressed: true }).waitFor();
      await page
        .getByRole('status')
        .getByText(/where the room ends on one wall/)
        .waitFor();
      await page.keyboard.down('Shift');
      for (const [x, y] of [
        [280, 104.5],
        [280, 158.5],
      ]) {
        const box = await page.getByTestId('sheet').boundingBox();
        const view = await sheetView(page);
        await page.mouse.click(box.x + view.x + x * view.scale, box.y + view.y + y * view.scale);
      }
      await page.keyboard.up('Shift');
      await toastShown(page, 'Boundary drawn');
      // Attached, not "visible": a plumb line's box has no width.
      await page.locator('[data-testid="room-boundary"]').waitFor({ state: 'attached' });

      // Measured again with it: C-1 is 19.5' × 6', C-2 takes the rest of the corridor.
      await openList();
      await room('CORRIDOR C-1', 117).waitFor({ timeout: 60_000 });
      await room('CORRIDOR C-2', 207).waitFor();
      await divided.waitFor({ state: 'detached' });
      await roomNotes.waitFor({ state: 'detached' });
      const boundaries = page.getByRole('region', { name: 'Room boundaries' }).last();
      await boundaries.getByText('Boundary 1').waitFor();
      await boundaries.getByText('6 ft').waitFor();
      await screenshot(page, `viewer-12-room-boundary-${label}`);

      // Taken away: the analysis's own division comes back.
      await boundaries.getByRole('button', { name: 'Remove boundary 1' }).click();
      await toastShown(page, 'Boundary removed');
      await room('CORRIDOR C-1', 180).waitFor({ timeout: 60_000 });
      await boundaries.waitFor({ state: 'detached' });
      await closeList();
      assert.equal(await page.locator('[data-testid="room-boundary"]').count(), 0);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
});
