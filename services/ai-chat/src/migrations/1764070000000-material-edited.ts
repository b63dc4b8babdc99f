import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A material remembers whether the user changed its quantity or unit by hand, so
 * that neither a repeated answer nor a re-analysed drawing overwrites the change;
 * and a project's materials are looked up by their origin's document.
 */
export class MaterialEdited1764070000000 implements MigrationInterface {
  name = 'MaterialEdited1764070000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE materials ADD COLUMN edited boolean NOT NULL DEFAULT false`);
    await queryRunner.query(
      `CREATE INDEX materials_origin_document ON materials ((origin->>'documentId')) WHERE origin IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX materials_origin_document`);
    await queryRunner.query(`ALTER TABLE materials DROP COLUMN edited`);
  }
}
