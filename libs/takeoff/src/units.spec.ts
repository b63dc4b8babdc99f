import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { conversionFactor, dimensionOf, normalizeUnit, unitWordsPattern } from './units';

describe('units: one spelling for each unit', () => {
  it('spells every way of writing a unit the one canonical way', () => {
    const cases: Array<[string, string]> = [
      ['EA', 'ea'],
      ['each', 'ea'],
      ['pcs', 'ea'],
      ['No.', 'ea'],
      ['m²', 'sq m'],
      ['SQ. M', 'sq m'],
      ['sqm', 'sq m'],
      ['M³', 'cu m'],
      ['CU.M', 'cu m'],
      ['S. F.', 'sq ft'],
      ['SQ.FT.', 'sq ft'],
      ['Square Feet', 'sq ft'],
      ['L.F.', 'ft'],
      ['LIN.FT', 'ft'],
      ['linear feet', 'ft'],
      ['C.Y.', 'cu yd'],
      ['CU YDS', 'cu yd'],
      ['SQ YDS', 'sq yd'],
      ['LBS.', 'lb'],
      ['gallons', 'gal'],
      ['tonnes', 't'],
    ];
    for (const [written, unit] of cases) assert.equal(normalizeUnit(written), unit, written);
    assert.equal(normalizeUnit('furlong'), undefined);
  });

  it('knows what each unit measures and converts only within it', () => {
    assert.equal(dimensionOf('SF'), 'area');
    assert.equal(dimensionOf('each'), 'count');
    assert.equal(dimensionOf('lbs'), 'weight');
    assert.equal(dimensionOf('cu yd'), 'volume');
    assert.equal(dimensionOf("'"), 'length');
    assert.equal(dimensionOf('bundle'), undefined);
    assert.ok(Math.abs(conversionFactor('sq ft', 'm²')! - 0.09290304) < 1e-12);
    assert.equal(conversionFactor('ea', 'each'), 1);
    assert.equal(conversionFactor('sq ft', 'ft'), undefined);
  });

  it('finds the written words of a unit in prose, dots and all, but not the quote marks', () => {
    const words = new RegExp(`^(?:${unitWordsPattern(['sq ft', 'ft', 'ea'])})$`, 'i');
    for (const written of ['sq. ft', 'SQFT', 'square feet', 'LF', 'linear feet', 'each', 'no.', 'pcs'])
      assert.match(written, words, written);
    for (const written of ["'", 'sq m', 'kg']) assert.doesNotMatch(written, words, written);
  });
});
