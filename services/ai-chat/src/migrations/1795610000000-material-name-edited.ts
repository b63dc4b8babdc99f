import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A material remembers whether the user renamed it by hand, so that a room
 * material's name can follow its finish schedule (on a re-analysis, or the
 * room sent again) without ever overwriting a name the user wrote. A room
 * material already named otherwise than its room or the finish before it
 * ("…, PATIENT ROOM 145") was renamed by hand.
 */
export class MaterialNameEdited1795610000000 implements MigrationInterface {
  name = 'MaterialNameEdited1795610000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE materials ADD COLUMN name_edited boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`
      UPDATE materials SET name_edited = true
       WHERE source = 'takeoff' AND origin->>'kind' = 'room'
         AND lower(name) <> lower(origin->>'ref')
         AND right(lower(name), length(origin->>'ref') + 2) <> lower(', ' || (origin->>'ref'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE materials DROP COLUMN name_edited`);
  }
}
