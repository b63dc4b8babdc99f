import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The materials list of each project. */
export class CreateMaterials1763801100000 implements MigrationInterface {
  name = 'CreateMaterials1763801100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE materials (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL,
        user_id uuid NOT NULL,
        name text NOT NULL,
        quantity numeric(18, 4) NOT NULL CHECK (quantity >= 0),
        unit text NOT NULL,
        category text,
        notes text,
        source text NOT NULL DEFAULT 'manual' CHECK (source IN ('manual', 'ai')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX materials_project ON materials (project_id, created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE materials`);
  }
}
