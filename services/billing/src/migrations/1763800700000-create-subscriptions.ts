import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Subscriptions, the local provider's setup intents, and the Stripe webhook events already handled. */
export class CreateSubscriptions1763800700000 implements MigrationInterface {
  name = 'CreateSubscriptions1763800700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE subscriptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        plan text NOT NULL CHECK (plan IN ('monthly', 'quarterly', 'yearly')),
        status text NOT NULL CHECK (status IN ('incomplete', 'trialing', 'active', 'past_due', 'canceled')),
        provider text NOT NULL,
        provider_subscription_id text UNIQUE,
        setup_intent_id text,
        trial_end timestamptz,
        current_period_end timestamptz,
        cancel_at_period_end boolean NOT NULL DEFAULT false,
        provider_state_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // At most one live subscription per user, whatever races.
    await queryRunner.query(`
      CREATE UNIQUE INDEX subscriptions_one_live_per_user ON subscriptions (user_id)
        WHERE status IN ('trialing', 'active', 'past_due')`);
    await queryRunner.query(
      `CREATE INDEX subscriptions_due ON subscriptions (current_period_end) WHERE status <> 'canceled'`,
    );
    await queryRunner.query(`
      CREATE TABLE local_setup_intents (
        id text PRIMARY KEY,
        client_secret text NOT NULL UNIQUE,
        user_id uuid NOT NULL,
        status text NOT NULL,
        card_brand text,
        card_last4 text,
        fails_renewal boolean NOT NULL DEFAULT false,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE webhook_events (
        id text PRIMARY KEY,
        type text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE webhook_events`);
    await queryRunner.query(`DROP TABLE local_setup_intents`);
    await queryRunner.query(`DROP TABLE subscriptions`);
  }
}
