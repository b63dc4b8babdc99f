import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The user's plan as billing's subscription events say it: the upload size limit is decided here. */
export class CreateEntitlements1795600000000 implements MigrationInterface {
  name = 'CreateEntitlements1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE entitlements (
        user_id uuid PRIMARY KEY,
        plan text NOT NULL,
        status text NOT NULL,
        current_period_end timestamptz,
        as_of timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE entitlements`);
  }
}
