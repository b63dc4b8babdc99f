import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Documents, their analyses, and the page and sheet text the chat searches
 * (a Postgres full-text index).
 */
export class CreateDocuments1763801000000 implements MigrationInterface {
  name = 'CreateDocuments1763801000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE documents (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL,
        user_id uuid NOT NULL,
        filename text NOT NULL,
        filetype text NOT NULL,
        filesize bigint NOT NULL CHECK (filesize > 0),
        document_type text NOT NULL CHECK (document_type IN ('project', 'bid')),
        storage_key text NOT NULL UNIQUE,
        sha256 text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'processing', 'analyzed', 'failed')),
        error text,
        analysis_attempts int NOT NULL DEFAULT 0,
        processing_started_at timestamptz,
        uploaded_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX documents_project ON documents (project_id, uploaded_at DESC)`);
    await queryRunner.query(
      `CREATE INDEX documents_waiting ON documents (uploaded_at) WHERE status IN ('pending', 'processing')`,
    );
    await queryRunner.query(`
      CREATE TABLE document_analyses (
        document_id uuid PRIMARY KEY REFERENCES documents (id) ON DELETE CASCADE,
        analysis jsonb NOT NULL,
        analyzed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE document_pages (
        document_id uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
        project_id uuid NOT NULL,
        page int NOT NULL,
        sheet text,
        body text NOT NULL,
        tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', coalesce(sheet, '') || ' ' || body)) STORED,
        PRIMARY KEY (document_id, page)
      )`);
    await queryRunner.query(`CREATE INDEX document_pages_search ON document_pages USING gin (tsv)`);
    await queryRunner.query(`CREATE INDEX document_pages_project ON document_pages (project_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE document_pages`);
    await queryRunner.query(`DROP TABLE document_analyses`);
    await queryRunner.query(`DROP TABLE documents`);
  }
}
