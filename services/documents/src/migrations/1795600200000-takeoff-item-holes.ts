import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 17: an area takeoff item may have holes, rings cut out of it; existing items have none. */
export class TakeoffItemHoles1795600200000 implements MigrationInterface {
  name = 'TakeoffItemHoles1795600200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE takeoff_items ADD COLUMN holes jsonb NOT NULL DEFAULT '[]'::jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE takeoff_items DROP COLUMN holes`);
  }
}
