// Prints where a V8 .cpuprofile (node --cpu-prof) spent its time: self time by
// package and by function, and inclusive (total) time by function, top N,
// as shares of the non-idle samples. --from=S / --to=S keep only the samples
// taken between S seconds after the profile started and S seconds.
//
//   node scripts/bench/cpuprofile-top.mjs <file.cpuprofile> [N] [--from=S] [--to=S]
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const positional = args.filter((a) => !a.startsWith('--'));
const option = (name, fallback) => {
  const given = args.find((a) => a.startsWith(`--${name}=`));
  return given ? Number(given.slice(name.length + 3)) : fallback;
};
const [file, topArg] = positional;
if (!file) {
  process.stderr.write('usage: node scripts/bench/cpuprofile-top.mjs <file.cpuprofile> [N] [--from=S] [--to=S]\n');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const fromUs = option('from', 0) * 1e6;
const toUs = option('to', Infinity) * 1e6;

const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const label = (cf) =>
  `${cf.functionName || '(anonymous)'} ${cf.url.replace(/^.*node_modules\//, '').replace(/^.*\/work\/main\//, '')}:${cf.lineNumber + 1}`;
const where = (cf) => {
  const url = cf.url || '';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.startsWith('node:')) return 'node core';
  if (url.includes('/work/main/'))
    return url
      .replace(/^.*\/work\/main\//, '')
      .split('/')
      .slice(0, 2)
      .join('/');
  return url ? 'other' : `(${cf.functionName || 'native'})`;
};

const self = new Map();
const inclusive = new Map();
const pkgSelf = new Map();
let total = 0;
let idle = 0;
let t = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  t += dt;
  if (t < fromUs || t > toUs) return;
  const cf = byId.get(id).callFrame;
  if (cf.functionName === '(idle)') {
    idle += dt;
    return;
  }
  total += dt;
  self.set(label(cf), (self.get(label(cf)) ?? 0) + dt);
  pkgSelf.set(where(cf), (pkgSelf.get(where(cf)) ?? 0) + dt);
  const seen = new Set();
  for (let n = id; n !== undefined; n = parent.get(n)) {
    const l = label(byId.get(n).callFrame);
    if (seen.has(l)) continue;
    seen.add(l);
    inclusive.set(l, (inclusive.get(l) ?? 0) + dt);
  }
});
const pct = (us) => `${((us / total) * 100).toFixed(1).padStart(5)} %`;
const print = (title, map) => {
  console.log(`\n${title}:`);
  for (const [k, v] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(v)}  ${k}`);
};
console.log(
  `${file}: ${(total / 1e6).toFixed(1)} s busy, ${(idle / 1e6).toFixed(1)} s idle (shares below are of busy time)`,
);
print('self time by package', pkgSelf);
print('self time by function', self);
print('inclusive time by function', inclusive);
