/**
 * Runs one analysis in a process of its own (forked by AnalysisRunner), so a
 * file that makes a reader crash, exhaust memory or loop fails that document
 * only. Says `{ ready }` once its readers are loaded, receives `{ path, kind, overrides }`,
 * answers `{ analysis }`, exits. With `mode: 'geometry'` it reads a DXF's or
 * DWG's model-space linework for the viewer instead and answers `{ geometry }`.
 */
import type { AnalysisOverrides, DocumentKind } from '@kerf/contracts';
import { analyzeDocument } from './analyze-document';
import { readDrawingGeometry } from './dxf/drawing-geometry';

interface ChildRequest {
  path: string;
  kind: DocumentKind;
  overrides?: AnalysisOverrides;
  mode?: 'analysis' | 'geometry';
  maxVertices?: number;
}

process.once('message', (message: ChildRequest) => {
  const work =
    message.mode === 'geometry'
      ? readDrawingGeometry(message.path, message.kind as 'dxf' | 'dwg', message.maxVertices ?? 0).then((geometry) => ({
          geometry,
        }))
      : analyzeDocument(message.path, message.kind, message.overrides ?? {}).then((analysis) => ({ analysis }));
  work
    .then((answer) => process.send!(answer, () => process.exit(0)))
    .catch((error: unknown) => {
      process.send!({ error: String((error as Error)?.message ?? error) }, () => process.exit(1));
    });
});

process.send!({ ready: true });
