/**
 * Writes small DXF files for tests, so each expected number can be worked out
 * by hand: a list of group-code / value pairs rendered as text or binary DXF.
 */

export type Pair = [code: number, value: string | number];

export interface FixtureOptions {
  /** $INSUNITS; omit for an R12-style file without it. */
  insUnits?: number;
  version?: string;
  blocks?: Pair[];
  entities: Pair[];
  tables?: Pair[];
}

export function dxfPairs({ insUnits, version = 'AC1015', blocks = [], entities, tables = [] }: FixtureOptions): Pair[] {
  const header: Pair[] = [
    [9, '$ACADVER'],
    [1, version],
  ];
  if (insUnits !== undefined) header.push([9, '$INSUNITS'], [70, insUnits]);
  return [
    [0, 'SECTION'],
    [2, 'HEADER'],
    ...header,
    [0, 'ENDSEC'],
    [0, 'SECTION'],
    [2, 'TABLES'],
    ...tables,
    [0, 'ENDSEC'],
    [0, 'SECTION'],
    [2, 'BLOCKS'],
    ...blocks,
    [0, 'ENDSEC'],
    [0, 'SECTION'],
    [2, 'ENTITIES'],
    ...entities,
    [0, 'ENDSEC'],
    [0, 'EOF'],
  ];
}

export function textDxf(pairs: Pair[]): string {
  return pairs.map(([code, value]) => `${String(code).padStart(3)}\r\n${value}\r\n`).join('');
}

/** Binary DXF (R13+ layout): two-byte codes, zero-terminated strings, little-endian numbers. */
export function binaryDxf(pairs: Pair[]): Buffer {
  const parts: Buffer[] = [Buffer.from('AutoCAD Binary DXF\r\n\x1a\x00', 'latin1')];
  for (const [code, value] of pairs) {
    const codeBytes = Buffer.alloc(2);
    codeBytes.writeUInt16LE(code);
    parts.push(codeBytes);
    if ((code >= 10 && code <= 59) || (code >= 210 && code <= 239)) {
      const b = Buffer.alloc(8);
      b.writeDoubleLE(Number(value));
      parts.push(b);
    } else if ((code >= 60 && code <= 79) || (code >= 270 && code <= 289)) {
      const b = Buffer.alloc(2);
      b.writeInt16LE(Number(value));
      parts.push(b);
    } else if (code >= 90 && code <= 99) {
      const b = Buffer.alloc(4);
      b.writeInt32LE(Number(value));
      parts.push(b);
    } else {
      parts.push(Buffer.from(`${value}\0`, 'latin1'));
    }
  }
  return Buffer.concat(parts);
}

export function line(layer: string, x1: number, y1: number, x2: number, y2: number): Pair[] {
  return [
    [0, 'LINE'],
    [8, layer],
    [10, x1],
    [20, y1],
    [30, 0],
    [11, x2],
    [21, y2],
    [31, 0],
  ];
}

export function circle(layer: string, x: number, y: number, radius: number): Pair[] {
  return [
    [0, 'CIRCLE'],
    [8, layer],
    [10, x],
    [20, y],
    [30, 0],
    [40, radius],
  ];
}

/** ARC centred on (x, y), counter-clockwise from `fromDeg` to `toDeg`. */
export function arc(layer: string, x: number, y: number, radius: number, fromDeg: number, toDeg: number): Pair[] {
  return [
    [0, 'ARC'],
    [8, layer],
    [10, x],
    [20, y],
    [30, 0],
    [40, radius],
    [50, fromDeg],
    [51, toDeg],
  ];
}

/** LWPOLYLINE from [x, y, bulge?] vertices. */
export function lwpolyline(layer: string, vertices: Array<[number, number, number?]>, closed: boolean): Pair[] {
  const pairs: Pair[] = [
    [0, 'LWPOLYLINE'],
    [8, layer],
    [90, vertices.length],
    [70, closed ? 1 : 0],
  ];
  for (const [x, y, bulge] of vertices) {
    pairs.push([10, x], [20, y]);
    if (bulge) pairs.push([42, bulge]);
  }
  return pairs;
}

/** R12-style POLYLINE with VERTEX records and a SEQEND. */
export function polyline(layer: string, vertices: Array<[number, number, number?]>, closed: boolean): Pair[] {
  const pairs: Pair[] = [
    [0, 'POLYLINE'],
    [8, layer],
    [66, 1],
    [10, 0],
    [20, 0],
    [30, 0],
    [70, closed ? 1 : 0],
  ];
  for (const [x, y, bulge] of vertices) {
    pairs.push([0, 'VERTEX'], [8, layer], [10, x], [20, y], [30, 0]);
    if (bulge) pairs.push([42, bulge]);
  }
  pairs.push([0, 'SEQEND'], [8, layer]);
  return pairs;
}

export function insert(
  layer: string,
  block: string,
  x: number,
  y: number,
  grid?: { columns: number; rows: number },
): Pair[] {
  const pairs: Pair[] = [
    [0, 'INSERT'],
    [8, layer],
    [2, block],
    [10, x],
    [20, y],
    [30, 0],
  ];
  if (grid) pairs.push([70, grid.columns], [71, grid.rows], [44, 10], [45, 10]);
  return pairs;
}

export function text(layer: string, value: string, x: number, y: number, height = 1): Pair[] {
  return [
    [0, 'TEXT'],
    [8, layer],
    [10, x],
    [20, y],
    [30, 0],
    [40, height],
    [1, value],
  ];
}

export function block(name: string, entities: Pair[]): Pair[] {
  return [
    [0, 'BLOCK'],
    [8, '0'],
    [2, name],
    [70, 0],
    [10, 0],
    [20, 0],
    [30, 0],
    [3, name],
    ...entities,
    [0, 'ENDBLK'],
    [8, '0'],
  ];
}
