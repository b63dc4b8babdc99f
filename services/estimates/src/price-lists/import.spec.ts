import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseCsv, rowsToItems } from './import';

describe('price list import', () => {
  it('parses quoted fields, doubled quotes, CRLF and blank lines', () => {
    assert.deepEqual(parseCsv('a,b\r\n"x, y","say ""hi"""\r\n\r\n3,4'), [
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['3', '4'],
    ]);
    assert.deepEqual(parseCsv(Buffer.from('\uFEFFname,unit\n,\nBrick,ea\n')), [
      ['name', 'unit'],
      ['Brick', 'ea'],
    ]);
  });

  it('refuses a file that is not CSV with a reason, instead of guessing its rows', () => {
    assert.throws(
      () => parseCsv('name,unit,material cost\n"Brick,ea,1\n'),
      (error: unknown) => {
        const details = JSON.parse((error as { getError(): { message: string } }).getError().message) as {
          message: string;
        };
        assert.match(details.message, /^The file could not be read as CSV: .*quote/i);
        return true;
      },
    );
  });

  it('maps header names, strips dollar signs and fills defaults', () => {
    const items = rowsToItems([
      ['Item', 'Unit', 'Material Cost ($)', 'Labour Hours'],
      ['Brick', 'ea', '$0.80', '0.05'],
    ]);
    assert.deepEqual(items, [
      {
        code: 'ROW-2',
        division: 'Custom items',
        name: 'Brick',
        unit: 'ea',
        materialCost: '0.80',
        laborHours: '0.05',
        equipmentCost: '0',
      },
    ]);
  });

  it('rejects the whole file naming the first bad row', () => {
    const bad = (rows: string[][]) => () => rowsToItems(rows);
    const message = (text: string) => (error: unknown) => {
      const details = JSON.parse((error as { getError(): { message: string } }).getError().message) as {
        message: string;
      };
      assert.equal(details.message, text);
      return true;
    };
    assert.throws(
      bad([
        ['name', 'unit', 'material cost'],
        ['Brick', 'ea', '1'],
        ['Block', 'ea', 'abc'],
      ]),
      message('Row 3: material cost "abc" must be an amount like 12.50.'),
    );
    assert.throws(
      bad([
        ['name', 'unit'],
        ['Brick', 'ea'],
      ]),
      message(
        'The header row must name the columns: name, unit, material cost, labor hours, equipment cost (code and division optional).',
      ),
    );
    assert.throws(
      bad([['name', 'unit', 'material cost']]),
      message('The file needs a header row and at least one item.'),
    );
  });
});
