import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Users' own assemblies and their remembered pricing choices (issue 15). */
export class AssembliesAndPriceMappings1764000000000 implements MigrationInterface {
  name = 'AssembliesAndPriceMappings1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE assemblies (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        code text NOT NULL,
        name text NOT NULL,
        description text NOT NULL,
        division text NOT NULL,
        unit text NOT NULL,
        keywords text NOT NULL DEFAULT '',
        components jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, code)
      )`);
    await queryRunner.query(`CREATE INDEX assemblies_user ON assemblies (user_id)`);
    await queryRunner.query(`
      CREATE TABLE price_mappings (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        source_key text NOT NULL,
        target_kind text NOT NULL CHECK (target_kind IN ('item', 'assembly')),
        target_code text NOT NULL,
        target_name text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, source_key)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE price_mappings`);
    await queryRunner.query(`DROP TABLE assemblies`);
  }
}
