import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { EstimateData } from '../engine/estimate-data';

/** SPEC §3 estimates; money numeric(12,2) and percentages numeric(5,2), read back as strings. */
@Entity('estimates')
export class Estimate {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'project_id' })
  projectId!: string;

  /** The project owner, so every read is scoped to the acting user. */
  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('text')
  title!: string;

  @Column('text')
  summary!: string;

  @Column('numeric', { name: 'total_cost', precision: 12, scale: 2 })
  totalCost!: string;

  @Column('text', { default: 'USD' })
  currency!: string;

  @Column('numeric', { name: 'labor_cost', precision: 12, scale: 2 })
  laborCost!: string;

  @Column('numeric', { name: 'material_cost', precision: 12, scale: 2 })
  materialCost!: string;

  @Column('numeric', { name: 'equipment_cost', precision: 12, scale: 2 })
  equipmentCost!: string;

  @Column('numeric', { name: 'overhead_percentage', precision: 5, scale: 2 })
  overheadPercentage!: string;

  @Column('numeric', { name: 'profit_margin', precision: 5, scale: 2 })
  profitMargin!: string;

  @Column('json', { name: 'estimate_data' })
  estimateData!: EstimateData;

  @Column('text', { default: 'draft' })
  status!: string;

  @Column('boolean', { name: 'generated_by_ai', default: true })
  generatedByAI!: boolean;

  @Column('text', { name: 'pdf_url', nullable: true })
  pdfUrl!: string | null;

  @Column('text', { name: 'pdf_key', nullable: true })
  pdfKey!: string | null;

  @Column('text', { name: 'xlsx_key', nullable: true })
  xlsxKey!: string | null;

  @Column('timestamptz', { name: 'valid_until' })
  validUntil!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
