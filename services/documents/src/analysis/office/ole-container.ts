/**
 * The streams at the root of an OLE compound file (MS-CFB: the container of
 * DOC, PPT and XLS). Small enough to own, and bounded against hostile files:
 * a looping sector chain is an error, a chain stops at an id past the table,
 * and a stream is never read past the bytes the file holds.
 */
const SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const NO_STREAM = -1;
const MAX_DIRECTORY_ENTRIES = 100_000;

export class OleFormatError extends Error {}

export interface OleContainer {
  /** True when the root storage holds a stream of this name. */
  has(name: string): boolean;
  /** The whole stream, or undefined when there is none of this name. */
  read(name: string): Buffer | undefined;
  /**
   * Walks every chain the file has (FAT, mini FAT, mini stream, each root
   * stream) and throws OleFormatError at a loop: before another reader that
   * would follow a loop forever is given the file.
   */
  checkChains(): void;
}

interface Entry {
  name: string;
  type: number;
  left: number;
  right: number;
  child: number;
  start: number;
  size: number;
}

export function openOleContainer(bytes: Buffer): OleContainer {
  if (bytes.length < 512 || !bytes.subarray(0, 8).equals(SIGNATURE))
    throw new OleFormatError('it is not an OLE compound file');
  const sectorSize = 1 << bytes.readUInt16LE(0x1e);
  const miniSectorSize = 1 << bytes.readUInt16LE(0x20);
  if (sectorSize !== 512 && sectorSize !== 4096) throw new OleFormatError('its sector size is invalid');
  const sectorCount = Math.floor((bytes.length - sectorSize) / sectorSize) + 1;
  const sector = (id: number) => {
    const at = (id + 1) * sectorSize;
    if (id < 0 || at >= bytes.length) throw new OleFormatError('a sector lies past its end');
    return bytes.subarray(at, Math.min(at + sectorSize, bytes.length));
  };

  // The FAT's own sectors: 109 in the header, the rest in the DIFAT chain.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) fatSectors.push(bytes.readInt32LE(0x4c + i * 4));
  const seen = new Set<number>();
  for (let id = bytes.readInt32LE(0x44); id >= 0 && !seen.has(id) && seen.size <= sectorCount;) {
    seen.add(id);
    const difat = sector(id);
    for (let at = 0; at + 8 <= difat.length; at += 4) fatSectors.push(difat.readInt32LE(at));
    id = difat.length >= 4 ? difat.readInt32LE(difat.length - 4) : -1;
  }
  const fatCount = Math.min(bytes.readUInt32LE(0x2c), sectorCount);
  const fat: number[] = [];
  for (const id of fatSectors.slice(0, fatCount)) {
    if (id < 0) continue;
    const part = sector(id);
    for (let at = 0; at + 4 <= part.length; at += 4) fat.push(part.readInt32LE(at));
  }

  /** A chain of sector ids, ended by a bad id; a loop is an error (no valid file has one). */
  const chain = (table: number[], start: number): number[] => {
    const ids: number[] = [];
    const visited = new Set<number>();
    for (let id = start; id >= 0 && id < table.length; id = table[id]!) {
      if (visited.has(id)) throw new OleFormatError('a chain of its sectors loops');
      visited.add(id);
      ids.push(id);
    }
    return ids;
  };
  const readChain = (start: number, size?: number) => {
    const data = Buffer.concat(chain(fat, start).map(sector));
    return size === undefined ? data : data.subarray(0, Math.min(size, data.length));
  };

  const directory = readChain(bytes.readInt32LE(0x30));
  const entries: Entry[] = [];
  for (let at = 0; at + 128 <= directory.length && entries.length < MAX_DIRECTORY_ENTRIES; at += 128) {
    const nameLength = Math.min(directory.readUInt16LE(at + 0x40), 64);
    entries.push({
      name: directory.toString('utf16le', at, at + Math.max(0, nameLength - 2)),
      type: directory[at + 0x42]!,
      left: directory.readInt32LE(at + 0x44),
      right: directory.readInt32LE(at + 0x48),
      child: directory.readInt32LE(at + 0x4c),
      start: directory.readInt32LE(at + 0x74),
      size: directory.readUInt32LE(at + 0x78),
    });
  }
  const root = entries[0];
  if (!root || root.type !== 5) throw new OleFormatError('it has no root storage');

  // The root's children are a red-black tree of siblings; walk it without recursion.
  const streams = new Map<string, Entry>();
  const pending = [root.child];
  const walked = new Set<number>();
  while (pending.length) {
    const index = pending.pop()!;
    if (index === NO_STREAM || walked.has(index) || !entries[index]) continue;
    walked.add(index);
    const entry = entries[index];
    if (entry.type === 2 && !streams.has(entry.name)) streams.set(entry.name, entry);
    pending.push(entry.left, entry.right);
  }

  const miniCutoff = bytes.readUInt32LE(0x38);
  let mini: { fat: number[]; stream: Buffer } | undefined;
  const miniStream = () => {
    if (!mini) {
      const table = readChain(bytes.readInt32LE(0x3c));
      const miniFat: number[] = [];
      for (let at = 0; at + 4 <= table.length; at += 4) miniFat.push(table.readInt32LE(at));
      mini = { fat: miniFat, stream: readChain(root.start, root.size) };
    }
    return mini;
  };

  return {
    has: (name) => streams.has(name),
    checkChains() {
      const { fat: miniFat } = miniStream();
      for (const entry of streams.values()) chain(entry.size >= miniCutoff ? fat : miniFat, entry.start);
    },
    read(name) {
      const entry = streams.get(name);
      if (!entry) return undefined;
      if (entry.size >= miniCutoff) return readChain(entry.start, entry.size);
      const { fat: miniFat, stream } = miniStream();
      const parts = chain(miniFat, entry.start).map((id) =>
        stream.subarray(id * miniSectorSize, (id + 1) * miniSectorSize),
      );
      const data = Buffer.concat(parts);
      return data.subarray(0, Math.min(entry.size, data.length));
    },
  };
}
