import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateCustomers1763800200000 implements MigrationInterface {
  name = 'CreateCustomers1763800200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE customers (
        user_id uuid PRIMARY KEY,
        email text NOT NULL,
        provider_customer_id text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE customers`);
  }
}
