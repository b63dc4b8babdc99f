import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { AssemblyComponent } from '../engine/assembly';

/** A user's own assembly: priced beside the starter library, for that user only. */
@Entity('assemblies')
export class UserAssembly {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  /** U- and a short id; what an estimate line and a remembered choice refer to. */
  @Column('text')
  code!: string;

  @Column('text')
  name!: string;

  @Column('text')
  description!: string;

  @Column('text')
  division!: string;

  @Column('text')
  unit!: string;

  @Column('text', { default: '' })
  keywords!: string;

  @Column('jsonb')
  components!: AssemblyComponent[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
