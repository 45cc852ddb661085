import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A zip written by hand, so that a test can lie in it (sizes, names) as an attacker's would; `raw` is put in as the
 * entry's compressed bytes, as they are. Without lies it is a sound zip (each entry deflated, with its CRC).
 */
export function zip(entries: { name: string; data: Buffer; declaredSize?: number; raw?: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const compressed = entry.raw ?? deflateRawSync(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, compressed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** An xlsx's `[Content_Types].xml`, naming the workbook part with `type`. */
export const contentTypes = (type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml') =>
  Buffer.from(
    `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="${type}"/></Types>`,
  );

/** The two parts that make a zip an xlsx to the upload checks; a test adds what it lies with. */
export const workbookParts = [
  { name: '[Content_Types].xml', data: contentTypes() },
  { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
];
