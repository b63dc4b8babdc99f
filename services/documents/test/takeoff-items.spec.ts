/**
 * Issue 17, the service side: hand takeoff items measured with the page's
 * scale, measured again when the page is recalibrated (or a drawing's units
 * set), refused with a message that says what to do, another user's a 404;
 * and the original file streamed with range requests. Through the gateway and
 * the real services.
 *
 * The PDF is letter size (612 × 792 pt) with a 180 pt line on each page, called
 * 10 ft when calibrated: 1/18 ft per point, ¼" = 1'-0". At that scale a 72 × 72 pt
 * square is 4 × 4 ft = 16 SF and a 180 pt line 10 LF.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from 'pg';
import { startStack, type TestStack } from '@kerf/platform/testing';
import { dxfPairs, line, textDxf } from './analysis/dxf-fixture-writer';
import { analysisOf, uploadingUser, type Json, type UploadingUser } from './uploading-user';
import { vectorPdf } from './vector-pdf';

const SQUARE = [
  [100, 200],
  [172, 200],
  [172, 272],
  [100, 272],
];
/** 36 × 36 pt in the middle of SQUARE: 2 × 2 ft = 4 SF at ¼" = 1'-0". */
const HOLE = [
  [118, 218],
  [154, 218],
  [154, 254],
  [118, 254],
];
const LINE_180 = [
  [100, 400],
  [220, 400],
  [220, 460],
];
const QUARTER_INCH = { from: [100, 92], to: [280, 92], distance: 10, unit: 'ft' };
const EIGHTH_INCH = { from: [100, 92], to: [280, 92], distance: 20, unit: 'ft' };

describe('hand takeoff items and the original file', () => {
  let stack: TestStack;
  let documentsDb: Client;
  let owner: UploadingUser;
  let stranger: UploadingUser;
  let pdfId: string;
  const pdfBytes = vectorPdf(2);

  before(async () => {
    stack = await startStack(['identity', 'projects', 'billing', 'documents']);
    documentsDb = new Client({ connectionString: stack.databases.documents });
    await documentsDb.connect();
    [owner, stranger] = await Promise.all([uploadingUser(stack, 'takeoff'), uploadingUser(stack, 'stranger')]);
    const { status, json } = await owner.upload([['sheet.pdf', pdfBytes]], { projectId: owner.projectId });
    assert.equal(status, 201, JSON.stringify(json));
    pdfId = json.id;
    assert.equal((await analysisOf(owner, pdfId)).status, 'analyzed');
  });
  after(async () => {
    await documentsDb?.end();
    await stack?.stop();
  });

  const create = (user: UploadingUser, body: Json) => user.call('POST', '/api/takeoff-items', body);
  const item = (kind: string, points: Json, extra: Json = {}) => ({
    documentId: pdfId,
    page: 1,
    kind,
    name: `${kind} by hand`,
    points,
    ...extra,
  });

  /** The takeoff-item-changed events of an item as the outbox holds them. */
  async function changes(itemId: string): Promise<Json[]> {
    const { rows } = await documentsDb.query(
      `SELECT envelope FROM outbox WHERE type = 'takeoff-item-changed' AND envelope->'data'->>'itemId' = $1 ORDER BY created_at`,
      [itemId],
    );
    return rows.map((row) => row.envelope.data);
  }

  it('refuses a length or an area on a page with no scale, and says to calibrate it; a count needs none', async () => {
    for (const kind of ['length', 'area']) {
      const { status, json } = await create(owner, item(kind, kind === 'area' ? SQUARE : LINE_180));
      assert.equal(status, 400);
      assert.match(json.message, /^Calibrate this page first: page 1 of sheet\.pdf has no scale/);
    }
    const { status, json } = await create(
      owner,
      item('count', [
        [10, 10],
        [20, 20],
        [30, 30],
      ]),
    );
    assert.equal(status, 201, JSON.stringify(json));
    assert.deepEqual([json.quantity, json.unit], ['3', 'EA']);
  });

  it('measures a 72 × 72 pt square as 16 SF and a 180 pt line as 10 LF at ¼" = 1\'-0"', async () => {
    const calibrated = await owner.call('PUT', `/api/documents/${pdfId}/pages/1/scale`, QUARTER_INCH);
    assert.equal(calibrated.status, 200, JSON.stringify(calibrated.json));
    const area = await create(owner, item('area', SQUARE, { name: 'Carpet, room 101', category: 'Flooring' }));
    assert.equal(area.status, 201, JSON.stringify(area.json));
    assert.deepEqual(
      {
        documentId: area.json.documentId,
        projectId: area.json.projectId,
        page: area.json.page,
        kind: area.json.kind,
        name: area.json.name,
        category: area.json.category,
        points: area.json.points,
        quantity: area.json.quantity,
        unit: area.json.unit,
      },
      {
        documentId: pdfId,
        projectId: owner.projectId,
        page: 1,
        kind: 'area',
        name: 'Carpet, room 101',
        category: 'Flooring',
        points: SQUARE,
        quantity: '16',
        unit: 'SF',
      },
    );
    assert.ok(area.json.id && area.json.createdAt && area.json.updatedAt);
    const length = await create(owner, item('length', LINE_180));
    assert.equal(length.status, 201, JSON.stringify(length.json));
    assert.deepEqual([length.json.quantity, length.json.unit, length.json.category], ['10', 'LF', null]);
    assert.deepEqual(await changes(area.json.id), [
      { itemId: area.json.id, documentId: pdfId, projectId: owner.projectId },
    ]);
  });

  it('lists, changes and deletes items, by document and by project', async () => {
    const created = await create(owner, item('area', SQUARE, { name: 'Vinyl' }));
    const id = created.json.id;
    const byDocument = await owner.call('GET', `/api/takeoff-items?documentId=${pdfId}`);
    assert.equal(byDocument.status, 200);
    assert.ok(byDocument.json.some((i: Json) => i.id === id && i.quantity === '16'));
    const byProject = await owner.call('GET', `/api/takeoff-items?projectId=${owner.projectId}`);
    assert.deepEqual(
      byProject.json.map((i: Json) => i.id),
      byDocument.json.map((i: Json) => i.id),
    );

    // Twice as wide: 144 × 72 pt = 8 × 4 ft.
    const wider = await owner.call('PATCH', `/api/takeoff-items/${id}`, {
      name: '  Vinyl, corridor ',
      category: 'Flooring',
      points: [
        [100, 200],
        [244, 200],
        [244, 272],
        [100, 272],
      ],
    });
    assert.equal(wider.status, 200, JSON.stringify(wider.json));
    assert.deepEqual(
      [wider.json.name, wider.json.category, wider.json.quantity],
      ['Vinyl, corridor', 'Flooring', '32'],
    );
    const renamed = await owner.call('PATCH', `/api/takeoff-items/${id}`, { category: null });
    assert.deepEqual(
      [renamed.json.name, renamed.json.category, renamed.json.quantity],
      ['Vinyl, corridor', null, '32'],
    );

    assert.equal((await owner.call('DELETE', `/api/takeoff-items/${id}`)).status, 200);
    const after = await owner.call('GET', `/api/takeoff-items?documentId=${pdfId}`);
    assert.ok(!after.json.some((i: Json) => i.id === id));
    assert.equal((await changes(id)).length, 4, 'created, changed twice, deleted');
  });

  it('measures every length and area of a page again when the page is recalibrated, and leaves other pages alone', async () => {
    await owner.call('PUT', `/api/documents/${pdfId}/pages/2/scale`, QUARTER_INCH);
    const onOne = await create(owner, item('area', SQUARE, { name: 'Page one' }));
    const lineOnOne = await create(owner, item('length', LINE_180, { name: 'Line one' }));
    const countOnOne = await create(owner, item('count', [[1, 1]], { name: 'Count one' }));
    const onTwo = await create(owner, item('area', SQUARE, { name: 'Page two', page: 2 }));
    assert.deepEqual([onOne.json.quantity, onTwo.json.quantity], ['16', '16']);

    // 1/8" = 1'-0": the same 180 pt line is 20 ft.
    const recalibrated = await owner.call('PUT', `/api/documents/${pdfId}/pages/1/scale`, EIGHTH_INCH);
    assert.equal(recalibrated.status, 200, JSON.stringify(recalibrated.json));
    const items = new Map(
      ((await owner.call('GET', `/api/takeoff-items?documentId=${pdfId}`)).json as Json[]).map((i) => [i.id, i]),
    );
    assert.equal(items.get(onOne.json.id).quantity, '64');
    assert.equal(items.get(lineOnOne.json.id).quantity, '20');
    assert.equal(items.get(countOnOne.json.id).quantity, '1');
    assert.equal(items.get(onTwo.json.id).quantity, '16');
    assert.equal((await changes(onOne.json.id)).length, 2, 'created, then measured again');
    assert.equal((await changes(onTwo.json.id)).length, 1, 'page 2 was not recalibrated');
    // Back to ¼" for the tests that follow.
    await owner.call('PUT', `/api/documents/${pdfId}/pages/1/scale`, QUARTER_INCH);
    const back = await owner.call('GET', `/api/takeoff-items?documentId=${pdfId}`);
    assert.equal(back.json.find((i: Json) => i.id === onOne.json.id).quantity, '16');
  });

  it('cuts holes out of an area: set, cleared, and measured again on recalibration', async () => {
    const withHole = await create(owner, item('area', SQUARE, { name: 'Slab less shaft', holes: [HOLE] }));
    assert.equal(withHole.status, 201, JSON.stringify(withHole.json));
    assert.deepEqual([withHole.json.quantity, withHole.json.unit, withHole.json.holes], ['12', 'SF', [HOLE]]);

    const plain = await create(owner, item('area', SQUARE, { name: 'Slab' }));
    assert.deepEqual([plain.json.quantity, plain.json.holes], ['16', []]);
    const cut = await owner.call('PATCH', `/api/takeoff-items/${plain.json.id}`, { holes: [HOLE] });
    assert.equal(cut.status, 200, JSON.stringify(cut.json));
    assert.deepEqual([cut.json.quantity, cut.json.holes, cut.json.points], ['12', [HOLE], SQUARE]);
    const cleared = await owner.call('PATCH', `/api/takeoff-items/${plain.json.id}`, { holes: [] });
    assert.deepEqual([cleared.json.quantity, cleared.json.holes], ['16', []]);
    // Changing only the name keeps the holes and the quantity.
    const renamed = await owner.call('PATCH', `/api/takeoff-items/${withHole.json.id}`, { name: 'Slab, level 2' });
    assert.deepEqual([renamed.json.quantity, renamed.json.holes], ['12', [HOLE]]);

    // 1/8" = 1'-0": 8 × 8 ft less 4 × 4 ft.
    await owner.call('PUT', `/api/documents/${pdfId}/pages/1/scale`, EIGHTH_INCH);
    const listed = (await owner.call('GET', `/api/takeoff-items?documentId=${pdfId}`)).json as Json[];
    assert.equal(listed.find((i) => i.id === withHole.json.id).quantity, '48');
    await owner.call('PUT', `/api/documents/${pdfId}/pages/1/scale`, QUARTER_INCH);
    const back = (await owner.call('GET', `/api/takeoff-items?documentId=${pdfId}`)).json as Json[];
    assert.equal(back.find((i) => i.id === withHole.json.id).quantity, '12');

    // Another user cannot cut into it.
    const stolen = await stranger.call('PATCH', `/api/takeoff-items/${withHole.json.id}`, { holes: [] });
    assert.equal(stolen.status, 404);
  });

  it('refuses holes that cannot be cut, with a message that says what to do, and changes nothing', async () => {
    const halves = [
      [
        [100, 200],
        [172, 200],
        [172, 236],
        [100, 236],
      ],
      [
        [100, 236],
        [172, 236],
        [172, 272],
        [100, 272],
      ],
    ];
    const cases: Array<[Json, RegExp]> = [
      [item('length', LINE_180, { holes: [HOLE] }), /^Only an area can have holes: a length has no inside/],
      [item('count', [[1, 1]], { holes: [HOLE] }), /^Only an area can have holes: a count has no inside/],
      [item('area', SQUARE, { holes: [HOLE.slice(0, 2)] }), /^Hole 1 has 2 points: a hole needs at least 3/],
      [
        item('area', SQUARE, { holes: [HOLE, [...HOLE.slice(0, 3), [90, 254]]] }),
        /^Hole 2 is not inside the area's outline: draw every corner of a hole within the area/,
      ],
      [item('area', SQUARE, { holes: [SQUARE] }), /^The holes cover the whole area, leaving nothing to measure/],
      [item('area', SQUARE, { holes: halves }), /^The holes cover the whole area/],
      [item('area', SQUARE, { holes: 'a shaft' }), /^holes must be a list of rings/],
      [item('area', SQUARE, { holes: [[[118, 'x']]] }), /^holes must be a list of rings/],
    ];
    const before = (await owner.call('GET', `/api/takeoff-items?documentId=${pdfId}`)).json.length;
    for (const [body, message] of cases) {
      const { status, json } = await create(owner, body);
      assert.equal(status, 400, JSON.stringify(body));
      assert.match(json.message, message, JSON.stringify(body));
    }

    const area = (await create(owner, item('area', SQUARE, { name: 'Floor', holes: [HOLE] }))).json;
    const length = (await create(owner, item('length', LINE_180))).json;
    const patches: Array<[string, Json, RegExp]> = [
      [length.id, { holes: [HOLE] }, /^Only an area can have holes: a length/],
      [area.id, { holes: [[[120, 220]]] }, /^Hole 1 has 1 point: a hole needs at least 3/],
      [area.id, { holes: [SQUARE] }, /^The holes cover the whole area/],
      // A smaller outline that leaves the hole outside it.
      [
        area.id,
        {
          points: [
            [100, 200],
            [130, 200],
            [130, 272],
            [100, 272],
          ],
        },
        /^Hole 1 is not inside the area's outline/,
      ],
    ];
    for (const [id, body, message] of patches) {
      const { status, json } = await owner.call('PATCH', `/api/takeoff-items/${id}`, body);
      assert.equal(status, 400, JSON.stringify(body));
      assert.match(json.message, message, JSON.stringify(body));
    }
    const after = (await owner.call('GET', `/api/takeoff-items?documentId=${pdfId}`)).json as Json[];
    assert.equal(after.length, before + 2);
    const kept = after.find((i) => i.id === area.id);
    assert.deepEqual([kept.points, kept.holes, kept.quantity], [SQUARE, [HOLE], '12']);
  });

  it('refuses bad geometry with a message that says what to do, and changes nothing', async () => {
    const cases: Array<[Json, RegExp]> = [
      [
        item('area', [
          [0, 0],
          [10, 0],
        ]),
        /^An area needs at least 3 points: click each corner/,
      ],
      [item('length', [[0, 0]]), /^A length needs at least 2 points: click where it starts/],
      [item('count', []), /^A count needs at least one point: click each thing to count/],
      [item('area', SQUARE, { page: 3 }), /^Page 3 does not exist: sheet\.pdf has 2 pages \(1 to 2\)\./],
      [item('area', SQUARE, { page: 0 }), /^Page 0 does not exist/],
      [
        item('area', [
          [0, 0],
          ['ten', 0],
          [10, 10],
        ]),
        /^points must be a list of \[x, y\] pairs of numbers/,
      ],
      [item('area', [[0, 0], [10], [10, 10]]), /^points must be a list of \[x, y\] pairs of numbers/],
      [item('area', 'a square'), /^points must be a list of \[x, y\] pairs of numbers/],
      [item('area', SQUARE, { name: '   ' }), /^Give the takeoff item a name/],
      [item('area', SQUARE, { name: undefined }), /^Give the takeoff item a name/],
      [item('volume', SQUARE), /^kind must be length, area or count\./],
      [item('area', SQUARE, { page: 1.5 }), /^page must be a page number/],
    ];
    const before = (await owner.call('GET', `/api/takeoff-items?documentId=${pdfId}`)).json.length;
    for (const [body, message] of cases) {
      const { status, json } = await create(owner, body);
      assert.equal(status, 400, JSON.stringify(body));
      assert.match(json.message, message, JSON.stringify(body));
    }
    const existing = (await create(owner, item('length', LINE_180))).json;
    for (const [body, message] of [
      [{ points: [[0, 0]] }, /^A length needs at least 2 points/],
      [{ name: '' }, /^Give the takeoff item a name/],
      [
        {
          points: [
            [0, 0],
            [null, 1],
          ],
        },
        /^points must be a list/,
      ],
    ] as Array<[Json, RegExp]>) {
      const { status, json } = await owner.call('PATCH', `/api/takeoff-items/${existing.id}`, body);
      assert.equal(status, 400, JSON.stringify(body));
      assert.match(json.message, message);
    }
    const unchanged = (await owner.call('GET', `/api/takeoff-items?documentId=${pdfId}`)).json as Json[];
    assert.equal(unchanged.length, before + 1);
    assert.deepEqual(unchanged.find((i) => i.id === existing.id).points, LINE_180);
  });

  it("answers another user's document and items as not found", async () => {
    const mine = (await create(owner, item('count', [[5, 5]]))).json;
    const cases: Array<[string, string, Json?]> = [
      ['GET', `/api/takeoff-items?documentId=${pdfId}`],
      ['GET', `/api/takeoff-items?projectId=${owner.projectId}`],
      ['POST', '/api/takeoff-items', item('count', [[1, 1]])],
      ['PATCH', `/api/takeoff-items/${mine.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/takeoff-items/${mine.id}`],
      ['GET', `/api/documents/${pdfId}/file`],
      ['PATCH', '/api/takeoff-items/not-an-id', { name: 'x' }],
    ];
    for (const [method, path, body] of cases) {
      const { status } = await stranger.call(method, path, body);
      assert.equal(status, 404, `${method} ${path}`);
    }
    const still = (await owner.call('GET', `/api/takeoff-items?documentId=${pdfId}`)).json as Json[];
    assert.equal(still.find((i) => i.id === mine.id).name, mine.name);
  });

  it('measures a DXF in its drawing units, and again when the user sets them', async () => {
    // A 120-unit line in a drawing whose header says inches: 10 ft.
    const dxf = textDxf(dxfPairs({ insUnits: 1, entities: line('WALL', 0, 0, 120, 0) }));
    const uploaded = await owner.upload([['wall.dxf', Buffer.from(dxf)]], { projectId: owner.projectId });
    assert.equal(uploaded.status, 201, JSON.stringify(uploaded.json));
    const dxfId = uploaded.json.id;
    assert.equal((await analysisOf(owner, dxfId)).status, 'analyzed');
    const wall = await create(owner, {
      documentId: dxfId,
      page: 1,
      kind: 'length',
      name: 'Wall',
      points: [
        [0, 0],
        [120, 0],
      ],
    });
    assert.equal(wall.status, 201, JSON.stringify(wall.json));
    assert.equal(wall.json.quantity, '10');
    const page2 = await create(owner, {
      documentId: dxfId,
      page: 2,
      kind: 'length',
      name: 'Wall',
      points: [
        [0, 0],
        [1, 0],
      ],
    });
    assert.equal(page2.status, 400);
    assert.match(page2.json.message, /^Page 2 does not exist: wall\.dxf is a DXF drawing, measured on page 1/);
    const set = await owner.call('PUT', `/api/documents/${dxfId}/units`, { units: 'ft' });
    assert.equal(set.status, 200, JSON.stringify(set.json));
    const items = (await owner.call('GET', `/api/takeoff-items?documentId=${dxfId}`)).json as Json[];
    assert.equal(items[0].quantity, '120');
  });

  describe('the original file', () => {
    const get = (user: UploadingUser, range?: string) =>
      fetch(`${user.gatewayUrl}/api/documents/${pdfId}/file`, {
        headers: { cookie: user.cookie, ...(range ? { range } : {}) },
      });

    it('streams the whole file with its type and says ranges are accepted', async () => {
      const reply = await get(owner);
      assert.equal(reply.status, 200);
      assert.equal(reply.headers.get('content-type'), 'application/pdf');
      assert.equal(reply.headers.get('accept-ranges'), 'bytes');
      assert.equal(reply.headers.get('content-length'), String(pdfBytes.length));
      assert.ok(Buffer.from(await reply.arrayBuffer()).equals(pdfBytes));
    });

    it('answers the first bytes, a middle range and a suffix range with 206 and Content-Range', async () => {
      const size = pdfBytes.length;
      const cases: Array<[string, number, number]> = [
        ['bytes=0-99', 0, 99],
        ['bytes=200-499', 200, 499],
        ['bytes=-120', size - 120, size - 1],
        [`bytes=${size - 10}-`, size - 10, size - 1],
        [`bytes=${size - 5}-${size + 100}`, size - 5, size - 1],
      ];
      for (const [range, start, end] of cases) {
        const reply = await get(owner, range);
        assert.equal(reply.status, 206, range);
        assert.equal(reply.headers.get('content-range'), `bytes ${start}-${end}/${size}`, range);
        assert.equal(reply.headers.get('content-length'), String(end - start + 1), range);
        assert.equal(reply.headers.get('accept-ranges'), 'bytes');
        assert.ok(Buffer.from(await reply.arrayBuffer()).equals(pdfBytes.subarray(start, end + 1)), range);
      }
    });

    it('answers a range past the end with 416 and the size', async () => {
      for (const range of [
        `bytes=${pdfBytes.length}-`,
        `bytes=${pdfBytes.length + 10}-${pdfBytes.length + 20}`,
        'bytes=-0',
      ]) {
        const reply = await get(owner, range);
        assert.equal(reply.status, 416, range);
        assert.equal(reply.headers.get('content-range'), `bytes */${pdfBytes.length}`);
        await reply.arrayBuffer();
      }
    });

    it('streams a file of several chunks whole and in ranges across their edges', async () => {
      const large = vectorPdf(1, 700_000);
      const { status, json } = await owner.upload([['large.pdf', large]], { projectId: owner.projectId });
      assert.equal(status, 201, JSON.stringify(json));
      const url = `${owner.gatewayUrl}/api/documents/${json.id}/file`;
      const whole = await fetch(url, { headers: { cookie: owner.cookie } });
      assert.equal(whole.status, 200);
      assert.ok(Buffer.from(await whole.arrayBuffer()).equals(large));
      const edge = 256 * 1024;
      const part = await fetch(url, {
        headers: { cookie: owner.cookie, range: `bytes=${edge - 10}-${2 * edge + 10}` },
      });
      assert.equal(part.status, 206);
      assert.ok(Buffer.from(await part.arrayBuffer()).equals(large.subarray(edge - 10, 2 * edge + 11)));
    });

    it("answers another user's file as not found", async () => {
      const reply = await get(stranger, 'bytes=0-9');
      assert.equal(reply.status, 404);
      assert.equal(((await reply.json()) as Json).message, 'Document not found');
    });
  });
});
