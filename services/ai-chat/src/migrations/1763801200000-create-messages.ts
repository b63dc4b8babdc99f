import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The chat of each project. */
export class CreateMessages1763801200000 implements MigrationInterface {
  name = 'CreateMessages1763801200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        seq bigserial NOT NULL,
        project_id uuid NOT NULL,
        user_id uuid NOT NULL,
        content text NOT NULL,
        sender text NOT NULL CHECK (sender IN ('user', 'ai')),
        type text NOT NULL DEFAULT 'text' CHECK (type IN ('text', 'file')),
        document_id uuid,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX messages_project ON messages (project_id, seq)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE messages`);
  }
}
