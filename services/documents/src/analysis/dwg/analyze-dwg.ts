/**
 * DWG takeoff: LibreDWG (compiled to WebAssembly, @mlightcad/libredwg-web)
 * rewrites the DWG as DXF in memory, and the DXF takeoff reads that, so both
 * formats are measured by the same code.
 */
import { dirname, join } from 'node:path';
import type { AnalysisOverrides, DocumentAnalysis, DocumentInput } from '../analysis.types';
import { inputBytes } from '../document-input';
import { DocumentReadError } from '../document-read-error';
import { analyzeDxf } from '../dxf/analyze-dxf';

/** The WebAssembly reader holds the whole drawing (and its DXF rewrite) in memory. */
export const MAX_DWG_BYTES = 200 * 1024 * 1024;

const EXPORT_ADVICE = 'Open it in your CAD program, save or export it as DXF, and upload the DXF instead.';

interface DxfWriter {
  dwg_write_dxf(content: ArrayBuffer): Uint8Array | null;
}

let reader: Promise<DxfWriter> | undefined;

/** The module ships as ESM with its .wasm beside it; created once, on first use. */
function loadReader(): Promise<DxfWriter> {
  reader ??= (async () => {
    // The package's declarations use extensionless ESM paths that NodeNext cannot follow: typed by hand.
    const { LibreDwg } = (await import('@mlightcad/libredwg-web')) as unknown as {
      LibreDwg: { create(wasmDir: string): Promise<DxfWriter> };
    };
    // require.resolve gives dist/libredwg-web.umd.cjs; the wasm folder is its sibling.
    const wasmDir = join(dirname(require.resolve('@mlightcad/libredwg-web')), '..', 'wasm') + '/';
    return LibreDwg.create(wasmDir);
  })();
  reader.catch(() => (reader = undefined));
  return reader;
}

/** DWG files start with their version: AC1012 (R13) … AC1032 (2018+); AC1.40/AC2.10 for very old ones. */
function dwgVersion(bytes: Buffer): string | undefined {
  const magic = bytes.toString('latin1', 0, 6);
  return /^AC\d{4}$|^AC[12]\.\d\d$|^MC0\.0$/.test(magic) ? magic : undefined;
}

/** The DWG rewritten as DXF by LibreDWG; a DocumentReadError says why it cannot be. */
export async function dwgAsDxf(bytes: Buffer): Promise<Buffer> {
  if (!dwgVersion(bytes)) {
    throw new DocumentReadError(
      `The file is not a DWG drawing (it does not start with a DWG version mark). ${EXPORT_ADVICE}`,
    );
  }
  let dxf: Uint8Array | null;
  try {
    const writer = await loadReader();
    dxf = writer.dwg_write_dxf(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new DocumentReadError(`The DWG file could not be read (${detail}). ${EXPORT_ADVICE}`);
  }
  if (!dxf || dxf.length === 0) {
    throw new DocumentReadError(
      `The DWG file (version ${dwgVersion(bytes)}) could not be read: it may be damaged or use a format the reader does not support. ${EXPORT_ADVICE}`,
    );
  }
  return Buffer.from(dxf.buffer, dxf.byteOffset, dxf.byteLength);
}

export async function analyzeDwg(input: DocumentInput, overrides: AnalysisOverrides = {}): Promise<DocumentAnalysis> {
  const dxf = await dwgAsDxf(await inputBytes(input, MAX_DWG_BYTES));
  try {
    const analysis = await analyzeDxf(dxf, overrides);
    return { ...analysis, kind: 'dwg' };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new DocumentReadError(`The DWG file could not be read completely (${detail}). ${EXPORT_ADVICE}`);
  }
}
