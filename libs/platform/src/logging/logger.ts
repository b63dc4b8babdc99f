import pino, { type Logger } from 'pino';
import { currentContext } from './request-context';

/** Structured JSON logs; every line carries the request id of the work it belongs to. */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name: service,
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin() {
      const context = currentContext();
      return context ? { requestId: context.requestId, ...(context.userId ? { userId: context.userId } : {}) } : {};
    },
  });
}

export type { Logger };
