import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { ensureDatabase, dropDatabase } from '../database/ensure-database';
import { databaseUrl, resolveInfra, type Infra } from '../infra/resolve-infra';

let infra: Promise<Infra> | undefined;

async function dockerAnswers(): Promise<boolean> {
  try {
    await promisify(execFile)('docker', ['info', '--format', '{{.ServerVersion}}'], { timeout: 3_000 });
    return true;
  } catch {
    return false;
  }
}

/** Postgres, NATS and MinIO in containers, when a Docker engine answers and the environment names none. */
async function containerInfra(): Promise<Infra> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const postgres = await new GenericContainer('postgres:17')
    .withEnvironment({ POSTGRES_PASSWORD: 'postgres' })
    .withExposedPorts(5432)
    .withWaitStrategy(Wait.forLogMessage(/ready to accept connections/, 2))
    .start();
  const nats = await new GenericContainer('nats:2').withCommand(['-js']).withExposedPorts(4222).start();
  const minio = await new GenericContainer('minio/minio')
    .withCommand(['server', '/data'])
    .withExposedPorts(9000)
    .withWaitStrategy(Wait.forHttp('/minio/health/ready', 9000))
    .start();
  return {
    postgresUrl: `postgres://postgres:postgres@${postgres.getHost()}:${postgres.getMappedPort(5432)}/postgres`,
    natsUrl: `nats://${nats.getHost()}:${nats.getMappedPort(4222)}`,
    s3: {
      endpoint: `http://${minio.getHost()}:${minio.getMappedPort(9000)}`,
      region: 'us-east-1',
      accessKeyId: 'minioadmin',
      secretAccessKey: 'minioadmin',
      bucket: 'kerf',
      forcePathStyle: true,
    },
    notes: ['testcontainers: postgres, nats, minio'],
    async stop() {
      await Promise.all([postgres.stop(), nats.stop(), minio.stop()]);
    },
  };
}

/**
 * The infrastructure for integration tests, once per test process: from the
 * environment (DATABASE_URL, NATS_URL, S3_ENDPOINT) when set; else containers
 * when a Docker engine answers; else the same local resolution as `npm start`
 * (servers already listening, or embedded ones in a temporary folder).
 */
export function testInfra(): Promise<Infra> {
  infra ??= (async () => {
    const env = process.env;
    const named = env.DATABASE_URL || env.NATS_URL || env.S3_ENDPOINT;
    if (!named && (await dockerAnswers())) return containerInfra();
    return resolveInfra({
      dataDir: mkdtempSync(join(tmpdir(), 'kerf-test-')),
      env,
      embeddedPostgresPort: 54339,
      unref: true,
    });
  })();
  return infra;
}

/** A new, empty database for one test suite, dropped by `drop()`. */
export async function freshDatabase(label: string): Promise<{ url: string; drop(): Promise<void> }> {
  const { postgresUrl } = await testInfra();
  const name = `test_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  const url = databaseUrl(postgresUrl, name);
  await ensureDatabase(url);
  return { url, drop: () => dropDatabase(url) };
}

/** A stream and subject prefix of its own, so suites running side by side never see each other's events. */
export function isolatedEvents(): { EVENTS_STREAM: string; EVENTS_SUBJECT_PREFIX: string } {
  const id = randomBytes(4).toString('hex');
  return { EVENTS_STREAM: `TEST_${id}`, EVENTS_SUBJECT_PREFIX: `test${id}` };
}
