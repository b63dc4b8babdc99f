import { z } from 'zod';
import { loadConfig } from '@kerf/platform';

/** The documents service's own variables. */
export const documentsConfigSchema = z.object({
  /** An analysis running longer is stopped and its document fails (the service keeps serving). */
  ANALYSIS_TIMEOUT_MS: z.coerce.number({ error: 'expected milliseconds' }).int().min(1_000).default(300_000),
  /** Heap of the analysis process, in MB (a DWG's WebAssembly reader needs up to 1 GB besides). */
  ANALYSIS_MAX_OLD_SPACE_MB: z.coerce.number({ error: 'expected megabytes' }).int().min(128).default(2_048),
  /** Where a document is copied from S3 while it is analysed. */
  ANALYSIS_TMP_DIR: z.string().default(''),
  /**
   * How often what uploads left behind is looked for: staged files no batch committed (removed once 6 hours old)
   * and multipart uploads left open (aborted once MULTIPART_UPLOAD_MAX_AGE_MS old).
   */
  STAGED_UPLOAD_SWEEP_MS: z.coerce.number({ error: 'expected milliseconds' }).int().min(100).default(600_000),
  /**
   * A multipart upload that S3 says began longer ago than this is aborted by the sweep: its process died (a
   * killed service cannot abort its own). The longest an upload can take is the gateway's 15 minutes (SPEC §7,
   * after which the call is cancelled and the upload aborted); an hour leaves room for S3's clock differing from
   * ours and for the last part and the completion of a slow one.
   */
  MULTIPART_UPLOAD_MAX_AGE_MS: z.coerce.number({ error: 'expected milliseconds' }).int().min(1_000).default(3_600_000),
});

export type DocumentsConfig = z.infer<typeof documentsConfigSchema>;
export const DOCUMENTS_CONFIG = Symbol('DOCUMENTS_CONFIG');

export function loadDocumentsConfig(): DocumentsConfig {
  return loadConfig(documentsConfigSchema);
}

/** SPEC §9: 15 MB per file without a paid plan or trial; 1024 MB for everyone. */
export const FREE_PLAN_MAX_MB = 15;
export const MAX_FILE_MB = 1024;
export const MB = 1024 * 1024;
