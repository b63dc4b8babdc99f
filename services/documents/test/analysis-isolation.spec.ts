/**
 * A file that makes the analyser exhaust its memory, or read past the time
 * limit, fails that document only: the document uploaded with it is still
 * analysed, and the service goes on serving without a restart. The files are
 * small, valid uploads that unpack to far more than they look (an Office file
 * is a ZIP, and repeated XML compresses a thousandfold).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Zip, ZipDeflate, strToU8 } from 'fflate';
import { startStack, type KerfProcess, type TestStack } from '@kerf/platform/testing';
import { analysisOf, fixturePath, uploadingUser, type Json } from './uploading-user';

/** A ZIP whose part `name` is `head`, then `unit` `times` times, then `tail`; streamed, never held whole. */
function zipWithRepeatedPart(
  parts: Record<string, string>,
  name: string,
  [head, unit, tail]: [string, string, string],
  times: number,
): Buffer {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, data) => {
    if (error) throw error;
    chunks.push(data);
  });
  for (const [partName, text] of Object.entries(parts)) {
    const part = new ZipDeflate(partName, { level: 9 });
    zip.add(part);
    part.push(strToU8(text), true);
  }
  const big = new ZipDeflate(name, { level: 9 });
  zip.add(big);
  big.push(strToU8(head));
  const block = strToU8(unit.repeat(10_000));
  for (let i = 0; i < times / 10_000; i++) big.push(block);
  big.push(strToU8(tail), true);
  zip.end();
  return Buffer.concat(chunks);
}

/** A DOCX of 4 million one-line paragraphs: 200 MB of text, about 0.6 MB uploaded. */
const longDocx = () =>
  zipWithRepeatedPart(
    { '[Content_Types].xml': '<Types/>' },
    'word/document.xml',
    ['<w:document><w:body>', '<w:p><w:r><w:t>Provide 14 ea doors</w:t></w:r></w:p>', '</w:body></w:document>'],
    4_000_000,
  );

const SPREADSHEET_ML = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A well-formed XLSX takeoff of a million identical rows: 110 MB of sheet XML, about 0.4 MB uploaded. */
const longXlsx = () =>
  zipWithRepeatedPart(
    {
      '[Content_Types].xml':
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      '_rels/.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      'xl/workbook.xml': `<workbook xmlns="${SPREADSHEET_ML}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="Takeoff" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      'xl/_rels/workbook.xml.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    },
    'xl/worksheets/sheet1.xml',
    [
      `<worksheet xmlns="${SPREADSHEET_ML}"><sheetData>`,
      '<row><c t="inlineStr"><is><t>Rubber base</t></is></c><c><v>12</v></c><c t="inlineStr"><is><t>LF</t></is></c></row>',
      '</sheetData></worksheet>',
    ],
    1_000_000,
  );

/**
 * Uploads the heavy file and a small real spec together (the heavy one first,
 * so the queue reaches it first) and answers both analyses.
 */
async function uploadBesideSpec(stack: TestStack, heavy: [string, Buffer]): Promise<[Json, Json, Json]> {
  const user = await uploadingUser(stack);
  const spec = readFileSync(fixturePath('firestopping-spec.docx'));
  const { status, json } = await user.upload([heavy, ['firestopping-spec.docx', spec]], { projectId: user.projectId });
  assert.equal(status, 201, JSON.stringify(json));
  const [heavyAnalysis, specAnalysis] = [await analysisOf(user, json[0].id), await analysisOf(user, json[1].id)];
  const listed = (await user.call('GET', `/api/documents?projectId=${user.projectId}`)).json;
  return [heavyAnalysis, specAnalysis, listed];
}

/** The service is the same process as before and still answers. */
async function assertStillServing(stack: TestStack, service: KerfProcess, pid: number | undefined) {
  assert.ok(service.running, 'the documents service is still running');
  assert.equal(service.pid, pid, 'and was not restarted');
  const user = await uploadingUser(stack);
  assert.equal((await user.call('GET', `/api/documents?projectId=${user.projectId}`)).status, 200);
}

describe('an analysis that exhausts its memory', () => {
  let stack: TestStack;
  // The analyser's heap at its smallest: 200 MB of text cannot fit.
  before(
    async () =>
      (stack = await startStack(['identity', 'projects', 'billing', 'documents'], {
        documents: { ANALYSIS_MAX_OLD_SPACE_MB: '128' },
      })),
  );
  after(() => stack?.stop());

  it('fails that document with what to do, and analyses the one uploaded with it', async () => {
    const service = stack.services.documents!;
    const pid = service.pid;
    const [heavy, spec, listed] = await uploadBesideSpec(stack, ['door-schedule.docx', longDocx()]);
    assert.equal(heavy.status, 'failed');
    assert.equal(
      heavy.error,
      'This file needs more memory to read than the analyser has. Split it into smaller files and upload them again.',
    );
    assert.equal(spec.status, 'analyzed', spec.error);
    assert.match(spec.pages[0].text, /intumescent firestop collars/);
    // The documents panel shows the reason beside the file.
    assert.deepEqual(listed.map((d: Json) => [d.filename, d.status, d.error ?? null]).sort(), [
      ['door-schedule.docx', 'failed', heavy.error],
      ['firestopping-spec.docx', 'analyzed', null],
    ]);
    await assertStillServing(stack, service, pid);
  });
});

describe('an analysis that runs past ANALYSIS_TIMEOUT_MS', () => {
  let stack: TestStack;
  // Two seconds: a million rows take the analyser about six; the small spec a fifth of one.
  before(
    async () =>
      (stack = await startStack(['identity', 'projects', 'billing', 'documents'], {
        documents: { ANALYSIS_TIMEOUT_MS: '2000' },
      })),
  );
  after(() => stack?.stop());

  it('is stopped and fails that document, and the one uploaded with it is analysed', async () => {
    const service = stack.services.documents!;
    const pid = service.pid;
    const started = Date.now();
    const [heavy, spec] = await uploadBesideSpec(stack, ['takeoff.xlsx', longXlsx()]);
    assert.equal(heavy.status, 'failed');
    assert.equal(
      heavy.error,
      'Reading this file took longer than 2 seconds and was stopped. Split it into smaller files and upload them again.',
    );
    assert.equal(spec.status, 'analyzed', spec.error);
    assert.ok(Date.now() - started < 15_000, 'stopped at the limit, not left to finish');
    await assertStillServing(stack, service, pid);
  });
});
