import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The outbox (events waiting to be published) and the record of events a consumer has handled. */
export class CreateEventTables1763800000000 implements MigrationInterface {
  name = 'CreateEventTables1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE outbox (
        id uuid PRIMARY KEY,
        type text NOT NULL,
        envelope jsonb NOT NULL,
        request_id text,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX outbox_unpublished ON outbox (created_at) WHERE published_at IS NULL`);
    // Wakes the relay when an outbox insert commits (NOTIFY is delivered on commit only).
    await queryRunner.query(`
      CREATE FUNCTION kerf_outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_notify('kerf_outbox', ''); RETURN NULL; END $$`);
    await queryRunner.query(`
      CREATE TRIGGER outbox_notify AFTER INSERT ON outbox FOR EACH STATEMENT EXECUTE FUNCTION kerf_outbox_notify()`);
    await queryRunner.query(`
      CREATE TABLE processed_events (
        consumer text NOT NULL,
        event_id uuid NOT NULL,
        event_type text NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, event_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE processed_events`);
    await queryRunner.query(`DROP TABLE outbox`);
    await queryRunner.query(`DROP FUNCTION kerf_outbox_notify()`);
  }
}
