import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { DocumentAnalysis } from '@kerf/contracts';
import type { DocumentsOfProject, PageText, ProjectAnalysis } from '@kerf/contracts/generated/kerf/documents';
import type { Documents } from '@kerf/platform';
import { DocumentLibrary } from './document-library';
import { LocalAssistant } from './local-assistant';

const PLAN_TEXT = ['AF101 FIRST FLOOR FINISH PLAN\nVCT-1 VINYL COMPOSITION TILE\nCPT-1 CARPET TILE', 'AF600 SCHEDULE'];

/** A project as the documents service answers it: a PDF of two sheets, a DXF (no pages) and a file still pending. */
function documentsService() {
  const calls: Array<[string, DocumentsOfProject]> = [];
  const pdf: DocumentAnalysis = {
    status: 'analyzed',
    kind: 'pdf',
    quantities: [],
    // As ListAnalyses sends them: the pages without their text.
    pages: [
      { number: 1, sheetNumber: 'AF101', title: 'FIRST FLOOR FINISH PLAN' },
      { number: 2, sheetNumber: 'AF600', title: 'SCHEDULE' },
    ] as DocumentAnalysis['pages'],
  };
  const dxf: DocumentAnalysis = { status: 'analyzed', kind: 'dxf', quantities: [], blocks: [] };
  const document = (id: string, filename: string, filetype: string, status: string) => ({
    id,
    projectId: 'p',
    filename,
    filetype,
    filesize: '1',
    documentType: 'project',
    uploadedAt: '2026-01-01T00:00:00.000Z',
    status,
    sha256: '',
  });
  const analyses: ProjectAnalysis[] = [
    { document: document('pdf', 'finish-plan.pdf', 'pdf', 'analyzed'), analysisJson: JSON.stringify(pdf), revision: 2 },
    { document: document('dxf', 'walls.dxf', 'dxf', 'analyzed'), analysisJson: JSON.stringify(dxf), revision: 1 },
    { document: document('new', 'new.pdf', 'pdf', 'pending'), analysisJson: '', revision: 0 },
  ];
  const stream = <T>(messages: T[]) =>
    (async function* () {
      yield* messages;
    })();
  const refused = () => assert.fail('a document at a time is what the batched reads replace');
  const service = {
    listAnalyses: (request: DocumentsOfProject) => {
      calls.push(['listAnalyses', request]);
      return stream(analyses);
    },
    getPageTexts: (request: DocumentsOfProject) => {
      calls.push(['getPageTexts', request]);
      const texts: PageText[] = request.documentIds.includes('pdf')
        ? PLAN_TEXT.map((text, i) => ({ documentId: 'pdf', page: i + 1, text }))
        : [];
      return stream(texts);
    },
    getAnalysis: refused,
    listDocuments: refused,
  };
  return { documents: service as unknown as Documents, calls };
}

describe('the documents of a question', () => {
  it('come with their analyses in one call, without the pages’ text', async () => {
    const { documents, calls } = documentsService();
    const library = new DocumentLibrary(documents, 'p', []);
    assert.deepEqual(
      (await library.list()).map((d) => [d.id, d.status]),
      [
        ['pdf', 'analyzed'],
        ['dxf', 'analyzed'],
        ['new', 'pending'],
      ],
    );
    const analysed = await library.analysed();
    assert.deepEqual(
      analysed.map((d) => [d.id, d.analysis.revision]),
      [
        ['pdf', 2],
        ['dxf', 1],
      ],
    );
    assert.equal(analysed[0]!.analysis.pages![0]!.text, undefined);
    assert.equal(await library.analysis('new'), null);
    assert.deepEqual(calls, [['listAnalyses', { projectId: 'p', documentIds: [] }]]);
  });

  it('fetch the pages’ text once, in one more call, only for the documents that have pages', async () => {
    const { documents, calls } = documentsService();
    const library = new DocumentLibrary(documents, 'p', ['pdf', 'dxf']);
    assert.deepEqual((await library.analysis('dxf', { pageText: true }))?.kind, 'dxf');
    assert.equal(calls.length, 1, 'a drawing without pages needs no text');
    const read = await library.analysed({ pageText: true });
    assert.deepEqual(
      read[0]!.analysis.pages!.map((page) => [page.number, page.text]),
      PLAN_TEXT.map((text, i) => [i + 1, text]),
    );
    await library.analysed({ pageText: true });
    await library.analysis('pdf', { pageText: true });
    assert.deepEqual(calls, [
      ['listAnalyses', { projectId: 'p', documentIds: ['pdf', 'dxf'] }],
      ['getPageTexts', { projectId: 'p', documentIds: ['pdf'] }],
    ]);
  });

  it('give the local assistant the words of the sheets it answers from', async () => {
    const { documents } = documentsService();
    const reply = await new LocalAssistant().reply({
      question: 'Which finish codes do the sheets define?',
      history: [],
      preferences: { responseStyle: 'standard' },
      library: new DocumentLibrary(documents, 'p', []),
    });
    assert.match(reply.content, /VCT-1: VINYL COMPOSITION TILE \(finish-plan\.pdf, sheet AF101, page 1\)/);
    assert.match(reply.content, /CPT-1: CARPET TILE/);
  });
});
