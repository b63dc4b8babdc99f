import { Client } from 'pg';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { connectNats, eventSubject } from '@kerf/platform';
import type { TestStack } from '@kerf/platform/testing';
import type { SubscriptionEventData } from '@kerf/contracts';
import { documentsStack, type DocumentsStack } from './documents-stack';
import { corpusPath, readTruth } from './analysis/corpus';
import { dxfPairs, line, lwpolyline, textDxf, insert, block } from './analysis/dxf-fixture-writer';
import { writePdf } from './analysis/pdf-fixture-writer';
import { analysisOf, fixturePath, uploadingUser, type Json } from './uploading-user';
import { xlsxWorkbook } from './workbook';
import { analyzeDocument } from '../src/analysis/analyze-document';
import { sourceWorkbook } from './analysis/xls-fixture-sources';

/** A tiny but whole PNG (IHDR, IDAT, IEND) of the given size, with `textBytes` of a text chunk. */
function png(width: number, height: number, textBytes = 0): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'latin1');
    data.copy(out, 8);
    out.writeUInt32BE(0, 8 + data.length); // CRC is not checked by the reader
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  const rows = Buffer.alloc((width + 1) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    ...(textBytes ? [chunk('tEXt', Buffer.alloc(textBytes, 32))] : []),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A baseline JPEG header with its frame size, and the end marker. */
function jpeg(width: number, height: number): Buffer {
  const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 0x03];
  for (let c = 1; c <= 3; c++) sof.push(c, 0x11, 0x00);
  return Buffer.from([0xff, 0xd8, ...sof, 0xff, 0xd9]);
}

const zip = (files: Record<string, string>) =>
  Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]))));

const workbook = () =>
  xlsxWorkbook({
    Takeoff: [
      ['Description', 'Qty', 'Unit'],
      ['Slab on grade concrete', 15, 'CY'],
      ['Rubber base', 1200, 'LF'],
    ],
  });

type SubscriptionEvent = 'subscription-confirmed' | 'subscription-updated' | 'subscription-cancelled';

const COST_SCHEDULE = 'ifcopenshell_sample_cost_schedule_house_FR.ods';

/**
 * The cost schedule's lines as the file itself states them, read straight from
 * its content.xml: each row whose Quantity cell holds a positive number and
 * whose Unit cell is filled, as [Identification Name, quantity, unit, row].
 */
function costScheduleLines(): Array<[string, number, string, number]> {
  const xml = new TextDecoder().decode(
    unzipSync(readFileSync(corpusPath(COST_SCHEDULE)), { filter: (f) => f.name === 'content.xml' })['content.xml'],
  );
  const text = (cell: string) =>
    cell
      .replace(/<[^>]+>/g, '')
      .replace(/&amp;/g, '&')
      .replace(/&apos;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .trim();
  const lines: Array<[string, number, string, number]> = [];
  let rowNumber = 0;
  for (const [, rowAttributes, body] of xml.matchAll(/<table:table-row(\s[^>]*)?>([\s\S]*?)<\/table:table-row>/g)) {
    rowNumber += Number(/number-rows-repeated="(\d+)"/.exec(rowAttributes ?? '')?.[1] ?? 1);
    const cells: Array<{ value?: string; text: string }> = [];
    for (const [, attributes, inner] of body!.matchAll(
      /<table:(?:covered-)?table-cell([^>]*?)(?:\/>|>([\s\S]*?)<\/table:(?:covered-)?table-cell>)/g,
    )) {
      const repeat = Math.min(Number(/number-columns-repeated="(\d+)"/.exec(attributes!)?.[1] ?? 1), 64);
      const value = /office:value="([^"]*)"/.exec(attributes!)?.[1];
      for (let i = 0; i < repeat; i++) cells.push({ value, text: text(inner ?? '') });
    }
    // Columns: Hierarchy, Identification, Name, Quantity, Unit.
    const quantity = Number(cells[3]?.value ?? NaN);
    if (quantity > 0 && cells[4]?.text && cells[2]?.text)
      lines.push([`${cells[1]!.text} ${cells[2].text}`.replace(/\s+/g, ' '), quantity, cells[4].text, rowNumber]);
  }
  return lines;
}

describe('documents through the gateway', () => {
  let docs: DocumentsStack;
  let stack: TestStack;

  const entitledUser = () => uploadingUser(stack);

  /** Sets the user's subscription in billing's own database (no event: the tests deliver those themselves). */
  const billingSays = async (userId: string, status: string, periodEndDays: number | null) => {
    const billing = new Client({ connectionString: stack.databases.billing });
    await billing.connect();
    try {
      await billing.query(
        `UPDATE subscriptions SET status = $2, current_period_end = now() + make_interval(days => $3) WHERE user_id = $1`,
        [userId, status, periodEndDays],
      );
    } finally {
      await billing.end();
    }
  };

  const counts = async () => ({
    rows: await docs.count('SELECT count(*)::int AS n FROM documents'),
    objects: await docs.objects('documents/'),
  });

  before(async () => {
    docs = await documentsStack();
    stack = docs.stack;
  });
  after(async () => {
    await docs?.stop();
  });

  it('stores a corpus DXF with its SHA-256 and analyses it to the ground truth', async () => {
    const user = await entitledUser();
    const name = 'ezdxf_multi_insert_with_attribs.dxf';
    const bytes = readFileSync(corpusPath(name));
    const { status, json } = await user.upload([[name, bytes]], { projectId: user.projectId, documentType: 'bid' });
    assert.equal(status, 201, JSON.stringify(json));
    assert.deepEqual(
      [json.filename, json.filetype, json.filesize, json.documentType, json.sha256],
      [name, 'dxf', bytes.length, 'bid', createHash('sha256').update(bytes).digest('hex')],
    );
    const analysis = await analysisOf(user, json.id);
    assert.equal(analysis.status, 'analyzed', analysis.error);
    const truth = readTruth<{
      inserts: { modelspace_instances: Record<string, number>; effective_instances: Record<string, number> };
    }>(name);
    for (const [blockName, total] of Object.entries(truth.inserts.effective_instances)) {
      const found = analysis.blocks.find((b: Json) => b.name === blockName);
      assert.equal(found?.count ?? 0, truth.inserts.modelspace_instances[blockName] ?? 0, blockName);
      assert.equal(found?.totalCount ?? 0, total, blockName);
    }
    const listed = (await user.call('GET', `/api/documents?projectId=${user.projectId}`)).json;
    assert.deepEqual(
      listed.map((d: Json) => [d.id, d.status]),
      [[json.id, 'analyzed']],
    );
  });

  it('accepts every kind of file, by name and content, and analyses each', async () => {
    const user = await entitledUser();
    const pptx = zip({
      '[Content_Types].xml': '<Types/>',
      'ppt/presentation.xml': '<p:presentation/>',
      'ppt/slides/slide1.xml': '<p:sld><a:t>Level 2 framing plan</a:t></p:sld>',
    });
    const docx = zip({
      '[Content_Types].xml': '<Types/>',
      'word/document.xml':
        '<w:document><w:body><w:p><w:r><w:t>Provide 14 ea doors</w:t></w:r></w:p></w:body></w:document>',
    });
    const dxf = textDxf(
      dxfPairs({
        insUnits: 2,
        blocks: block('DOOR', line('0', 0, 0, 3, 0)),
        entities: [
          ...lwpolyline(
            'WALLS',
            [
              [0, 0],
              [20, 0],
              [20, 10],
              [0, 10],
            ],
            true,
          ),
          ...insert('DOORS', 'DOOR', 1, 1),
          ...insert('DOORS', 'DOOR', 5, 1),
        ],
      }),
    );
    const files: Array<[string, Buffer, string]> = [
      ['plans.pdf', writePdf([[{ text: 'A-101 FIRST FLOOR PLAN', x: 72, y: 720 }]]), 'pdf'],
      ['walls.dxf', Buffer.from(dxf), 'dxf'],
      ['takeoff.xlsx', await workbook(), 'xlsx'],
      ['cost-schedule.ods', readFileSync(corpusPath(COST_SCHEDULE)), 'ods'],
      ['spec.docx', docx, 'docx'],
      ['spec.doc', readFileSync(fixturePath('door-hardware-spec.doc')), 'doc'],
      ['deck.pptx', pptx, 'pptx'],
      ['deck.ppt', readFileSync(fixturePath('scope-deck.ppt')), 'ppt'],
      ['site.png', png(40, 20), 'image'],
      ['site.jpg', jpeg(64, 48), 'image'],
      ['formulas.xls', readFileSync(fixturePath('formulas.xls')), 'xls'],
    ];
    const { status, json } = await user.upload(
      files.map(([n, b]) => [n, b]),
      { projectId: user.projectId },
    );
    assert.equal(status, 201, JSON.stringify(json));
    assert.equal(json.length, files.length);
    for (const [index, [name, , kind]] of files.entries()) {
      assert.deepEqual([json[index].filename, json[index].filetype], [name, kind]);
      const analysis = await analysisOf(user, json[index].id);
      assert.equal(analysis.kind, kind, name);
      assert.equal(analysis.status, 'analyzed', `${name}: ${analysis.error}`);
    }
    const dxfAnalysis = await analysisOf(user, json[1].id);
    const walls = dxfAnalysis.layers.find((l: Json) => l.name === 'WALLS');
    assert.deepEqual([walls.lengthFt, walls.areaSqFt], [60, 200], 'a 20 × 10 ft room, drawn in feet');
    assert.equal(dxfAnalysis.blocks.find((b: Json) => b.name === 'DOOR').count, 2);
    const doc = await analysisOf(user, json[5].id);
    assert.match(doc.pages[0].text, /Provide 36 EA mortise locksets/);
    const png40 = await analysisOf(user, json[8].id);
    assert.deepEqual([png40.image.width, png40.image.height], [40, 20]);
  });

  it('reads the corpus OpenDocument cost schedule uploaded as .ods: each priced row a quantity line', async () => {
    const user = await entitledUser();
    const { status, json } = await user.upload([[COST_SCHEDULE, readFileSync(corpusPath(COST_SCHEDULE))]], {
      projectId: user.projectId,
    });
    assert.equal(status, 201, JSON.stringify(json));
    assert.equal(json.filetype, 'ods');
    const analysis = await analysisOf(user, json.id);
    assert.equal(analysis.status, 'analyzed', analysis.error);
    const truth = costScheduleLines();
    // Most of its rows are headings or lump sums without a quantity; those that have one are these.
    assert.deepEqual(
      truth.map(([description]) => description.split(' ')[0]),
      ['DB.1.1', 'DB.1.2', 'DB.1.3', 'DB.2.1.2.8', 'DB.2.4.8'],
    );
    assert.deepEqual(
      analysis.quantities.map((q: Json) => [q.description, q.quantity, q.unit, q.source.row]),
      truth,
    );
    assert.ok(analysis.quantities.every((q: Json) => q.source.sheet === 'sample_cost_schedule_house_FR'));
  });

  it('reads an Excel 97–2003 workbook uploaded as .xls: the quantities of the XLSX it was saved from', async () => {
    const user = await entitledUser();
    const { status, json } = await user.upload([['takeoff.xls', readFileSync(fixturePath('takeoff.xls'))]], {
      projectId: user.projectId,
    });
    assert.equal(status, 201, JSON.stringify(json));
    assert.equal(json.filetype, 'xls');
    const analysis = await analysisOf(user, json.id);
    assert.equal(analysis.status, 'analyzed', analysis.error);
    const original = await analyzeDocument(await sourceWorkbook('takeoff'), 'xlsx');
    assert.equal(original.quantities.length, 7);
    const lines = (quantities: Json[]) => quantities.map((q) => [q.description, q.quantity, q.unit, q.source]);
    assert.deepEqual(lines(analysis.quantities), lines(original.quantities));
    assert.deepEqual(
      analysis.pages.map((p: Json) => p.title),
      ['Takeoff', 'Métré'],
    );
  });

  it('refuses wrong types, corrupt, empty and oversized files, keeping nothing', async () => {
    const user = await entitledUser();
    const before = await counts();
    const pdf = writePdf([[{ text: 'A-101', x: 72, y: 720 }]]);
    const cases: Array<[string, Buffer, RegExp]> = [
      ['notes.txt', Buffer.from('hello'), /file type/],
      ['plans.pdf', png(4, 4), /file type/],
      ['photo.png', jpeg(4, 4), /file type/],
      ['spec.docx', zip({ 'xl/workbook.xml': '<workbook/>' }), /file type/],
      ['plans.pdf', pdf.subarray(0, Math.floor(pdf.length * 0.6)), /corrupt/],
      ['takeoff.xlsx', (await workbook()).subarray(0, 300), /corrupt/],
      ['costs.ods', (await workbook()).subarray(0, 300), /corrupt/],
      ['costs.ods', zip({ 'word/document.xml': '<w:document/>' }), /file type/],
      ['walls.dxf', Buffer.from('  0\nSECTION\n  2\nENTITIES\n  0\nLINE\n'), /corrupt/],
      ['empty.pdf', Buffer.alloc(0), /empty/],
    ];
    for (const [name, bytes, message] of cases) {
      const { status, json } = await user.upload([[name, bytes]], { projectId: user.projectId });
      assert.equal(status, 400, `${name}: ${JSON.stringify(json)}`);
      assert.match(json.message, message, name);
    }
    const noProject = await user.upload([['plans.pdf', pdf]], {});
    assert.deepEqual([noProject.status, /Project ID/.test(noProject.json.message)], [400, true]);
    assert.deepEqual(await counts(), before, 'no row and no stored object after a refusal');
  });

  /** Waits until the documents service has handled the event (its consumer records every event it applied). */
  const handled = async (eventId: string) => {
    for (const until = Date.now() + 20_000; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
      const { rows } = await docs.db.query('SELECT count(*)::int AS n FROM processed_events WHERE event_id = $1', [
        eventId,
      ]);
      if (rows[0].n === 1) return;
    }
    assert.fail(`documents never handled event ${eventId}`);
  };

  /** A picture of 16 MB, over the free plan's 15 MB, analysed at once (its size is in its first bytes). */
  const bigImage = () => png(4, 4, 16 * 1024 * 1024);

  it('holds a user without a plan to 15 MB, with the code the screen upgrades on', async () => {
    const user = await entitledUser();
    // The trial lapses: billing's record and the documents service's copy of it are set back.
    for (let row = 0; row === 0; await new Promise((r) => setTimeout(r, 50)))
      row = (await docs.db.query('SELECT 1 FROM entitlements WHERE user_id = $1', [user.id])).rowCount ?? 0;
    await docs.db.query(`UPDATE entitlements SET current_period_end = now() - interval '1 day' WHERE user_id = $1`, [
      user.id,
    ]);
    await billingSays(user.id, 'trialing', -1);
    const before = await counts();
    const { status, json } = await user.upload([['big.png', bigImage()]], { projectId: user.projectId });
    assert.equal(status, 402);
    assert.deepEqual([json.code, json.isPremiumFeature, json.maxFreeSize], ['FREE_PLAN_LIMIT_EXCEEDED', true, 15]);
    assert.deepEqual(await counts(), before);
  });

  it("knows the user's plan from billing's events, each applied once however often it is delivered", async () => {
    const user = await entitledUser();
    const env = stack.services.documents!.env;
    const nc = await connectNats(env.NATS_URL!, 'documents-plan-test');
    // Delivered `times` times: JetStream redelivers an event whose ack was lost, with the same id.
    const deliver = async (type: SubscriptionEvent, data: SubscriptionEventData, occurredAt: Date, times: number) => {
      const envelope = { id: randomUUID(), type, occurredAt: occurredAt.toISOString(), data };
      for (let i = 0; i < times; i++)
        nc.publish(eventSubject(env.EVENTS_SUBJECT_PREFIX!, type), JSON.stringify(envelope));
      await nc.flush();
      return envelope.id;
    };
    const plan = (status: string, days: number | null): SubscriptionEventData => ({
      userId: user.id,
      plan: 'monthly',
      status,
      currentPeriodEnd: days === null ? null : new Date(Date.now() + days * 86_400_000).toISOString(),
    });
    const upload = async () => (await user.upload([['big.png', bigImage()]], { projectId: user.projectId })).status;
    try {
      const t0 = Date.now();
      // The trial is cancelled (after billing's own confirmation of it, whenever that arrives).
      // Billing holds the same (documents asks it when its own copy says no plan).
      await billingSays(user.id, 'canceled', null);
      const cancelled = await deliver('subscription-cancelled', plan('canceled', null), new Date(t0 + 1_000), 3);
      await handled(cancelled);
      assert.equal(await upload(), 402, 'no plan: 15 MB at most');
      // The user pays: the subscription is active.
      await billingSays(user.id, 'active', 30);
      const paid = await deliver('subscription-updated', plan('active', 30), new Date(t0 + 2_000), 3);
      await handled(paid);
      assert.equal(await upload(), 201, 'a paid plan uploads past 15 MB');
      // The old cancellation is delivered twice more, late: it changes nothing. Another user's event
      // after it on the same subject is handled after it, so once that one is, these were too.
      await deliver('subscription-cancelled', plan('canceled', null), new Date(t0 + 1_000), 2);
      const marker = await deliver(
        'subscription-cancelled',
        { ...plan('canceled', null), userId: randomUUID() },
        new Date(t0 + 3_000),
        1,
      );
      await handled(marker);
      const { rows } = await docs.db.query('SELECT status FROM entitlements WHERE user_id = $1', [user.id]);
      assert.deepEqual(rows, [{ status: 'active' }]);
      assert.equal(await upload(), 201, 'still paid');
      const applied = await docs.db.query(
        'SELECT count(*)::int AS n FROM processed_events WHERE event_id = ANY($1::uuid[])',
        [[cancelled, paid]],
      );
      assert.equal(applied.rows[0].n, 2, 'each event recorded once');
    } finally {
      await nc.drain();
    }
  });

  it("answers 404 for another user's project and documents, and deletes one with its stored object", async () => {
    const alice = await entitledUser();
    const bob = await entitledUser();
    const pdf = writePdf([[{ text: 'Door schedule', x: 72, y: 720 }]]);
    const { json: doc } = await alice.upload(
      [['doors.pdf', pdf]],
      { projectId: alice.projectId },
      `/api/projects/${alice.projectId}/documents`,
    );
    assert.equal(doc.filename, 'doors.pdf');
    assert.equal((await bob.upload([['x.pdf', pdf]], { projectId: alice.projectId })).status, 404);
    assert.equal((await bob.call('GET', `/api/documents?projectId=${alice.projectId}`)).status, 404);
    assert.equal((await bob.call('GET', `/api/documents/${doc.id}/analysis`)).status, 404);
    assert.equal((await bob.call('DELETE', `/api/documents/${doc.id}`)).status, 404);
    const before = await counts();
    assert.equal((await alice.call('DELETE', `/api/documents/${doc.id}`)).status, 200);
    const afterDelete = await counts();
    assert.deepEqual([afterDelete.rows, afterDelete.objects], [before.rows - 1, before.objects - 1]);
    assert.equal((await alice.call('GET', `/api/documents/${doc.id}`)).status, 404);
  });

  it('shows the findings of a takeoff sheet too large to keep whole, with what was left out', async () => {
    const user = await entitledUser();
    const rows: Array<Array<string | number>> = [['Description', 'Qty', 'Unit']];
    for (let i = 1; i <= 60_000; i++) rows.push([`Vinyl base, room ${i}, corridor side and closet returns`, 12, 'LF']);
    const bytes = await xlsxWorkbook({ Takeoff: rows });
    const { status, json } = await user.upload([['base-takeoff.xlsx', bytes]], { projectId: user.projectId });
    assert.equal(status, 201, JSON.stringify(json));
    const analysis = await analysisOf(user, json.id);
    assert.equal(analysis.status, 'analyzed', analysis.error);
    assert.equal(analysis.quantities.length, 20_000);
    assert.ok(analysis.warnings.some((w: string) => w.startsWith('Only the first 20,000 of 60,000 quantity lines')));
    assert.ok(JSON.stringify(analysis).length > 4 * 1024 * 1024, 'larger than gRPC answers may be by default');
  });

  it('removes the documents and their objects when the project is deleted', async () => {
    const user = await entitledUser();
    const pdf = writePdf([[{ text: 'Sheet A-1', x: 72, y: 720 }]]);
    await user.upload(
      [
        ['a.pdf', pdf],
        ['b.pdf', pdf],
      ],
      { projectId: user.projectId },
    );
    const before = await counts();
    assert.equal((await user.call('DELETE', `/api/projects/${user.projectId}`)).status, 200);
    for (let i = 0; i < 100; i++) {
      const now = await counts();
      if (now.rows === before.rows - 2) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const after = await counts();
    assert.deepEqual([after.rows, after.objects], [before.rows - 2, before.objects - 2]);
  });
});
