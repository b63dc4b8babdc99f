import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import {
  corpusPath,
  createProject,
  signUp,
  startStack,
  startTrial,
  type LooseJson as Json,
  type TestStack,
  type TestUser,
} from '@kerf/platform/testing';

const SQ_FT_PER_SQ_M = 10.763910417;
const FT_PER_M = 3.280839895;
const DIMENSION: Record<string, string> = {
  ft: 'length',
  m: 'length',
  'sq ft': 'area',
  'sq m': 'area',
  'cu yd': 'volume',
  each: 'count',
  ea: 'count',
  lb: 'mass',
};

interface TakeoffMaterial {
  name: string;
  quantity: string;
  unit: string;
  category?: string;
  origin?: Record<string, unknown>;
  status?: 'kept' | 'proposed';
}

/**
 * The takeoff a user gets from the Ceco house (test/corpus, metres): each wall
 * layer is drawn as two faces, so its wall length is half its linework; three
 * PUERTA door blocks; the floor area is the extent of the `wall high` layer,
 * 25.04 m × 14.52 m = 363.6 m² (measured from its LINE entities).
 */
function cecoHouseTakeoff(): TakeoffMaterial[] {
  const truth = JSON.parse(
    readFileSync(corpusPath('skymakerolof-dxf_Ceco.NET-Architecture-Tm-53.dxf.truth.json'), 'utf8'),
  ) as Json;
  const wallFt = (layer: string) => ((truth.layers[layer].length.total as number) / 2) * FT_PER_M;
  const doc = { documentName: 'Ceco.NET-Architecture-Tm-53.dxf', revision: 1 };
  return [
    {
      name: 'Exterior walls',
      quantity: wallFt('wall high').toFixed(1),
      unit: 'ft',
      origin: { ...doc, kind: 'layer', ref: 'wall high', dimension: 'length' },
      status: 'proposed',
    },
    {
      name: 'Walls',
      quantity: wallFt('wall low').toFixed(1),
      unit: 'ft',
      origin: { ...doc, kind: 'layer', ref: 'wall low', dimension: 'length' },
    },
    {
      name: 'Doors',
      quantity: String(truth.inserts.modelspace.PUERTA),
      unit: 'ea',
      origin: { ...doc, kind: 'block', ref: 'PUERTA', dimension: 'count' },
    },
    {
      name: 'Floor area',
      quantity: (363.6 * SQ_FT_PER_SQ_M).toFixed(1),
      unit: 'sq ft',
      origin: { ...doc, kind: 'item', ref: 'footprint', dimension: 'area' },
    },
    { name: 'COVERED DECK', quantity: '180', unit: 'sq ft', origin: { ...doc, kind: 'room', ref: 'COVERED DECK' } },
    { name: 'Linework on layer wall high', quantity: (wallFt('wall high') * 2).toFixed(1), unit: 'ft' },
    { name: 'Flux capacitor', quantity: '2', unit: 'ea' },
  ];
}

const items = (estimate: Json): Json[] => estimate.estimateData.sections.flatMap((s: Json) => s.items);
const cents = (money: string) => Math.round(Number(money) * 100);

/** Pricing you can explain, through the real stack: materials in ai-chat, estimates behind the gateway. */
describe('pricing a takeoff', () => {
  let stack: TestStack;
  let user: TestUser;
  let db: Client;
  const work = mkdtempSync(join(tmpdir(), 'kerf-pricing-'));

  /** Adds materials as the chat would: through the route, then with the origin and status ai-chat keeps. */
  async function addMaterials(projectId: string, materials: TakeoffMaterial[]) {
    for (const m of materials) {
      const created = await user.json('POST', '/api/materials', {
        projectId,
        name: m.name,
        quantity: m.quantity,
        unit: m.unit,
        category: m.category,
      });
      assert.equal(created.status, 201, JSON.stringify(created.json));
      await db.query('UPDATE materials SET origin = $1, status = $2 WHERE id = $3', [
        m.origin ? JSON.stringify(m.origin) : null,
        m.status ?? 'kept',
        created.json.id,
      ]);
    }
  }

  async function generate(projectId: string): Promise<Json> {
    const generated = await user.json('POST', '/api/estimates/generate', { projectId });
    assert.equal(generated.status, 201, JSON.stringify(generated.json));
    return generated.json;
  }

  async function pdfText(id: string) {
    const pdf = await user.call('GET', `/api/estimates/${id}/pdf`);
    assert.equal(pdf.status, 200);
    const file = join(work, `${id}.pdf`);
    writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  }

  before(async () => {
    stack = await startStack(['identity', 'projects', 'billing', 'ai-chat', 'estimates']);
    db = new Client({ connectionString: stack.databases['ai-chat'] });
    await db.connect();
    user = await signUp(stack.gatewayUrl, 'pricing');
    await startTrial(user, 'yearly');
  });
  after(async () => {
    await db?.end();
    await stack?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('prices a house takeoff by what each thing is, asks for a price where unsure, and remembers the choice', async () => {
    const projectId = await createProject(user, 'Ceco house');
    await addMaterials(projectId, cecoHouseTakeoff());
    const first = await generate(projectId);

    for (const item of items(first)) {
      assert.equal(DIMENSION[item.unit], DIMENSION[item.sourceQuantity.unit], `${item.description}: ${item.unit}`);
      assert.doesNotMatch(item.pricedBy, /cabinet|casework|metal (floor |roof )?deck/i, item.description);
      assert.ok(item.reason && item.confidence > 0, `${item.description} says why`);
    }
    const unpriced = new Map<string, Json>(first.estimateData.unpriced.map((u: Json) => [u.name, u]));
    assert.deepEqual(unpriced.get('Linework on layer wall high').candidates, [], 'linework is never a wall length');
    assert.ok(unpriced.get('Flux capacitor'), 'matches nothing: left unpriced, not guessed');
    const deck = unpriced.get('COVERED DECK');
    if (deck) assert.ok(deck.candidates.every((c: Json) => !/metal/i.test(c.name)));
    const walls = unpriced.get('Walls');
    assert.ok(walls, 'a bare "Walls" could be interior or exterior: it needs a price');
    assert.equal(walls.key, 'layer:wall low');
    const interior = walls.candidates.find((c: Json) => /Interior partition, 2×4/.test(c.name));
    assert.ok(interior, JSON.stringify(walls.candidates));
    assert.equal(first.estimateData.materials.proposed, 1);
    assert.ok(first.estimateData.warnings.some((w: Json) => w.code === 'proposed'));

    // One click on the candidate: priced, remembered, the same estimate re-priced.
    const chosen = await user.json('POST', `/api/estimates/${first.id}/choices`, {
      key: walls.key,
      kind: interior.kind,
      code: interior.code,
    });
    assert.equal(chosen.status, 200, JSON.stringify(chosen.json));
    const estimate = chosen.json;
    assert.equal(estimate.id, first.id);
    const wallLine = items(estimate).find((i: Json) => i.material === 'Walls');
    assert.equal(wallLine.kind, 'assembly');
    assert.equal(wallLine.mapped, true);
    const gypsum = wallLine.components.find((c: Json) => /Gypsum/.test(c.name));
    assert.equal(Number(gypsum.wastePercent), 12);
    assert.ok(
      Math.abs(Number(gypsum.quantity) - Number(walls.quantity) * 18 * 1.12) < 0.01,
      'wall length → gypsum area both sides with waste',
    );
    assert.ok(cents(estimate.totalCost) > cents(first.totalCost));
    assert.ok(!estimate.estimateData.unpriced.some((u: Json) => u.name === 'Walls'));

    // A house with the starter prices lands in the typical cost per square foot.
    assert.match(estimate.estimateData.floorArea.source, /Floor area/);
    const perSqFt = Number(estimate.estimateData.costPerSqFt);
    assert.ok(perSqFt >= 100 && perSqFt <= 400, `$${perSqFt} per sq ft`);
    assert.ok(!estimate.estimateData.warnings.some((w: Json) => w.code === 'cost-per-sq-ft'));

    // Everything adds up, and the PDF carries the checks.
    const direct = cents(estimate.materialCost) + cents(estimate.laborCost) + cents(estimate.equipmentCost);
    assert.equal(
      estimate.estimateData.sections.reduce((a: number, s: Json) => a + cents(s.subtotal), 0),
      direct,
    );
    const text = await pdfText(estimate.id);
    assert.ok(
      text.includes(
        new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(estimate.totalCost)),
      ),
    );
    for (const warning of estimate.estimateData.warnings)
      assert.ok(text.includes(`Check: ${warning.message}`.slice(0, 60)), warning.message);
    assert.match(text, /Needs a price/);

    // A later project: the same layer is priced by the earlier choice.
    const later = await createProject(user, 'Ceco house, second phase');
    await addMaterials(later, [
      {
        name: 'Walls',
        quantity: '120',
        unit: 'ft',
        origin: { kind: 'layer', ref: 'wall low', documentName: 'phase2.dxf', dimension: 'length' },
      },
    ]);
    const next = await generate(later);
    const remembered = items(next).find((i: Json) => i.material === 'Walls');
    assert.equal(remembered?.code, interior.code);
    assert.match(remembered.reason, /applied your earlier choice/);
    const mappings = await user.json('GET', '/api/price-mappings');
    assert.ok(mappings.json.some((m: Json) => m.sourceKey === 'layer:wall low' && m.targetCode === interior.code));

    // A priced line can be priced differently too: the PUERTA doors as interior prehung doors.
    const doors = items(estimate).find((i: Json) => i.material === 'Doors');
    assert.equal(doors.key, 'block:puerta');
    const prehung = doors.alternatives.find((a: Json) => /Door, interior, prehung/.test(a.name));
    assert.ok(prehung, JSON.stringify(doors.alternatives));
    const changed = await user.json('POST', `/api/estimates/${estimate.id}/choices`, {
      key: doors.key,
      kind: prehung.kind,
      code: prehung.code,
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.json));
    const doorLine = items(changed.json).find((i: Json) => i.material === 'Doors');
    assert.equal(doorLine.code, prehung.code);
    assert.equal(cents(doorLine.totalCost), cents(prehung.lineTotal));
  });

  it('flags a line that dominates the estimate, on screen data and in the PDF', async () => {
    const projectId = await createProject(user, 'Cabinet shop');
    await addMaterials(projectId, [
      { name: 'Kitchen base cabinet', quantity: '900', unit: 'ft' },
      { name: 'Duplex receptacle', quantity: '6', unit: 'ea' },
      { name: 'Kitchen', quantity: '160', unit: 'sq ft', origin: { kind: 'room', ref: 'KITCHEN' } },
    ]);
    const estimate = await generate(projectId);
    const dominant = estimate.estimateData.warnings.find((w: Json) => w.code === 'dominant-line');
    assert.match(dominant?.message ?? '', /Kitchen base cabinet/);
    assert.ok(estimate.estimateData.warnings.some((w: Json) => w.code === 'cost-per-sq-ft'));
    assert.match(await pdfText(estimate.id), /Check: "Kitchen base cabinet/);
  });

  it('refuses a choice it cannot apply, and another user’s estimate is not found', async () => {
    const projectId = await createProject(user, 'Odds');
    await addMaterials(projectId, [{ name: 'Walls', quantity: '40', unit: 'ft' }]);
    const estimate = await generate(projectId);
    const key = estimate.estimateData.unpriced[0].key;
    const area = await user.json('POST', `/api/estimates/${estimate.id}/choices`, {
      key,
      kind: 'assembly',
      code: 'A-0330-SOG4',
    });
    assert.equal(area.status, 400);
    assert.match(area.json.message, /does not measure/);
    const unknown = await user.json('POST', `/api/estimates/${estimate.id}/choices`, {
      key: 'layer:nothing',
      kind: 'item',
      code: 'X',
    });
    assert.equal(unknown.status, 400);
    const other = await signUp(stack.gatewayUrl, 'other');
    const foreign = await other.json('POST', `/api/estimates/${estimate.id}/choices`, {
      key,
      kind: 'assembly',
      code: 'A-0611-INT',
    });
    assert.equal(foreign.status, 404);
    assert.equal((await user.json('PATCH', `/api/estimates/${estimate.id}`, { status: 'approved' })).status, 200);
    const locked = await user.json('POST', `/api/estimates/${estimate.id}/choices`, {
      key,
      kind: 'assembly',
      code: 'A-0611-INT',
    });
    assert.equal(locked.status, 409);
    assert.match(locked.json.message, /approved/);
  });

  it('keeps a user’s own assemblies beside the starter library', async () => {
    const listed = await user.json('GET', '/api/assemblies');
    assert.equal(listed.status, 200);
    assert.ok(listed.json.filter((a: Json) => a.starter).length >= 25);
    const body = {
      name: 'Exterior wall, 2×6, three-coat finish',
      description: 'Exterior wall: 2×6 at 16" o.c., 9 ft, R-21, OSB, three-coat stucco. Per foot of wall.',
      unit: 'ft',
      keywords: 'exterior wall stucco',
      components: [
        { name: '2×6 studs', unit: 'each', perUnit: '0.85', wastePercent: '5', materialCost: '7.25', laborHours: '0' },
        {
          name: 'Stucco three coat',
          unit: 'sq ft',
          perUnit: '9',
          wastePercent: '5',
          materialCost: '3.80',
          laborHours: '0.08',
        },
      ],
    };
    const created = await user.json('POST', '/api/assemblies', body);
    assert.equal(created.status, 201, JSON.stringify(created.json));
    assert.match(created.json.code, /^U-/);
    assert.deepEqual(created.json.kinds, ['wall']);
    const bad = await user.json('POST', '/api/assemblies', { ...body, unit: 'furlongs' });
    assert.equal(bad.status, 400);
    assert.match(bad.json.message, /Unit/);
    const noParts = await user.json('POST', '/api/assemblies', { ...body, components: [] });
    assert.equal(noParts.status, 400);
    const updated = await user.json('PUT', `/api/assemblies/${created.json.id}`, {
      ...body,
      name: 'Exterior wall, three-coat finish',
    });
    assert.equal(updated.json.name, 'Exterior wall, three-coat finish');
    const other = await signUp(stack.gatewayUrl, 'other');
    assert.equal((await other.json('PUT', `/api/assemblies/${created.json.id}`, body)).status, 404);
    assert.equal((await other.json('DELETE', `/api/assemblies/${created.json.id}`)).status, 404);

    // The user's own assembly comes before the starter one of the same kind.
    const projectId = await createProject(user, 'Stucco house');
    await addMaterials(projectId, [{ name: 'Exterior walls', quantity: '100', unit: 'ft' }]);
    const estimate = await generate(projectId);
    assert.equal(items(estimate)[0]?.code, created.json.code);
    assert.equal(items(estimate)[0]?.source, 'your-assembly');
    assert.equal((await user.json('DELETE', `/api/assemblies/${created.json.id}`)).status, 200);
  });
});
