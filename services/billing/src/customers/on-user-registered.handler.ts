import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@kerf/contracts';
import type { EventHandler } from '@kerf/platform';

/**
 * A new user gets a billing customer record (the payment provider's customer
 * comes with the first subscription). A subscribe flow that got here first
 * made the row without the e-mail; the event fills it in.
 */
@Injectable()
export class OnUserRegisteredHandler implements EventHandler<'user-registered'> {
  readonly eventTypes = ['user-registered'] as const;

  async handle(event: EventEnvelope<'user-registered'>, manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO customers (user_id, email) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email`,
      [event.data.userId, event.data.email],
    );
  }
}
