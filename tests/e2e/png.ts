import { crc32, deflateSync } from 'node:zlib';

export type Rgb = [number, number, number];

/**
 * A real PNG (8-bit truecolour, no alpha) of width x height, each pixel's colour from `colour(x, y)`: images for the
 * upload tests and the map's tiles, made here so that no test reads a fixture file or asks the network for one.
 */
export function png(width: number, height: number, colour: (x: number, y: number) => Rgb): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // each row starts with its filter type, 0 (none)
    for (let x = 0; x < width; x++) {
      const rgb = colour(x, y);
      for (let c = 0; c < 3; c++) row.writeUInt8(rgb[c], 1 + x * 3 + c);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
