import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateEstimates1763900000000 implements MigrationInterface {
  name = 'CreateEstimates1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE estimates (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL,
        user_id uuid NOT NULL,
        title text NOT NULL,
        summary text NOT NULL,
        total_cost numeric(12,2) NOT NULL,
        currency text NOT NULL DEFAULT 'USD',
        labor_cost numeric(12,2) NOT NULL,
        material_cost numeric(12,2) NOT NULL,
        equipment_cost numeric(12,2) NOT NULL,
        overhead_percentage numeric(5,2) NOT NULL CHECK (overhead_percentage BETWEEN 0 AND 50),
        profit_margin numeric(5,2) NOT NULL CHECK (profit_margin BETWEEN 0 AND 30),
        estimate_data json NOT NULL,
        status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'final', 'approved', 'archived')),
        generated_by_ai boolean NOT NULL DEFAULT true,
        pdf_url text,
        pdf_key text,
        xlsx_key text,
        valid_until timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX estimates_project_created ON estimates (project_id, created_at DESC)`);
    await queryRunner.query(`
      CREATE TABLE price_lists (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        name text NOT NULL,
        items jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX price_lists_user ON price_lists (user_id, created_at DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE price_lists`);
    await queryRunner.query(`DROP TABLE estimates`);
  }
}
