/**
 * Failpoints let the integration tests kill a process at an exact step
 * ("consumer.after-commit", "relay.after-publish", ...) to prove that nothing
 * is lost or applied twice. They are read from KERF_FAILPOINTS
 * ("name=exit,other=throw") and only honoured when NODE_ENV is test.
 */
const active = new Map<string, 'exit' | 'throw'>();

export function configureFailpoints(spec: string, nodeEnv: string | undefined): void {
  active.clear();
  if (nodeEnv !== 'test' || !spec) return;
  for (const part of spec.split(',')) {
    const [name, action] = part.split('=').map((s) => s.trim());
    if (name && (action === 'exit' || action === 'throw')) active.set(name, action);
  }
}

export function failpoint(name: string): void {
  const action = active.get(name);
  if (action === 'exit') {
    process.stderr.write(`failpoint ${name}: killing the process\n`);
    process.kill(process.pid, 'SIGKILL');
  }
  if (action === 'throw') throw new Error(`failpoint ${name}`);
}
