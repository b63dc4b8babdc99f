import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Failed logins, counted per account (the normalised e-mail, known or not) and
 * per client address over a sliding window to throttle password guessing.
 */
export class CreateLoginFailures1763800600000 implements MigrationInterface {
  name = 'CreateLoginFailures1763800600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE login_failures (
        id bigserial PRIMARY KEY,
        username text NOT NULL,
        address text,
        failed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX login_failures_username ON login_failures (username, failed_at)`);
    await queryRunner.query(`CREATE INDEX login_failures_address ON login_failures (address, failed_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE login_failures`);
  }
}
