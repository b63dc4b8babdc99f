import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { SERVICES, grpcUrlVariable, processRuntime, type ServiceName } from '@kerf/contracts';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { serviceEnvironment } from '../infra/resolve-infra';
import { freshDatabase, isolatedEvents, testInfra } from './test-infra';

const REPO = join(__dirname, '../../../../..');

/**
 * A port nothing listens on, drawn from below the kernel's ephemeral range
 * (32768 and up): a port the kernel handed out for `listen(0)` can meanwhile
 * become the local end of some other test's outgoing connection, and the
 * process it was meant for then fails to bind it.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(port)) return port;
    if (attempt === 50) throw new Error('no free port found between 20000 and 32000');
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A Kerf process (a service or the gateway) started from its compiled entry point, with its output kept for assertions. */
export class KerfProcess {
  output = '';
  private child?: ChildProcess;
  private exitedPromise?: Promise<number | null>;

  constructor(
    readonly name: string,
    private readonly entry: string,
    public env: Record<string, string>,
  ) {}

  start(extraEnv: Record<string, string> = {}): this {
    this.output = '';
    const runtime = processRuntime(this.name as ServiceName | 'gateway');
    const child = spawn(process.execPath, [...runtime.execArgv, this.entry], {
      cwd: REPO,
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...runtime.env, ...this.env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exitedPromise = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    this.child = child;
    return this;
  }

  /** The operating system's id of the running process (benchmarks read its memory from /proc). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  exited(): Promise<number | null> {
    return this.exitedPromise ?? Promise.resolve(null);
  }

  /** Waits until the output matches, or fails with the output so far. */
  async waitFor(pattern: RegExp, timeoutMs = 20_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!pattern.test(this.output)) {
      if (Date.now() > until)
        throw new Error(`${this.name}: no ${pattern} within ${timeoutMs} ms. Output:\n${this.output.slice(-4000)}`);
      if (!this.running) throw new Error(`${this.name} exited before ${pattern}. Output:\n${this.output.slice(-4000)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    if (!this.running) return this.child?.exitCode ?? null;
    this.child!.kill(signal);
    return this.exited();
  }
}

/**
 * How long a stack's process may take to start. Two suites start five or six
 * processes and a browser at once on two cores; on a slow machine one took over 20 s.
 * The fault suite, starting all seven on a loaded machine, allows more (KERF_START_TIMEOUT_MS).
 */
const startTimeoutMs = () => Number(process.env.KERF_START_TIMEOUT_MS) || 60_000;

export interface TestStack {
  gatewayUrl: string;
  services: Partial<Record<ServiceName, KerfProcess>>;
  gateway: KerfProcess;
  databases: Partial<Record<ServiceName, string>>;
  stop(): Promise<void>;
}

/**
 * Starts the named services and the gateway as real processes against the test
 * infrastructure: each service with a fresh database and free port, all with
 * an event stream of their own.
 */
export async function startStack(
  names: ServiceName[],
  env: Partial<Record<ServiceName | 'gateway', Record<string, string>>> = {},
): Promise<TestStack> {
  // Two suites run at once; a port can still be taken between choosing and binding it.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startStackOnce(names, env);
    } catch (error) {
      if (attempt === 3 || !/EADDRINUSE|address already in use|No address added/i.test(String(error))) throw error;
    }
  }
}

async function startStackOnce(
  names: ServiceName[],
  env: Partial<Record<ServiceName | 'gateway', Record<string, string>>>,
): Promise<TestStack> {
  const infra = await testInfra();
  const events = isolatedEvents();
  const services: TestStack['services'] = {};
  const databases: TestStack['databases'] = {};
  const drops: Array<() => Promise<void>> = [];
  const gatewayEnv: Record<string, string> = {};
  const gatewayPort = await freePort();
  const ports: Partial<Record<ServiceName, number>> = {};
  for (const name of names) {
    ports[name] = await freePort();
    gatewayEnv[grpcUrlVariable(name)] = `127.0.0.1:${ports[name]}`;
  }
  // Services not started still need an address (a service's peers and the gateway
  // must not reach another stack's service on its standard port); nothing listens there.
  for (const [name, contract] of Object.entries(SERVICES) as [ServiceName, (typeof SERVICES)[ServiceName]][]) {
    gatewayEnv[grpcUrlVariable(name)] ??= `127.0.0.1:${contract.port + 20_000}`;
  }
  for (const name of names) {
    const db = await freshDatabase(name);
    drops.push(db.drop);
    databases[name] = db.url;
    services[name] = new KerfProcess(name, join(REPO, 'services', name, 'dist/src/main.js'), {
      ...serviceEnvironment(infra, 'unused'),
      // Services call each other (documents asks projects who owns a project).
      ...gatewayEnv,
      DATABASE_URL: db.url,
      GRPC_PORT: String(ports[name]),
      GRPC_HOST: '127.0.0.1',
      // Links the services write (password-reset mail, payment return) point at this stack's gateway.
      APP_URL: `http://127.0.0.1:${gatewayPort}`,
      ...events,
      ...(env[name] ?? {}),
    });
  }
  const gateway = new KerfProcess('gateway', join(REPO, 'gateway/dist/src/main.js'), {
    PORT: String(gatewayPort),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${gatewayPort}`,
    ALLOWED_ORIGINS: `http://127.0.0.1:${gatewayPort},http://localhost:${gatewayPort}`,
    // The gateway listens for security events (docs/decisions/0008) on the suite's own subjects.
    NATS_URL: infra.natsUrl,
    EVENTS_SUBJECT_PREFIX: events.EVENTS_SUBJECT_PREFIX,
    ...gatewayEnv,
    ...(env.gateway ?? {}),
  });
  try {
    await Promise.all(
      Object.values(services).map(async (service) => {
        service.start();
        await service.waitFor(/serving gRPC/, startTimeoutMs());
      }),
    );
    gateway.start();
    await gateway.waitFor(/gateway listening/, startTimeoutMs());
  } catch (error) {
    // A stack that did not come up leaves no processes, databases or streams behind.
    await Promise.all([gateway.stop(), ...Object.values(services).map((s) => s.stop())]).catch(() => undefined);
    for (const drop of drops) await drop().catch(() => undefined);
    await deleteStreams(infra.natsUrl, events.EVENTS_STREAM).catch(() => undefined);
    throw error;
  }
  return {
    gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
    services,
    gateway,
    databases,
    async stop() {
      await Promise.all([gateway.stop(), ...Object.values(services).map((s) => s.stop())]);
      for (const drop of drops) await drop().catch(() => undefined);
      await deleteStreams(infra.natsUrl, events.EVENTS_STREAM);
    },
  };
}

/** Removes a test's event streams so the shared NATS server does not collect them. */
export async function deleteStreams(natsUrl: string, stream: string): Promise<void> {
  const nc = await connect({ servers: natsUrl });
  try {
    const jsm = await jetstreamManager(nc);
    for (const name of [stream, `${stream}_DLQ`]) await jsm.streams.delete(name).catch(() => undefined);
  } finally {
    await nc.close();
  }
}
