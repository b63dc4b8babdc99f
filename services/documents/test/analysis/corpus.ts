/** Where the shared real-world corpus lives: ../shared/corpus/real beside the repository. */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

// Compiled to services/documents/dist/test/analysis/: five levels up is the repository root.
const REPO_ROOT = resolve(__dirname, '../../../../..');

export const CORPUS_DIR = process.env.KERF_CORPUS_DIR ?? resolve(REPO_ROOT, '../shared/corpus/real');

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

export function corpusPath(name: string): string {
  return join(CORPUS_DIR, name);
}

export function readTruth<T>(name: string): T {
  return JSON.parse(readFileSync(corpusPath(`${name}.truth.json`), 'utf8')) as T;
}
