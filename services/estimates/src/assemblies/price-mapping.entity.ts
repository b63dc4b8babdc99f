import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A user's remembered choice: materials from this source (a layer, block or room
 * name, or a material name) are priced by this item or assembly in every later
 * estimate of that user. One per user and source.
 */
@Entity('price_mappings')
export class PriceMappingRow {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('text', { name: 'source_key' })
  sourceKey!: string;

  @Column('text', { name: 'target_kind' })
  targetKind!: 'item' | 'assembly';

  @Column('text', { name: 'target_code' })
  targetCode!: string;

  @Column('text', { name: 'target_name' })
  targetName!: string;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
