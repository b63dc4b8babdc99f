import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 17: a DXF's or DWG's linework for the viewer, read once per analysis
 * revision (reading a large drawing takes seconds) and kept with the document
 * (deleted with it). A new revision or geometry format makes it stale.
 */
export class DrawingGeometryCache1795600100000 implements MigrationInterface {
  name = 'DrawingGeometryCache1795600100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE drawing_geometries (
        document_id uuid PRIMARY KEY REFERENCES documents (id) ON DELETE CASCADE,
        analysis_revision int NOT NULL,
        format int NOT NULL,
        geometry_json text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE drawing_geometries`);
  }
}
