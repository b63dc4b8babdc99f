/**
 * The corrections a user makes to a document, through the gateway and the real
 * services: the drawing units of a DXF whose header is wrong (issue 15) and the
 * calibrated scale of a PDF page (issue 16) and the room boundaries drawn on it. Each is stored with the document,
 * the analysis is redone through the analysis queue with the next revision, and
 * document-analyzed announces it once through the outbox.
 *
 * The Bishop-Overland floor plan says millimetres in its header and is drawn in
 * inches: its A-WALL layer is 8,596.117289 drawing units of linework (the
 * corpus's ezdxf ground truth), 716.3 ft when they are inches.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { startStack, type TestStack } from '@kerf/platform/testing';
import { corpusPath, readTruth } from './analysis/corpus';
import { analysisOf, uploadingUser, type Json, type UploadingUser } from './uploading-user';
import { vectorPdf } from './vector-pdf';
import { writePdf } from './analysis/pdf-fixture-writer';
import { corridorSheet } from './analysis/pdf-corridor-fixture';

const PLAN = 'skymakerolof-dxf_floorplan.dxf';
const A_WALL = 'xref-Bishop-Overland-08$0$A-WALL';

/** The analysis once its revision is at least `revision` and nothing is being redone. */
async function analysisAtRevision(user: UploadingUser, id: string, revision: number, timeoutMs = 90_000) {
  for (const until = Date.now() + timeoutMs; Date.now() < until;) {
    const { json } = await user.call('GET', `/api/documents/${id}/analysis`);
    if (json.revision >= revision && !json.reanalysis) return json as Json;
    if (json.reanalysisError) assert.fail(`redoing the analysis failed: ${json.reanalysisError}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`the analysis of ${id} never reached revision ${revision}`);
}

/** The analysis once a redone analysis has finished, whether it was stored or failed. */
async function analysisSettled(user: UploadingUser, id: string, timeoutMs = 90_000) {
  for (const until = Date.now() + timeoutMs; Date.now() < until;) {
    const { json } = await user.call('GET', `/api/documents/${id}/analysis`);
    if (!json.reanalysis && json.status !== 'pending' && json.status !== 'processing') return json as Json;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`the analysis of ${id} never settled`);
}

const layer = (analysis: Json, name: string) => {
  const found = analysis.layers?.find((l: Json) => l.name === name);
  assert.ok(found, `layer ${name} in ${JSON.stringify(analysis.layers?.map((l: Json) => l.name))}`);
  return found as { lengthFt: number; areaSqFt: number };
};

describe('corrections a user makes to a document', () => {
  let stack: TestStack;
  let documentsDb: Client;

  before(async () => {
    stack = await startStack(['identity', 'projects', 'billing', 'documents']);
    documentsDb = new Client({ connectionString: stack.databases.documents });
    await documentsDb.connect();
  });
  after(async () => {
    await documentsDb?.end();
    await stack?.stop();
  });

  /** The document-analyzed events of a document as the relay published them, oldest first. */
  async function publishedRevisions(documentId: string, expected: number): Promise<Array<number | undefined>> {
    for (const until = Date.now() + 30_000; ;) {
      const { rows } = await documentsDb.query(
        `SELECT envelope, published_at FROM outbox
          WHERE type = 'document-analyzed' AND envelope->'data'->>'documentId' = $1 ORDER BY created_at`,
        [documentId],
      );
      if ((rows.length >= expected && rows.every((row) => row.published_at)) || Date.now() > until)
        return rows.map((row) => row.envelope.data.revision as number | undefined);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  describe('drawing units', () => {
    let owner: UploadingUser;
    let planId: string;
    let original: Json;

    before(async () => {
      owner = await uploadingUser(stack, 'units');
      const { status, json } = await owner.upload([[PLAN, readFileSync(corpusPath(PLAN))]], {
        projectId: owner.projectId,
      });
      assert.equal(status, 201, JSON.stringify(json));
      planId = json.id;
      original = await analysisOf(owner, planId);
      assert.equal(original.status, 'analyzed', original.error);
    });

    it('reads the plan in its header’s millimetres first, and suggests inches', () => {
      assert.equal(original.revision, 1);
      assert.deepEqual(original.overrides, {});
      assert.equal(original.reanalysis, null);
      assert.deepEqual([original.units.source, original.units.usedAs, original.units.suggested], ['mm', 'mm', 'in']);
      assert.equal(layer(original, A_WALL).lengthFt.toFixed(1), '28.2');
      assert.ok(
        original.warnings.some((w: string) => /says it is in millimetres/.test(w) && /inches/.test(w)),
        JSON.stringify(original.warnings),
      );
    });

    it('recomputes the plan in inches when the user says so, and names who did', async () => {
      const put = await owner.call('PUT', `/api/documents/${planId}/units`, { units: 'in' });
      assert.equal(put.status, 200, JSON.stringify(put.json));
      // Until the new analysis is stored, the previous one is what there is to read.
      assert.equal(put.json.revision, 1);
      assert.equal(put.json.reanalysis, 'pending');
      assert.equal(put.json.units.usedAs, 'mm');
      assert.equal(put.json.overrides.units.unit, 'in');
      assert.equal(put.json.overrides.units.setBy, 'Test User');

      const after = await analysisAtRevision(owner, planId, 2);
      assert.equal(after.revision, 2);
      assert.equal(after.status, 'analyzed');
      assert.deepEqual([after.units.source, after.units.usedAs], ['mm', 'in']);
      assert.equal(after.units.suggested, undefined, 'nothing left to suggest');
      const truth = readTruth<{ layers: Record<string, { length: { total: number } }> }>(PLAN);
      const wallInches = truth.layers[A_WALL]!.length.total;
      assert.equal(wallInches.toFixed(1), '8596.1');
      const wall = layer(after, A_WALL).lengthFt;
      assert.ok(Math.abs(wall * 12 - wallInches) < 1e-6, `A-WALL ${wall * 12} in, truth ${wallInches} in`);
      assert.equal(wall.toFixed(1), '716.3');
      // Every length follows, not only the one asked about: 25.4 times the millimetre figures.
      for (const header of original.layers as Json[]) {
        const now = layer(after, header.name);
        assert.ok(Math.abs(now.lengthFt - header.lengthFt * 25.4) <= 1e-9 * Math.max(1, now.lengthFt), header.name);
      }
      const date = new Date(after.overrides.units.setAt).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      });
      // Beside it, only what the rooms now measured in inches say of the open living area.
      assert.deepEqual(
        after.warnings.filter((w: string) => !/^DINING ROOM, GREAT ROOM, .* not measured\./.test(w)),
        [`Drawing units set to inches by Test User on ${date}; the file's header says millimetres.`],
      );
      const wallQuantity = after.quantities.find((q: Json) => q.source.layer === A_WALL && q.unit === 'ft');
      assert.equal(wallQuantity.quantity, wall);
    });

    it('restores the header’s figures when set back to millimetres, still offering inches', async () => {
      const put = await owner.call('PUT', `/api/documents/${planId}/units`, { units: 'mm' });
      assert.equal(put.status, 200, JSON.stringify(put.json));
      const restored = await analysisAtRevision(owner, planId, 3);
      assert.deepEqual(restored.layers, original.layers);
      assert.deepEqual(restored.quantities, original.quantities);
      assert.deepEqual(restored.rooms, original.rooms);
      assert.deepEqual([restored.units.usedAs, restored.units.suggested], ['mm', 'in']);
      assert.equal(restored.warnings.length, 1);
      assert.match(
        restored.warnings[0],
        /^Drawing units set to millimetres by Test User on .*, as the file's header says\./,
      );
      assert.match(restored.warnings[0], /only make sense in inches/);
    });

    it('announces each analysis once, with a revision one higher each time', async () => {
      assert.deepEqual(await publishedRevisions(planId, 3), [1, 2, 3]);
    });

    it('refuses units it does not know, and changes nothing', async () => {
      for (const body of [{ units: 'yd' }, { units: 'inches' }, { units: 4 }, {}, { unit: 'in' }]) {
        const { status, json } = await owner.call('PUT', `/api/documents/${planId}/units`, body);
        assert.equal(status, 400, JSON.stringify(body));
        assert.equal(json.message, 'units must be one of in, ft, mm, cm or m.', JSON.stringify(body));
      }
      const { json } = await owner.call('GET', `/api/documents/${planId}/analysis`);
      assert.deepEqual([json.revision, json.reanalysis, json.overrides.units.unit], [3, null, 'mm']);
    });

    it('answers 404 for another user’s document or an unknown one', async () => {
      const stranger = await uploadingUser(stack, 'stranger');
      const theirs = await stranger.call('PUT', `/api/documents/${planId}/units`, { units: 'in' });
      assert.deepEqual([theirs.status, theirs.json.message], [404, 'Document not found']);
      const unknown = await owner.call('PUT', `/api/documents/00000000-0000-4000-8000-000000000000/units`, {
        units: 'in',
      });
      assert.equal(unknown.status, 404);
      const { json } = await owner.call('GET', `/api/documents/${planId}/analysis`);
      assert.deepEqual([json.revision, json.overrides.units.unit], [3, 'mm']);
    });

    it('sets units on drawings only', async () => {
      const { json: pdf } = await owner.upload([['sheet.pdf', vectorPdf(1)]], { projectId: owner.projectId });
      const { status, json } = await owner.call('PUT', `/api/documents/${pdf.id}/units`, { units: 'in' });
      assert.equal(status, 400);
      assert.equal(json.message, 'Drawing units can be set on DXF and DWG drawings only; sheet.pdf is a PDF file.');
    });

    it('keeps the previous analysis, and says why, when redoing it fails', async () => {
      // A DXF with a header and no drawing in it cannot be read in any units.
      const headerOnly = Buffer.from('0\nSECTION\n2\nHEADER\n9\n$INSUNITS\n70\n4\n0\nENDSEC\n0\nEOF\n', 'latin1');
      const { json: cut } = await owner.upload([['header-only.dxf', headerOnly]], { projectId: owner.projectId });
      const first = await analysisOf(owner, cut.id);
      assert.equal(first.status, 'failed');
      const put = await owner.call('PUT', `/api/documents/${cut.id}/units`, { units: 'in' });
      assert.equal(put.status, 200);
      const settled = await analysisSettled(owner, cut.id);
      assert.equal(settled.revision, 1);
      assert.equal(settled.error, first.error);
      assert.match(
        settled.reanalysisError,
        /^Kerf could not redo the analysis with your correction: The DXF file is corrupt/,
      );
      assert.deepEqual(await publishedRevisions(cut.id, 1), [1]);
    });
  });

  describe('PDF page calibration', () => {
    let owner: UploadingUser;
    let sheetId: string;
    const scale = (body: unknown, page: number | string = 1, id = sheetId, user = owner) =>
      user.call('PUT', `/api/documents/${id}/pages/${page}/scale`, body);

    before(async () => {
      owner = await uploadingUser(stack, 'calibrate');
      const { json } = await owner.upload([['two-sheets.pdf', vectorPdf(2)]], { projectId: owner.projectId });
      sheetId = json.id;
      const analysis = await analysisOf(owner, sheetId);
      assert.equal(analysis.status, 'analyzed', analysis.error);
      assert.equal(analysis.pages.length, 2);
    });

    it('stores the scale of a 180 pt line said to be 10 ft, 1/18 ft per point, and redoes the analysis', async () => {
      const put = await scale({ from: [100, 92], to: [280, 92], distance: 10, unit: 'ft' });
      assert.equal(put.status, 200, JSON.stringify(put.json));
      assert.equal(put.json.reanalysis, 'pending');
      const after = await analysisAtRevision(owner, sheetId, 2);
      const stored = after.overrides.pageScales['1'];
      assert.ok(Math.abs(stored.feetPerPoint - 1 / 18) < 1e-12, String(stored.feetPerPoint));
      assert.equal(stored.setBy, 'Test User');
      // The line it was measured on: on a sheet of several scales, it tells which drawing was calibrated.
      assert.deepEqual(stored.line, { from: [100, 92], to: [280, 92] });
      assert.equal(after.overrides.pageScales['2'], undefined);
      assert.deepEqual(await publishedRevisions(sheetId, 2), [1, 2]);
    });

    it('calibrates each page on its own, from any direction and unit', async () => {
      // The same 180 pt, drawn right to left on page 2 and given as 120 inches.
      const put = await scale({ from: [280, 92], to: [100, 92], distance: 120, unit: 'in' }, 2);
      assert.equal(put.status, 200, JSON.stringify(put.json));
      const after = await analysisAtRevision(owner, sheetId, 3);
      assert.ok(Math.abs(after.overrides.pageScales['2'].feetPerPoint - 1 / 18) < 1e-12);
      assert.ok(Math.abs(after.overrides.pageScales['1'].feetPerPoint - 1 / 18) < 1e-12, 'page 1 is kept');
      // A 3 m line of 170.08 pt (60 mm on paper): 1:50.
      await scale({ from: [0, 0], to: [0, 170.0787], distance: 3, unit: 'm' }, 2);
      const metric = await analysisAtRevision(owner, sheetId, 4);
      assert.ok(Math.abs(metric.overrides.pageScales['2'].feetPerPoint - 3 / 0.3048 / 170.0787) < 1e-12);
    });

    it('answers every nonsense calibration 400 with what is wrong, and changes nothing', async () => {
      const good = { from: [100, 92], to: [280, 92], distance: 10, unit: 'ft' };
      const cases: Array<[unknown, number | string, string]> = [
        [
          { ...good, to: [100, 92] },
          1,
          'from and to are the same point: draw the line between two different points of the page.',
        ],
        [{ ...good, distance: 0 }, 1, 'distance must be a number greater than zero: the real length of the line.'],
        [{ ...good, distance: -10 }, 1, 'distance must be a number greater than zero: the real length of the line.'],
        [{ ...good, distance: 'ten' }, 1, 'distance must be a number greater than zero: the real length of the line.'],
        [
          { ...good, distance: undefined },
          1,
          'distance must be a number greater than zero: the real length of the line.',
        ],
        [{ ...good, unit: 'yd' }, 1, 'unit must be one of in, ft, mm, cm or m.'],
        [{ ...good, from: [100] }, 1, 'from must be a point [x, y] on the page, in points.'],
        [{ ...good, to: 'here' }, 1, 'to must be a point [x, y] on the page, in points.'],
        [good, 3, 'Page 3 is out of range: two-sheets.pdf has 2 pages (1 to 2).'],
        [good, 0, 'Page 0 is out of range: two-sheets.pdf has 2 pages (1 to 2).'],
        [good, 'first', 'The page must be a page number (1, 2, …), not "first".'],
      ];
      for (const [body, page, message] of cases) {
        const { status, json } = await scale(body, page);
        assert.deepEqual([status, json.message], [400, message], `${JSON.stringify(body)} on page ${page}`);
      }
      const { json } = await owner.call('GET', `/api/documents/${sheetId}/analysis`);
      assert.deepEqual([json.revision, json.reanalysis], [4, null]);
      assert.ok(Math.abs(json.overrides.pageScales['1'].feetPerPoint - 1 / 18) < 1e-12);
    });

    it('calibrates PDFs only', async () => {
      const { json: drawing } = await owner.upload([[PLAN, readFileSync(corpusPath(PLAN))]], {
        projectId: owner.projectId,
      });
      const { status, json } = await scale({ from: [0, 0], to: [10, 0], distance: 1, unit: 'ft' }, 1, drawing.id);
      assert.equal(status, 400);
      assert.equal(
        json.message,
        `Only the pages of a PDF can be calibrated; ${PLAN} is a DXF file: set its drawing units instead.`,
      );
    });

    it('answers 404 for another user’s PDF', async () => {
      const stranger = await uploadingUser(stack, 'stranger');
      const { status } = await scale(
        { from: [100, 92], to: [280, 92], distance: 10, unit: 'ft' },
        1,
        sheetId,
        stranger,
      );
      assert.equal(status, 404);
    });
  });

  describe('room boundaries drawn on a PDF page', () => {
    let owner: UploadingUser;
    let sheetId: string;
    // The L-shaped corridor of pdf-corridor-fixture.ts (1/8" = 1'-0"): a page point is (100 + 9 × ft, 100 + 9 × ft).
    const at = (xFt: number, yFt: number) => [100 + 9 * xFt, 100 + 9 * yFt];
    const across = { from: at(20, 0.5), to: at(20, 6.5) };
    const draw = (body: unknown, page: number | string = 1, id = sheetId, user = owner) =>
      user.call('PUT', `/api/documents/${id}/pages/${page}/boundaries`, body);
    const areas = (analysis: Json) =>
      Object.fromEntries(analysis.rooms.map((room: Json) => [room.name, room.areaSqFt]));

    before(async () => {
      owner = await uploadingUser(stack, 'boundaries');
      const { json } = await owner.upload([['zones.pdf', writePdf([corridorSheet('zones')], 792, 612)]], {
        projectId: owner.projectId,
      });
      sheetId = json.id;
      const analysis = await analysisOf(owner, sheetId);
      assert.equal(analysis.status, 'analyzed', analysis.error);
      assert.deepEqual(areas(analysis), { 'CORRIDOR C-1': 180, 'CORRIDOR C-2': 144 });
    });

    it('stores the lines, measures the rooms again with them, and takes them away again', async () => {
      const put = await draw({ lines: [across] });
      assert.equal(put.status, 200, JSON.stringify(put.json));
      assert.equal(put.json.reanalysis, 'pending');
      const divided = await analysisAtRevision(owner, sheetId, 2);
      assert.deepEqual(areas(divided), { 'CORRIDOR C-1': 117, 'CORRIDOR C-2': 207 });
      const stored = divided.overrides.pageBoundaries['1'];
      assert.deepEqual(stored.lines, [across]);
      assert.equal(stored.setBy, 'Test User');

      const cleared = await draw({ lines: [] });
      assert.equal(cleared.status, 200, JSON.stringify(cleared.json));
      const again = await analysisAtRevision(owner, sheetId, 3);
      assert.deepEqual(areas(again), { 'CORRIDOR C-1': 180, 'CORRIDOR C-2': 144 });
      assert.equal(again.overrides.pageBoundaries['1'], undefined);
      assert.deepEqual(await publishedRevisions(sheetId, 3), [1, 2, 3]);
    });

    it('answers every nonsense boundary 400 with what is wrong, and changes nothing', async () => {
      const cases: Array<[unknown, number | string, string]> = [
        [
          { lines: [{ from: at(20, 1), to: at(20, 1) }] },
          1,
          'The boundary: from and to are the same point: draw it from one wall to another.',
        ],
        [
          { lines: [across, { from: [10, 10], to: [900, 10] }] },
          1,
          'Boundary 2: to [900, 10] is outside the page, which is 792 × 612 points (origin top left, y down).',
        ],
        [{ lines: [{ from: [10], to: [20, 20] }] }, 1, 'from must be a point [x, y] on the page, in points.'],
        [{ lines: 'across' }, 1, 'lines must be a list of boundaries: [{ "from": [x, y], "to": [x, y] }, …].'],
        [{ lines: Array.from({ length: 201 }, () => across) }, 1, 'A page takes at most 200 boundaries.'],
        [{ lines: [across] }, 2, 'Page 2 is out of range: zones.pdf has 1 page (1 to 1).'],
        [{ lines: [across] }, 'first', 'The page must be a page number (1, 2, …), not "first".'],
      ];
      for (const [body, page, message] of cases) {
        const { status, json } = await draw(body, page);
        assert.deepEqual(
          [status, json.message],
          [400, message],
          `${JSON.stringify(body).slice(0, 80)} on page ${page}`,
        );
      }
      const { json } = await owner.call('GET', `/api/documents/${sheetId}/analysis`);
      assert.deepEqual([json.revision, json.reanalysis], [3, null]);
      assert.equal(json.overrides.pageBoundaries['1'], undefined);
    });

    it('draws on PDFs only, and not on another user’s', async () => {
      const { json: drawing } = await owner.upload([[PLAN, readFileSync(corpusPath(PLAN))]], {
        projectId: owner.projectId,
      });
      const notPdf = await draw({ lines: [across] }, 1, drawing.id);
      assert.deepEqual(
        [notPdf.status, notPdf.json.message],
        [400, `Room boundaries are drawn on the pages of a PDF; ${PLAN} is a DXF file.`],
      );
      const stranger = await uploadingUser(stack, 'boundary-stranger');
      assert.equal((await draw({ lines: [across] }, 1, sheetId, stranger)).status, 404);
    });
  });
});
