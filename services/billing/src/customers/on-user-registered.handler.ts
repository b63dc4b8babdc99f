import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@kerf/contracts';
import type { EventHandler } from '@kerf/platform';
import { Customer } from './customer.entity';

/** A new user gets a billing customer record (the payment provider's customer comes with the first subscription). */
@Injectable()
export class OnUserRegisteredHandler implements EventHandler<'user-registered'> {
  readonly eventType = 'user-registered' as const;

  async handle(event: EventEnvelope<'user-registered'>, manager: EntityManager): Promise<void> {
    await manager.insert(Customer, { userId: event.data.userId, email: event.data.email });
  }
}
