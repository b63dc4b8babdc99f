// Regenerates libs/contracts/src/generated from proto/ with buf + ts-proto.
// `node scripts/proto.mjs --check` fails (exit 1) when the committed code is stale.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/**
 * buf is fetched on demand into .tools/buf rather than being a devDependency:
 * its npm package lists optional binaries for other platforms that this
 * registry does not serve, which would break `npm ci` on a fresh clone.
 */
function bufBinary() {
  const tools = join(root, '.tools/buf');
  const bin = join(tools, 'node_modules/.bin/buf');
  if (!existsSync(bin)) {
    console.log('Installing buf (protobuf compiler) into .tools/buf');
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        tools,
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        '@bufbuild/buf@1.75.0',
      ],
      { stdio: 'inherit' },
    );
  }
  return bin;
}
const generated = join(root, 'libs/contracts/src/generated');
const check = process.argv.includes('--check');

function generate(into) {
  const template = readFileSync(join(root, 'proto/buf.gen.yaml'), 'utf8').replace(
    '../libs/contracts/src/generated',
    into,
  );
  execFileSync(bufBinary(), ['generate', '--template', template], {
    cwd: join(root, 'proto'),
    stdio: 'inherit',
  });
  execFileSync(
    join(root, 'node_modules/.bin/prettier'),
    ['--write', '--log-level=warn', '--config', join(root, '.prettierrc.json'), '--ignore-path', '', into],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
}

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

if (check) {
  const scratch = mkdtempSync(join(tmpdir(), 'kerf-proto-'));
  try {
    generate(scratch);
    const fresh = new Map(files(scratch).map((f) => [relative(scratch, f), readFileSync(f, 'utf8')]));
    const committed = new Map(files(generated).map((f) => [relative(generated, f), readFileSync(f, 'utf8')]));
    const stale = [...new Set([...fresh.keys(), ...committed.keys()])].filter((f) => fresh.get(f) !== committed.get(f));
    if (stale.length) {
      console.error(`Generated contracts are stale (${stale.join(', ')}): run npm run proto and commit.`);
      process.exit(1);
    }
    console.log('Generated contracts match proto/.');
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
} else {
  rmSync(generated, { recursive: true, force: true });
  generate(generated);
  console.log(`Generated ${relative(root, generated)}`);
}
