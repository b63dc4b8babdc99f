import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import { KerfProcess, freePort, freshDatabase, isolatedEvents, testInfra } from '../src/testing';

const REPO = join(__dirname, '../../../..');
const entry = (service: string) => join(REPO, 'services', service, 'dist/src/main.js');

describe('a service process', () => {
  it('stops at start with one line naming a malformed variable', () => {
    const result = spawnSync(process.execPath, [entry('projects')], {
      env: {
        ...process.env,
        GRPC_PORT: 'eighty',
        DATABASE_URL: 'postgres://x@127.0.0.1/y',
        NATS_URL: 'nats://127.0.0.1:4222',
      },
      encoding: 'utf8',
      timeout: 20_000,
    });
    assert.equal(result.status, 1);
    const lines = result.stderr.trim().split('\n');
    assert.equal(lines.length, 1, result.stderr);
    assert.match(lines[0]!, /^kerf projects: configuration error: GRPC_PORT: expected a port number/);
  });

  it('names a missing variable', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, GRPC_PORT: '50999' };
    delete env.DATABASE_URL;
    const result = spawnSync(process.execPath, [entry('blog')], { env, encoding: 'utf8', timeout: 20_000 });
    assert.equal(result.status, 1);
    assert.match(result.stderr, /DATABASE_URL: expected a postgres:\/\/ URL of the service database/);
  });

  it('creates its own database, runs migrations, and shuts down cleanly on SIGTERM', async () => {
    const infra = await testInfra();
    const db = await freshDatabase('start');
    await db.drop(); // the service must create it
    try {
      const service = new KerfProcess('identity', entry('identity'), {
        DATABASE_URL: db.url,
        NATS_URL: infra.natsUrl,
        GRPC_PORT: String(await freePort()),
        GRPC_HOST: '127.0.0.1',
        ...isolatedEvents(),
      }).start();
      await service.waitFor(/serving gRPC/);
      const client = new Client({ connectionString: db.url });
      await client.connect();
      const { rows } = await client.query('SELECT name FROM migrations ORDER BY id');
      await client.end();
      assert.deepEqual(
        rows.map((r: { name: string }) => r.name),
        [
          'CreateEventTables1763800000000',
          'CreateUsers1763800100000',
          'CreateSessions1763800300000',
          'CreatePasswordResetTokens1763800500000',
          'CreateLoginFailures1763800600000',
          'AddSubscriptionAsOf1763800800000',
        ],
      );
      assert.equal(await service.stop('SIGTERM'), 0);
      assert.match(service.output, /identity stopped/);
    } finally {
      await db.drop();
    }
  });
});
