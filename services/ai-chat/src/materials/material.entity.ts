import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { QuantityOrigin } from '@kerf/contracts/generated/kerf/ai-chat';

/** SPEC §3 materials: a line of a project's materials list. The quantity is a decimal, kept as its string. */
@Entity('materials')
export class Material {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'project_id' })
  projectId!: string;

  /** The project's owner: reads and changes are checked against it. */
  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('text')
  name!: string;

  @Column('numeric', { precision: 18, scale: 4 })
  quantity!: string;

  @Column('text')
  unit!: string;

  @Column('text', { nullable: true })
  category!: string | null;

  @Column('text', { nullable: true })
  notes!: string | null;

  /** manual, ai or takeoff */
  @Column('text', { default: 'manual' })
  source!: string;

  /** Where the quantity came from (document, revision, layer/block/room/page/item); null for a hand-made line. */
  @Column('jsonb', { nullable: true })
  origin!: QuantityOrigin | null;

  /** kept, or proposed: taken from a reply and not yet kept by the user. */
  @Column('text', { default: 'kept' })
  status!: 'kept' | 'proposed';

  /** The user changed the quantity or unit by hand: answers and re-analyses leave it as it is. */
  @Column('boolean', { default: false })
  edited!: boolean;

  /** The user renamed it by hand: a room material's name no longer follows its finish schedule. */
  @Column('boolean', { name: 'name_edited', default: false })
  nameEdited!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
