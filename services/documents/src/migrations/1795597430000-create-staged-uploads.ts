import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Files of an upload batch, stored and checked but not yet documents: the
 * gateway commits the batch once every file is in (and the project is known),
 * or discards it. Rows left behind are swept after a few hours.
 */
export class CreateStagedUploads1795597430000 implements MigrationInterface {
  name = 'CreateStagedUploads1795597430000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE staged_uploads (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        project_id uuid,
        filename text NOT NULL,
        filetype text NOT NULL,
        filesize bigint NOT NULL CHECK (filesize > 0),
        storage_key text NOT NULL UNIQUE,
        sha256 text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX staged_uploads_created ON staged_uploads (created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE staged_uploads`);
  }
}
