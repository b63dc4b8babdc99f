// Writes services/documents/assets/warm-up-plans.pdf: the plan sheets a spare analysis child reads
// before it is given a user's file (analysis-runner.ts), so the code a PDF takeoff runs is compiled
// by V8 ahead of the user's wait. Four generated plans at the scales estimators meet, with and
// without printed areas, room outlines and flattened door swings. Run after `npm run build`:
//
//   bash scripts/with-node24.sh node scripts/warm-up-plans.mjs
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const ROOT = new URL('..', import.meta.url).pathname;
const DIST = `${ROOT}services/documents/dist/test/analysis`;
const { writePdf } = require(`${DIST}/pdf-fixture-writer.js`);
const { planSheet } = require(`${DIST}/pdf-plan-fixture.js`);

const sheets = [
  { feetPerPoint: 1 / 18, note: `1/4" = 1'-0"`, printedAreas: true },
  { feetPerPoint: 1 / 9, note: `1/8" = 1'-0"`, arcsAsLines: true },
  { feetPerPoint: 50 / 864, note: '1:50', roomOutlines: true, printedAreas: true },
  { feetPerPoint: 100 / 864, note: '1:100', fixtureTags: true },
];
const out = `${ROOT}services/documents/assets/warm-up-plans.pdf`;
writeFileSync(
  out,
  writePdf(
    sheets.map((options) => planSheet(options).page),
    792,
    612,
  ),
);
console.log(`wrote ${out}`);
