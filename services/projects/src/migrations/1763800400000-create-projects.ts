import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateProjects1763800400000 implements MigrationInterface {
  name = 'CreateProjects1763800400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE projects (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        name text NOT NULL,
        description text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX projects_user_updated ON projects (user_id, updated_at DESC)`);
    await queryRunner.query(`
      CREATE TABLE project_notes (
        project_id uuid PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
        content text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
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
    await queryRunner.query(`DROP TABLE project_notes`);
    await queryRunner.query(`DROP TABLE projects`);
  }
}
