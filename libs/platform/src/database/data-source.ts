import { DataSource, type DataSourceOptions, type MixedList, type EntitySchema } from 'typeorm';
import { OutboxEvent } from '../events/outbox-event.entity';
import { ProcessedEvent } from '../events/processed-event.entity';
import { CreateEventTables1763800000000 } from './migrations/1763800000000-create-event-tables';
import { ensureDatabase } from './ensure-database';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
type EntityList = MixedList<Function | string | EntitySchema>;

export interface ServiceDataSourceOptions {
  url: string;
  entities: EntityList;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: Function[];
}

/** A service's data source: its own entities and migrations plus the platform's event tables. */
export function createServiceDataSource(options: ServiceDataSourceOptions): DataSource {
  const entities = [OutboxEvent, ProcessedEvent, ...(options.entities as unknown[])] as EntityList;
  const config: DataSourceOptions = {
    type: 'postgres',
    url: options.url,
    entities,
    migrations: [CreateEventTables1763800000000, ...options.migrations],
    migrationsTableName: 'migrations',
    synchronize: false,
    logging: false,
    extra: { max: 10, connectionTimeoutMillis: 5_000 },
  };
  return new DataSource(config);
}

/**
 * Creates the database when missing, connects, and runs pending migrations.
 * An advisory lock keeps two replicas starting at once from migrating together.
 */
export async function openServiceDatabase(dataSource: DataSource): Promise<DataSource> {
  const url = (dataSource.options as { url: string }).url;
  await ensureDatabase(url);
  await dataSource.initialize();
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query(`SELECT pg_advisory_lock(hashtext('kerf-migrations'))`);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await runner.query(`SELECT pg_advisory_unlock(hashtext('kerf-migrations'))`).catch(() => undefined);
    await runner.release();
  }
  return dataSource;
}
