import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsers1763800100000 implements MigrationInterface {
  name = 'CreateUsers1763800100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        username text NOT NULL,
        password_hash text NOT NULL,
        first_name text,
        last_name text,
        subscription_tier text DEFAULT 'free',
        subscription_expires_at timestamptz,
        stripe_customer_id text,
        stripe_subscription_id text,
        email_verified boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT users_username_lower CHECK (username = lower(btrim(username)))
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX users_username_key ON users (username)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE users`);
  }
}
