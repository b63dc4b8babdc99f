// Shared by start.mjs, build.mjs and test.mjs: the repository root, a way to run
// a tool with its output shown, and `ensureInstalled()`, which runs `npm ci` when
// node_modules is missing or older than package-lock.json.
// Run directly (`node scripts/ensure-installed.mjs`) it just installs when needed.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');

/** True when the module whose import.meta.url is given is the script node was started with. */
export function isMain(url) {
  return !!process.argv[1] && pathToFileURL(process.argv[1]).href === url;
}

/**
 * Runs a program with its output shown (stdout and stderr pass through) and,
 * when `capture` is set, also kept (`quiet`: kept, not shown). Resolves with
 * { code, output }; never rejects for a non-zero exit (code -1 when it could not start).
 */
export function run(command, args, { cwd = ROOT, env = process.env, capture = false, quiet = false } = {}) {
  capture ||= quiet;
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(command, args, {
      cwd,
      env,
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    });
    if (capture) {
      child.stdout.on('data', (chunk) => {
        if (!quiet) process.stdout.write(chunk);
        output += chunk;
      });
      child.stderr.on('data', (chunk) => {
        if (!quiet) process.stderr.write(chunk);
        output += chunk;
      });
    }
    child.once('error', (error) => {
      process.stderr.write(`kerf: could not run ${command}: ${error.message}\n`);
      resolve({ code: -1, output });
    });
    child.once('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), output }));
  });
}

/** Why node_modules needs installing, or undefined when it is current. */
export function installReason() {
  const marker = join(ROOT, 'node_modules/.package-lock.json');
  if (!existsSync(join(ROOT, 'node_modules'))) return 'node_modules is missing';
  if (!existsSync(marker)) return 'node_modules has no .package-lock.json (not installed by npm ci)';
  if (statSync(join(ROOT, 'package-lock.json')).mtimeMs > statSync(marker).mtimeMs)
    return 'package-lock.json is newer than node_modules';
  return undefined;
}

/** Runs `npm ci` when needed; exits the process when it fails. */
export async function ensureInstalled() {
  const reason = installReason();
  if (!reason) return;
  console.log(`kerf: installing dependencies (npm ci) because ${reason}`);
  const env = { ...process.env, npm_config_update_notifier: 'false' };
  // Output held back: when the lock file is out of sync npm ci prints its whole usage text.
  let { code, output } = await run('npm', ['ci', '--no-audit', '--no-fund'], { env, quiet: true });
  if (code !== 0 && /package-lock\.json .*in sync/.test(output)) {
    // npm ci refuses a lock file that no longer matches the package.json files
    // (or lacks optional packages the registry in use does not have).
    console.log('kerf: package-lock.json is out of sync with package.json; running npm install instead');
    ({ code } = await run('npm', ['install', '--no-audit', '--no-fund'], { env }));
  } else {
    process.stdout.write(output);
  }
  if (code !== 0) {
    console.error(`kerf: installing dependencies failed (exit ${code})`);
    process.exit(1);
  }
}

if (isMain(import.meta.url)) await ensureInstalled();
