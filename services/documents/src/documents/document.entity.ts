import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { AnalysisOverrides, DocumentKind } from '@kerf/contracts';

export type DocumentStatus = 'pending' | 'processing' | 'analyzed' | 'failed';

/** An analysis being redone after the user corrected the document; the previous one stays readable meanwhile. */
export type ReanalysisStatus = 'pending' | 'processing';

/** SPEC §3 documents: a stored file of a project, and where its analysis stands. */
@Entity('documents')
export class Document {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'project_id' })
  projectId!: string;

  /** The project's owner when it was uploaded: reads are checked against it. */
  @Column('uuid', { name: 'user_id' })
  userId!: string;

  /** As the user named it, for display only; never part of a storage path. */
  @Column('text')
  filename!: string;

  @Column('text')
  filetype!: DocumentKind;

  @Column('bigint', { transformer: { to: (v: number) => v, from: (v: string) => Number(v) } })
  filesize!: number;

  /** project or bid */
  @Column('text', { name: 'document_type' })
  documentType!: string;

  @Column('text', { name: 'storage_key' })
  storageKey!: string;

  @Column('text')
  sha256!: string;

  @Column('text')
  status!: DocumentStatus;

  @Column('text', { nullable: true })
  error!: string | null;

  @Column('int', { name: 'analysis_attempts', default: 0 })
  analysisAttempts!: number;

  @Column('timestamptz', { name: 'processing_started_at', nullable: true })
  processingStartedAt!: Date | null;

  @Column('timestamptz', { name: 'uploaded_at', default: () => 'now()' })
  uploadedAt!: Date;

  /** The user's corrections (drawing units, calibrated page scales), applied on every analysis. */
  @Column('jsonb', { default: () => "'{}'" })
  overrides!: AnalysisOverrides;

  /** 1 for the first stored analysis, one more for each redone after a correction; 0 before the first. */
  @Column('int', { name: 'analysis_revision', default: 0 })
  analysisRevision!: number;

  @Column('text', { nullable: true })
  reanalysis!: ReanalysisStatus | null;

  /** Why the last redone analysis failed; the one before it was kept. */
  @Column('text', { name: 'reanalysis_error', nullable: true })
  reanalysisError!: string | null;
}
