/**
 * Runs one analysis in a process of its own (forked by AnalysisRunner), so a
 * file that makes a reader crash, exhaust memory or loop fails that document
 * only. Says `{ ready }` once its readers are loaded, receives `{ path, kind, overrides }`,
 * answers `{ analysis }`, exits.
 */
import type { AnalysisOverrides, DocumentKind } from '@kerf/contracts';
import { analyzeDocument } from './analyze-document';

process.once('message', (message: { path: string; kind: DocumentKind; overrides?: AnalysisOverrides }) => {
  analyzeDocument(message.path, message.kind, message.overrides ?? {})
    .then((analysis) => process.send!({ analysis }, () => process.exit(0)))
    .catch((error: unknown) => {
      process.send!({ error: String((error as Error)?.message ?? error) }, () => process.exit(1));
    });
});

process.send!({ ready: true });
