/**
 * SearchDocuments, the chat's document search, over real documents uploaded
 * through the gateway and analysed by the service: the VA finish plan of the
 * corpus (sheet AF101 on page 1, the room finish schedule AF600 on page 2) and
 * two spec sections saved by LibreOffice, firestopping as DOCX and door
 * hardware as Word 97 DOC.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { startStack, type TestStack } from '@kerf/platform/testing';
import { corpusPath } from './analysis/corpus';
import { documentsGrpc, type DocumentsGrpc } from './documents-grpc';
import { analysisOf, fixturePath, uploadingUser, type UploadingUser } from './uploading-user';
import { xlsxWorkbook } from './workbook';

const PLAN = 'opentakeoff_va-sample-finish-plan.pdf';
const SPEC = 'firestopping-spec.docx';
const HARDWARE = 'door-hardware-spec.doc';

describe('searching the text of analysed documents', () => {
  let stack: TestStack;
  let grpc: DocumentsGrpc;
  let alice: UploadingUser;
  let plan: string;
  let spec: string;
  let hardware: string;

  before(async () => {
    stack = await startStack(['identity', 'projects', 'billing', 'documents']);
    grpc = documentsGrpc(`127.0.0.1:${stack.services.documents!.env.GRPC_PORT}`);
    alice = await uploadingUser(stack, 'alice');
    const { status, json } = await alice.upload(
      [
        [PLAN, readFileSync(corpusPath(PLAN))],
        [SPEC, readFileSync(fixturePath(SPEC))],
        [HARDWARE, readFileSync(fixturePath(HARDWARE))],
      ],
      { projectId: alice.projectId },
    );
    assert.equal(status, 201, JSON.stringify(json));
    [plan, spec, hardware] = json.map((document: { id: string }) => document.id);
    for (const id of [plan, spec, hardware]) {
      const analysis = await analysisOf(alice, id);
      assert.equal(analysis.status, 'analyzed', analysis.error);
    }
  });
  after(async () => {
    grpc?.close();
    await stack?.stop();
  });

  const search = (user: UploadingUser, query: string, projectId = user.projectId) =>
    grpc.search(user.id, { projectId, query, documentIds: [], limit: 0 });

  it('finds a word of the finish schedule on the PDF’s second page, and not in the spec', async () => {
    const hits = await search(alice, 'Johnsonite');
    assert.ok(hits.length > 0, 'Johnsonite is a base manufacturer in the room finish schedule');
    assert.deepEqual(
      [hits[0]!.documentId, hits[0]!.filename, hits[0]!.page, hits[0]!.sheet],
      [plan, PLAN, 2, 'AF600 MATERIAL AND ROOM FINISH SCHEDULE'],
    );
    assert.match(hits[0]!.snippet, /<b>JOHNSONITE<\/b>/i);
    assert.ok(!hits.some((hit) => hit.documentId === spec));
  });

  it('finds a general note on the plan’s first sheet', async () => {
    const [first] = await search(alice, 'sealant');
    assert.deepEqual([first?.documentId, first?.page, first?.sheet], [plan, 1, 'AF101 FIRST FLOOR FINISH PLAN']);
  });

  it('finds the spec’s words in the DOCX, ranked first, with the plan nowhere', async () => {
    const hits = await search(alice, 'intumescent firestop collars');
    // Once, on its page: the quantity written there ("24 EA") does not add a page 0 above it.
    assert.deepEqual(
      hits.map((hit) => [hit.documentId, hit.page]),
      [[spec, 1]],
    );
    assert.match(hits[0]!.snippet, /<b>intumescent<\/b>/);
  });

  it('finds the words of a Word 97 DOC', async () => {
    const hits = await search(alice, 'mortise locksets');
    assert.deepEqual(
      hits.map((hit) => [hit.documentId, hit.filename, hit.page]),
      [[hardware, HARDWARE, 1]],
    );
    assert.match(hits[0]!.snippet, /<b>mortise<\/b> <b>locksets<\/b>/);
  });

  it('keeps to the documents asked for', async () => {
    const onlyPlan = await grpc.search(alice.id, {
      projectId: alice.projectId,
      query: 'intumescent',
      documentIds: [plan],
      limit: 0,
    });
    assert.deepEqual(onlyPlan, []);
  });

  it('answers nothing for a query of nonsense, and no error for stray punctuation', async () => {
    assert.deepEqual(await search(alice, 'qzxvbnmw plorfendicular'), []);
    assert.deepEqual(await search(alice, '"&| !! :* ()'), []);
    assert.deepEqual(await search(alice, '   '), []);
  });

  it('analyses a sheet with more distinct words than one search entry holds, and finds its first rows', async () => {
    // 100,000 different item codes: about 1.6 MB of search terms, over Postgres's 1 MB per entry.
    const code = (i: number) => createHash('md5').update(String(i)).digest('hex').slice(0, 12);
    const rows = [['Item code'], ...Array.from({ length: 100_000 }, (_, i) => [code(i + 1)])];
    const bytes = await xlsxWorkbook({ Items: rows });
    const carol = await uploadingUser(stack, 'carol');
    const { json } = await carol.upload([['item-codes.xlsx', bytes]], { projectId: carol.projectId });
    const analysis = await analysisOf(carol, json.id, 30_000);
    assert.equal(analysis.status, 'analyzed', analysis.error);
    assert.match(analysis.warnings.join(' '), /Page 1 \(Items\) .* only its first [\d,]+ characters can be searched/);
    const [hit] = await search(carol, code(1));
    assert.deepEqual([hit?.documentId, hit?.page, hit?.sheet], [json.id, 1, 'Items']);
  });

  it('never shows another user the documents, whatever project or ids they name', async () => {
    const bob = await uploadingUser(stack, 'bob');
    assert.deepEqual(await search(bob, 'Johnsonite'), [], 'his own project has none of her documents');
    const intoHers = await search(bob, 'Johnsonite', alice.projectId).then(
      () => assert.fail('searching her project answered'),
      (error: { code?: number }) => error,
    );
    assert.equal(intoHers.code, GrpcStatus.NOT_FOUND);
    const byIds = await grpc.search(bob.id, {
      projectId: bob.projectId,
      query: 'Johnsonite OR intumescent OR locksets',
      documentIds: [plan, spec, hardware],
      limit: 0,
    });
    assert.deepEqual(byIds, []);
  });

  it('answers every document of a project with its analysis in one stream, the pages without their text', async () => {
    const analyses = await grpc.listAnalyses(alice.id, { projectId: alice.projectId, documentIds: [] });
    assert.equal(analyses.length, 3);
    assert.deepEqual(new Set(analyses.map(({ document }) => document?.id)), new Set([plan, spec, hardware]));
    const { json: full } = await alice.call('GET', `/api/documents/${plan}/analysis`);
    const mine = analyses.find(({ document }) => document?.id === plan)!;
    assert.equal(mine.document?.status, 'analyzed');
    assert.equal(mine.revision, full.revision);
    const stripped = JSON.parse(mine.analysisJson);
    assert.equal(stripped.pages.length, 2);
    assert.ok(
      stripped.pages.every((page: object) => !('text' in page)),
      'no page text',
    );
    // Everything else is the analysis as stored: the sheets, their scales and schedules, the rooms.
    const withoutText = full.pages.map(({ text: _text, ...page }: { text: string }) => page);
    assert.deepEqual(stripped.pages, withoutText);
    assert.deepEqual(stripped.rooms, full.rooms);
    assert.deepEqual(stripped.quantities, full.quantities);
  });

  it('gives the pages’ text on its own, page by page, for the documents asked for', async () => {
    const { json: full } = await alice.call('GET', `/api/documents/${plan}/analysis`);
    const texts = await grpc.pageTexts(alice.id, { projectId: alice.projectId, documentIds: [plan] });
    assert.deepEqual(
      texts.map(({ documentId, page, text }) => [documentId, page, text]),
      full.pages.map((page: { number: number; text: string }) => [plan, page.number, page.text]),
    );
    assert.match(texts[1]!.text, /JOHNSONITE/i);
    const onlySpec = await grpc.listAnalyses(alice.id, { projectId: alice.projectId, documentIds: [spec] });
    assert.deepEqual(
      onlySpec.map(({ document }) => document?.id),
      [spec],
    );
  });

  it('answers another user neither her analyses nor her pages’ text', async () => {
    const bob = await uploadingUser(stack, 'bob-reads');
    const request = { projectId: alice.projectId, documentIds: [] };
    assert.deepEqual(await grpc.listAnalyses(bob.id, request), []);
    assert.deepEqual(await grpc.pageTexts(bob.id, request), []);
    assert.deepEqual(await grpc.pageTexts(bob.id, { projectId: alice.projectId, documentIds: [plan] }), []);
  });
});
