import { Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's recommended floor (m = 19 MiB, t = 2, p = 1). Each hash
 * costs ~19 MiB and a core for tens of milliseconds, so at most two run at once.
 */
const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const MAX_CONCURRENT = 2;

let running = 0;
const waiting: Array<() => void> = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export const hashPassword = (password: string) => limited(() => hash(password, OPTIONS));
export const verifyPassword = (passwordHash: string, password: string) => limited(() => verify(passwordHash, password));
