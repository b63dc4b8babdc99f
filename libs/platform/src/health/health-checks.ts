export interface DependencyCheck {
  name: string;
  /** Resolves when the dependency answers; rejects (or times out) when it does not. */
  check(): Promise<void>;
}

export interface DependencyStatus {
  name: string;
  up: boolean;
  detail: string;
}

const TIMEOUT_MS = 2_000;

/** Readiness of a process: every dependency it needs answers. */
export class HealthChecks {
  private shuttingDown = false;
  private readonly checks: DependencyCheck[] = [];

  add(check: DependencyCheck): void {
    this.checks.push(check);
  }

  markShuttingDown(): void {
    this.shuttingDown = true;
  }

  async run(): Promise<{ up: boolean; dependencies: DependencyStatus[] }> {
    const dependencies = await Promise.all(
      this.checks.map(async ({ name, check }) => {
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([
            check(),
            new Promise((_, reject) => {
              timer = setTimeout(() => reject(new Error(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
            }),
          ]);
          return { name, up: true, detail: 'ok' };
        } catch (error) {
          return { name, up: false, detail: (error as Error).message || 'down' };
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    if (this.shuttingDown) dependencies.push({ name: 'process', up: false, detail: 'shutting down' });
    return { up: dependencies.every((d) => d.up), dependencies };
  }
}
