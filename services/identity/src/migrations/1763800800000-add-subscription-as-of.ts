import type { MigrationInterface, QueryRunner } from 'typeorm';

/** When billing's last applied subscription event happened, so a late event cannot roll the user back. */
export class AddSubscriptionAsOf1763800800000 implements MigrationInterface {
  name = 'AddSubscriptionAsOf1763800800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN subscription_as_of timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP COLUMN subscription_as_of`);
  }
}
