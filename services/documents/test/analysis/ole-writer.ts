/**
 * A minimal OLE compound file (MS-CFB version 3, 512-byte sectors) holding
 * streams at its root, for tests that need a PPT or DOC container with chosen
 * streams. Each stream is padded to the 4096-byte mini-stream cutoff so all
 * live in regular sectors; the readers ignore bytes past their records.
 */
const SECTOR = 512;
const FREE = -1;
const END_OF_CHAIN = -2;
const FAT_SECTOR = -3;

export function oleContainer(streams: Record<string, Buffer>): Buffer {
  const entries = Object.entries(streams).map(([name, data]) => {
    const size = Math.max(data.length, 4096);
    const padded = Buffer.alloc(Math.ceil(size / SECTOR) * SECTOR);
    data.copy(padded);
    return { name, data: padded, size };
  });
  const dataSectors = entries.reduce((n, e) => n + e.data.length / SECTOR, 0);
  const dirSectors = Math.ceil(((entries.length + 1) * 128) / SECTOR);
  let fatSectors = 1;
  while (fatSectors * (SECTOR / 4) < dataSectors + dirSectors + fatSectors) fatSectors++;
  const total = dataSectors + dirSectors + fatSectors;

  const fat = new Array<number>(fatSectors * (SECTOR / 4)).fill(FREE);
  const chain = (start: number, length: number) => {
    for (let i = 0; i < length; i++) fat[start + i] = i === length - 1 ? END_OF_CHAIN : start + i + 1;
  };
  const starts: number[] = [];
  let next = 0;
  for (const entry of entries) {
    starts.push(next);
    chain(next, entry.data.length / SECTOR);
    next += entry.data.length / SECTOR;
  }
  const dirStart = next;
  chain(dirStart, dirSectors);
  const fatStart = dirStart + dirSectors;
  for (let i = 0; i < fatSectors; i++) fat[fatStart + i] = FAT_SECTOR;

  const directory = Buffer.alloc(dirSectors * SECTOR);
  const writeEntry = (index: number, name: string, type: number, start: number, size: number, child: number) => {
    const at = index * 128;
    const encoded = Buffer.from(`${name}\0`, 'utf16le');
    encoded.copy(directory, at);
    directory.writeUInt16LE(encoded.length, at + 0x40);
    directory[at + 0x42] = type;
    directory[at + 0x43] = 1; // black
    directory.writeInt32LE(-1, at + 0x44); // left sibling
    directory.writeInt32LE(type === 2 && index < entries.length ? index + 1 : -1, at + 0x48); // right sibling
    directory.writeInt32LE(child, at + 0x4c);
    directory.writeInt32LE(start, at + 0x74);
    directory.writeUInt32LE(size, at + 0x78);
  };
  writeEntry(0, 'Root Entry', 5, END_OF_CHAIN, 0, entries.length ? 1 : -1);
  entries.forEach((entry, i) => writeEntry(i + 1, entry.name, 2, starts[i]!, entry.size, -1));

  const header = Buffer.alloc(SECTOR);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(fatSectors, 0x2c);
  header.writeInt32LE(dirStart, 0x30);
  header.writeUInt32LE(4096, 0x38);
  header.writeInt32LE(END_OF_CHAIN, 0x3c);
  header.writeInt32LE(END_OF_CHAIN, 0x44);
  for (let i = 0; i < 109; i++) header.writeInt32LE(i < fatSectors ? fatStart + i : FREE, 0x4c + i * 4);

  const fatBytes = Buffer.alloc(fatSectors * SECTOR);
  fat.forEach((id, i) => fatBytes.writeInt32LE(id, i * 4));
  const file = Buffer.concat([header, ...entries.map((e) => e.data), directory, fatBytes]);
  if (file.length !== (total + 1) * SECTOR) throw new Error('OLE writer miscounted its sectors');
  return file;
}
