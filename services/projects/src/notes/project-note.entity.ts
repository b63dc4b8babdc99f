import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The one note of a project (SPEC §3 project_notes). */
@Entity('project_notes')
export class ProjectNote {
  @PrimaryColumn('uuid', { name: 'project_id' })
  projectId!: string;

  @Column('text')
  content!: string;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt!: Date;
}
