import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 17: the measurements a user takes by hand on a document's pages. They
 * belong to the document (deleted with it) and are measured again when the
 * page's scale changes.
 */
export class TakeoffItems1764100000000 implements MigrationInterface {
  name = 'TakeoffItems1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE takeoff_items (
        id uuid PRIMARY KEY,
        document_id uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
        project_id uuid NOT NULL,
        user_id uuid NOT NULL,
        page int NOT NULL CHECK (page >= 1),
        kind text NOT NULL CHECK (kind IN ('length', 'area', 'count')),
        name text NOT NULL,
        category text,
        points jsonb NOT NULL,
        quantity numeric(18, 4) NOT NULL,
        unit text NOT NULL CHECK (unit IN ('LF', 'SF', 'EA')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX takeoff_items_document ON takeoff_items (document_id, page)`);
    await queryRunner.query(`CREATE INDEX takeoff_items_project ON takeoff_items (project_id, user_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE takeoff_items`);
  }
}
