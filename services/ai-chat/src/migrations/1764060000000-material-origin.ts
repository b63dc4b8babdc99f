import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A material remembers where its quantity came from, and whether the user has kept it. */
export class MaterialOrigin1764060000000 implements MigrationInterface {
  name = 'MaterialOrigin1764060000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE materials ADD COLUMN origin jsonb`);
    await queryRunner.query(
      `ALTER TABLE materials ADD COLUMN status text NOT NULL DEFAULT 'kept' CHECK (status IN ('kept', 'proposed'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE materials DROP COLUMN status, DROP COLUMN origin`);
  }
}
