import type { MigrationInterface, QueryRunner } from 'typeorm';

/** SPEC §3 ai_preferences: one row per user. */
export class CreateAiPreferences1763801300000 implements MigrationInterface {
  name = 'CreateAiPreferences1763801300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE ai_preferences (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL UNIQUE,
        custom_prompt text,
        context_size int NOT NULL DEFAULT 5 CHECK (context_size BETWEEN 1 AND 50),
        document_focus text,
        response_style text NOT NULL DEFAULT 'standard'
          CHECK (response_style IN ('standard', 'technical', 'simple', 'concise', 'comprehensive')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE ai_preferences`);
  }
}
