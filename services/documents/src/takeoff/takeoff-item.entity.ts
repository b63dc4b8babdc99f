import { Column, Entity, PrimaryColumn } from 'typeorm';

export type TakeoffKind = 'length' | 'area' | 'count';
export type TakeoffUnit = 'LF' | 'SF' | 'EA';

/** Issue 17: a measurement taken by hand on a page of a document (for a DXF or DWG, page 1 in drawing coordinates). */
@Entity('takeoff_items')
export class TakeoffItem {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'document_id' })
  documentId!: string;

  @Column('uuid', { name: 'project_id' })
  projectId!: string;

  /** The document's owner: reads and changes are checked against it. */
  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('int')
  page!: number;

  @Column('text')
  kind!: TakeoffKind;

  @Column('text')
  name!: string;

  @Column('text', { nullable: true })
  category!: string | null;

  /** [x, y] page points, origin top left, y down. */
  @Column('jsonb')
  points!: Array<[number, number]>;

  /** Rings cut out of an area, each inside `points`; empty for every other kind. */
  @Column('jsonb', { default: () => "'[]'::jsonb" })
  holes!: Array<Array<[number, number]>>;

  /** In `unit`, as Postgres gives a numeric: a decimal string. */
  @Column('numeric', { precision: 18, scale: 4 })
  quantity!: string;

  @Column('text')
  unit!: TakeoffUnit;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
