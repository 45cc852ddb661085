import { isImageType, safeFileName, sniffContentType } from './file-content.policy';

const bytes = (...values: number[]) => Buffer.from([...values, 0, 0, 0, 0, 0, 0, 0, 0]);

describe('file content', () => {
  it('recognises the kept types by their first bytes', () => {
    expect(sniffContentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffContentType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffContentType(Buffer.from('GIF89a......'))).toBe('image/gif');
    expect(sniffContentType(Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
    expect(sniffContentType(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf');
  });

  it('refuses anything else, whatever its name says', () => {
    expect(sniffContentType(Buffer.from('<html><script>alert(1)</script>'))).toBeNull();
    expect(sniffContentType(Buffer.from('PK\u0003\u0004'))).toBeNull();
    expect(sniffContentType(Buffer.alloc(0))).toBeNull();
    expect(isImageType('application/pdf')).toBe(false);
    expect(isImageType('image/png')).toBe(true);
  });

  it('cleans names for downloads', () => {
    expect(safeFileName('../../etc/passwd')).toBe('.._.._etc_passwd');
    expect(safeFileName('a"b\r\n.png')).toBe('ab.png');
    expect(safeFileName('   ')).toBe('file');
  });
});
