import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Password-reset tokens: only the SHA-256 of each is kept, with its expiry and when it was used. */
export class CreatePasswordResetTokens1763800500000 implements MigrationInterface {
  name = 'CreatePasswordResetTokens1763800500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE password_reset_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX password_reset_tokens_user ON password_reset_tokens (user_id, created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE password_reset_tokens`);
  }
}
