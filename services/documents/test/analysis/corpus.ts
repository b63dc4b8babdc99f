/** The real-world corpus in test/corpus, listed and read by the analysis tests. */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { CORPUS_DIR, corpusPath } from '@kerf/platform/testing';

export { CORPUS_DIR, corpusPath };

export function corpusFiles(extension: string): string[] {
  if (!existsSync(CORPUS_DIR)) {
    throw new Error(
      `The real-drawing corpus is missing: expected it at ${CORPUS_DIR} (set KERF_CORPUS_DIR to move it)`,
    );
  }
  return readdirSync(CORPUS_DIR)
    .filter((name) => name.toLowerCase().endsWith(extension))
    .sort();
}

export function readTruth<T>(name: string): T {
  return JSON.parse(readFileSync(corpusPath(`${name}.truth.json`), 'utf8')) as T;
}
