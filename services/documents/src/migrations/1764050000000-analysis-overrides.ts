import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The corrections a user makes to a document (drawing units, calibrated page
 * scales), applied on every analysis; the revision of the stored analysis; and
 * the state of an analysis being redone after a correction, while the previous
 * one stays readable.
 */
export class AnalysisOverrides1764050000000 implements MigrationInterface {
  name = 'AnalysisOverrides1764050000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE documents
        ADD COLUMN overrides jsonb NOT NULL DEFAULT '{}',
        ADD COLUMN analysis_revision int NOT NULL DEFAULT 0,
        ADD COLUMN reanalysis text CHECK (reanalysis IN ('pending', 'processing')),
        ADD COLUMN reanalysis_error text`);
    // An analysis stored before revisions were counted is the first.
    await queryRunner.query(
      `UPDATE documents d SET analysis_revision = 1
        WHERE EXISTS (SELECT 1 FROM document_analyses a WHERE a.document_id = d.id)`,
    );
    await queryRunner.query(
      `CREATE INDEX documents_reanalysis ON documents (uploaded_at) WHERE reanalysis IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX documents_reanalysis`);
    await queryRunner.query(`
      ALTER TABLE documents
        DROP COLUMN reanalysis_error,
        DROP COLUMN reanalysis,
        DROP COLUMN analysis_revision,
        DROP COLUMN overrides`);
  }
}
