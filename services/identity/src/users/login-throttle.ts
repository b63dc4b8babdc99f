import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { RpcErrors } from '@kerf/platform';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';

const CLEANUP_EVERY_MS = 10 * 60 * 1000;

/** "1 minute", "15 minutes". */
const minutes = (seconds: number) => {
  const n = Math.max(1, Math.ceil(seconds / 60));
  return `${n} minute${n === 1 ? '' : 's'}`;
};

/**
 * Throttles password guessing. Failures are counted per account (the
 * normalised e-mail, whether or not it has an account, so the throttle tells
 * nothing about which e-mails exist) and per client address, over a sliding
 * window. Past either limit every attempt is refused with 429 and the time to
 * wait, without checking the password. A successful login clears the
 * account's count (the address count stays: one good account must not unlock
 * guessing at others).
 */
@Injectable()
export class LoginThrottle implements OnModuleInit, OnModuleDestroy {
  private cleanup?: NodeJS.Timeout;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  onModuleInit() {
    this.cleanup = setInterval(() => void this.forgetOld().catch(() => undefined), CLEANUP_EVERY_MS);
    this.cleanup.unref();
  }

  onModuleDestroy() {
    clearInterval(this.cleanup);
  }

  /** Throws RESOURCE_EXHAUSTED (429) when the account or the address has used up its attempts. */
  async assertAllowed(username: string, address: string | undefined): Promise<void> {
    const waits = await Promise.all([
      this.secondsToWait('username', username, this.config.LOGIN_MAX_FAILURES_PER_ACCOUNT),
      address ? this.secondsToWait('address', address, this.config.LOGIN_MAX_FAILURES_PER_ADDRESS) : 0,
    ]);
    const wait = Math.max(...waits);
    if (wait > 0) {
      throw RpcErrors.tooMany({
        message: `Too many failed login attempts. Please try again in ${minutes(wait)}.`,
        code: 'TOO_MANY_ATTEMPTS',
        retryAfterSeconds: wait,
      });
    }
  }

  async recordFailure(username: string, address: string | undefined): Promise<void> {
    await this.dataSource.query(`INSERT INTO login_failures (username, address) VALUES ($1, $2)`, [
      username,
      address ?? null,
    ]);
  }

  async recordSuccess(username: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM login_failures WHERE username = $1`, [username]);
  }

  /**
   * Seconds until fewer than `limit` failures remain in the window: the
   * limit-th most recent failure leaving the window is what frees the next try.
   */
  private async secondsToWait(column: 'username' | 'address', value: string, limit: number): Promise<number> {
    const rows: Array<{ wait: string }> = await this.dataSource.query(
      `SELECT EXTRACT(EPOCH FROM (failed_at + make_interval(mins => $2) - now())) AS wait
         FROM login_failures
        WHERE ${column} = $1 AND failed_at > now() - make_interval(mins => $2)
        ORDER BY failed_at DESC
       OFFSET $3 LIMIT 1`,
      [value, this.config.LOGIN_WINDOW_MINUTES, limit - 1],
    );
    const wait = rows[0] ? Math.ceil(Number(rows[0].wait)) : 0;
    return wait > 0 ? wait : 0;
  }

  private async forgetOld(): Promise<void> {
    await this.dataSource.query(`DELETE FROM login_failures WHERE failed_at < now() - make_interval(mins => $1)`, [
      this.config.LOGIN_WINDOW_MINUTES,
    ]);
  }
}
