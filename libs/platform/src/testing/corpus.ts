/** The real drawings the tests read, with their ground truth: test/corpus in this repository (see its MANIFEST.md). */
import { join } from 'node:path';

// Compiled to libs/platform/dist/src/testing/: five levels up is the repository root.
export const CORPUS_DIR = process.env.KERF_CORPUS_DIR ?? join(__dirname, '../../../../../test/corpus');

export function corpusPath(name: string): string {
  return join(CORPUS_DIR, name);
}
