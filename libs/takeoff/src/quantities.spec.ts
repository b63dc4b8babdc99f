import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatAmount, formatQuantity, isAnnotationName, notAMaterial, originKey } from './quantities';

describe('takeoff quantities', () => {
  it('writes numbers as a person does', () => {
    assert.equal(formatAmount(716.2998, 'ft'), '716.3 ft');
    assert.equal(formatAmount(2261.44, 'sq ft'), '2,261 sq ft');
    assert.equal(formatAmount(28.20248454428711, 'ft'), '28.2 ft');
    assert.equal(formatAmount(3.456, 'cu yd'), '3.46 cu yd');
    assert.equal(formatAmount(25, 'ea'), '25 ea');
    assert.equal(formatQuantity(16.5, 'ea'), '16.5');
  });

  it('identifies an origin by document, kind, name in any case, page and dimension, not by revision', () => {
    const a = originKey({ documentId: 'd', kind: 'block', ref: 'PUERTA', dimension: 'count', revision: 1 } as never);
    const b = originKey({ documentId: 'd', kind: 'block', ref: 'puerta', dimension: 'count', revision: 3 } as never);
    assert.equal(a, b);
    assert.notEqual(a, originKey({ documentId: 'e', kind: 'block', ref: 'PUERTA', dimension: 'count' }));
    assert.notEqual(
      originKey({ documentId: 'd', kind: 'layer', ref: 'A-WALL', dimension: 'length' }),
      originKey({ documentId: 'd', kind: 'layer', ref: 'A-WALL', dimension: 'area' }),
    );
    assert.equal(originKey({ kind: 'block', ref: 'X' }), null);
  });

  it('tells annotation from building elements by name', () => {
    for (const name of [
      'FLAG',
      'A-DIMS-1',
      'ANNTEXT',
      'SECTION-MARK',
      'TITLEBLOCK',
      'North Arrow',
      'A-NOTE',
      'GRID_BUBBLE',
    ])
      assert.ok(isAnnotationName(name), name);
    for (const name of ['A-WALL', 'PUERTA', 'DOOR', 'S-FOOTER', 'wall high', 'P-Toilet', 'A-DOOR-TAGGED'])
      assert.ok(!isAnnotationName(name), name);
  });

  it('offers no sliver and no annotation as a material', () => {
    assert.ok(notAMaterial({ quantity: 0.01, unit: 'cu yd' }));
    assert.ok(notAMaterial({ quantity: 0.05, unit: 'sq ft' }));
    assert.ok(notAMaterial({ quantity: 25, unit: 'ea', origin: { kind: 'block', ref: 'FLAG' } }));
    assert.equal(notAMaterial({ quantity: 0.5, unit: 'cu yd' }), null);
    assert.equal(notAMaterial({ quantity: 3, unit: 'ea', origin: { kind: 'block', ref: 'PUERTA' } }), null);
  });
});
