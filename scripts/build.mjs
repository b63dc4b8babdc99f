// `npm run build`: installs what is missing, compiles the backend (tsc -b, each
// package into its dist/) and builds the frontend (vite, into frontend/dist)
// unless frontend/dist is newer than everything it is built from.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, ensureInstalled, isMain, run } from './ensure-installed.mjs';

const FRONTEND = join(ROOT, 'frontend');
// The frontend bundles libs/takeoff from its sources (tsconfig paths): a change there is a change of the frontend.
const FRONTEND_INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
  'tsconfig.json',
  '../libs/takeoff/src',
];

/** The newest modification time of a file, or of any file under a folder (0 when absent). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs; // a deleted file changes its folder
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

/** True when frontend/dist/index.html is newer than every input of the frontend build. */
export function frontendUpToDate() {
  const built = join(FRONTEND, 'dist/index.html');
  if (!existsSync(built)) return false;
  const inputs = Math.max(...FRONTEND_INPUTS.map((input) => newest(join(FRONTEND, input))));
  return statSync(built).mtimeMs > inputs;
}

/** Compiles the backend with `tsc -b`. Resolves true on success. */
export async function buildBackend() {
  console.log('kerf: compiling the backend (tsc -b)');
  const { code } = await run(join(ROOT, 'node_modules/.bin/tsc'), ['-b']);
  if (code !== 0) console.error(`kerf: tsc -b failed (exit ${code})`);
  return code === 0;
}

/** Builds the frontend with vite unless it is up to date. Resolves true on success. */
export async function buildFrontend() {
  if (frontendUpToDate()) {
    console.log('kerf: frontend/dist is up to date');
    return true;
  }
  console.log('kerf: building the frontend (vite build)');
  const { code } = await run('npm', ['run', 'build', '-w', '@kerf/frontend', '--silent']);
  if (code !== 0) console.error(`kerf: frontend build failed (exit ${code})`);
  return code === 0;
}

/** Backend then frontend; stops at the first failure. Resolves true on success. */
export async function build() {
  return (await buildBackend()) && (await buildFrontend());
}

if (isMain(import.meta.url)) {
  await ensureInstalled();
  process.exit((await build()) ? 0 : 1);
}
