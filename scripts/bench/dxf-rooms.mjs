// The DXF takeoff's time on the corpus plans, now that rooms only walls bound are searched for (linework-rooms.ts):
// a warm-up read of each, then the median of five. Compare against a build of the commit before.
//
//   npm run build && bash scripts/with-node24.sh node scripts/bench/dxf-rooms.mjs
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const ROOT = new URL('../..', import.meta.url).pathname;
const { analyzeDocument } = require(`${ROOT}services/documents/dist/src/analysis/analyze-document.js`);
{
  const files = [
    'skymakerolof-dxf_floorplan.dxf',
    'skymakerolof-dxf_Ceco.NET-Architecture-Tm-53.dxf',
    'dxf-parser_api-cw750-details.dxf',
  ];
  const units = { units: { unit: 'in', setBy: 'x', setAt: '2026-01-01' } };
  for (const f of files) await analyzeDocument(`${ROOT}test/corpus/${f}`, 'dxf', f.includes('floorplan') ? units : {});
  for (const f of files) {
    const times = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await analyzeDocument(`${ROOT}test/corpus/${f}`, 'dxf', f.includes('floorplan') ? units : {});
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(f, 'median', times[2].toFixed(0), 'ms');
  }
  console.log('peak rss', (process.resourceUsage().maxRSS / 1024).toFixed(0), 'MB');
}
