import type { MigrationInterface, QueryRunner } from 'typeorm';
import { CREATE_ENTITLEMENTS_TABLE } from '@kerf/platform';

/** The user's plan as billing's subscription events say it: the upload size limit is decided here. */
export class CreateEntitlements1795600000000 implements MigrationInterface {
  name = 'CreateEntitlements1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(CREATE_ENTITLEMENTS_TABLE);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE entitlements`);
  }
}
