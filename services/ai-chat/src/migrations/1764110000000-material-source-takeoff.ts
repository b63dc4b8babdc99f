import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 17: a material can come from the takeoff (a hand takeoff item, or a room, layer or symbol sent by the user). */
export class MaterialSourceTakeoff1764110000000 implements MigrationInterface {
  name = 'MaterialSourceTakeoff1764110000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE materials
        DROP CONSTRAINT materials_source_check,
        ADD CONSTRAINT materials_source_check CHECK (source IN ('manual', 'ai', 'takeoff'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE materials SET source = 'manual' WHERE source = 'takeoff'`);
    await queryRunner.query(`
      ALTER TABLE materials
        DROP CONSTRAINT materials_source_check,
        ADD CONSTRAINT materials_source_check CHECK (source IN ('manual', 'ai'))`);
  }
}
