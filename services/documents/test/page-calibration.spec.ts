import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { calibratePage } from '../src/documents/page-calibration';

const letter = { widthPts: 612, heightPts: 792 };
const line = { from: { x: 100, y: 92 }, to: { x: 280, y: 92 } };

const feetPerPoint = (result: ReturnType<typeof calibratePage>) => {
  assert.ok('feetPerPoint' in result, JSON.stringify(result));
  return result.feetPerPoint;
};

describe('calibrating a PDF page from a line of known length', () => {
  it('gives 1/18 ft per point for a 180 pt line of 10 ft (1/4" = 1\'-0"), in any unit and direction', () => {
    const cases: Array<[number, string]> = [
      [10, 'ft'],
      [120, 'in'],
      [3.048, 'm'],
      [304.8, 'cm'],
      [3048, 'mm'],
    ];
    for (const [distance, unit] of cases) {
      const result = calibratePage({ ...line, distance, unit }, letter);
      assert.ok(Math.abs(feetPerPoint(result) - 1 / 18) < 1e-12, `${distance} ${unit}`);
    }
    const diagonal = calibratePage({ from: { x: 0, y: 0 }, to: { x: 108, y: 144 }, distance: 10, unit: 'ft' }, letter);
    assert.ok(Math.abs(feetPerPoint(diagonal) - 10 / 180) < 1e-12, 'a 108 × 144 pt diagonal is 180 pt long');
  });

  it('says what is wrong with a calibration that means nothing', () => {
    const message = (input: Parameters<typeof calibratePage>[0], page = letter) => {
      const result = calibratePage(input, page);
      assert.ok('error' in result, JSON.stringify(input));
      return result.error;
    };
    assert.match(message({ ...line, to: line.from, distance: 10, unit: 'ft' }), /same point/);
    assert.match(message({ ...line, distance: 0, unit: 'ft' }), /greater than zero/);
    assert.match(message({ ...line, distance: Number.NaN, unit: 'ft' }), /greater than zero/);
    assert.match(message({ ...line, distance: 10, unit: 'yd' }), /unit must be one of in, ft, mm, cm or m/);
    assert.match(message({ ...line, from: undefined, distance: 10, unit: 'ft' }), /from and to must each be a point/);
    assert.equal(
      message({ from: { x: 100, y: 92 }, to: { x: 700, y: 92 }, distance: 10, unit: 'ft' }),
      'to [700, 92] is outside the page, which is 612 × 792 points (origin top left, y down).',
    );
  });

  it('takes a point at the very edge of the page as on it', () => {
    const result = calibratePage({ from: { x: 0, y: 0 }, to: { x: 612.4, y: 0 }, distance: 34, unit: 'ft' }, letter);
    assert.ok(feetPerPoint(result) > 0);
  });
});
