import { checkContentTypes, checkDirectory, checkSignature, MACRO_ENABLED, NOT_XLSX, unsafePartName } from './xlsx-archive.policy';

const limits = { maxEntries: 50, maxInflatedBytes: 100 * 1024 * 1024, maxRatio: 100 };
const part = (name: string, uncompressedSize = 1000, compressedSize = 400) => ({
  name,
  uncompressedSize,
  compressedSize,
  encrypted: false,
});
const workbook = [part('[Content_Types].xml'), part('xl/workbook.xml'), part('xl/worksheets/sheet1.xml')];

describe('xlsx upload rules', () => {
  it('knows a zip, a PDF, an old .xls and nothing', () => {
    expect(checkSignature(Buffer.from('504b030414000000', 'hex'))).toBeUndefined();
    expect(checkSignature(Buffer.from('%PDF-1.7'))).toMatch(/PDF/);
    expect(checkSignature(Buffer.from('d0cf11e0a1b11ae1', 'hex'))).toMatch(/\.xls\b/);
    expect(checkSignature(Buffer.alloc(0))).toBe('The file is empty.');
    expect(checkSignature(Buffer.from('hello world'))).toBe(NOT_XLSX);
  });

  it('accepts an ordinary workbook directory', () => {
    expect(checkDirectory(workbook, limits)).toBeUndefined();
  });

  it('refuses paths that could leave their folder', () => {
    for (const name of ['../evil.xml', 'xl/../../evil', '/etc/passwd', 'C:/x', 'xl\\x.xml']) expect(unsafePartName(name)).toBe(true);
    expect(unsafePartName('xl/worksheets/sheet1.xml')).toBe(false);
    expect(checkDirectory([...workbook, part('xl/../../../tmp/x')], limits)).toMatch(/unsafe path/);
  });

  it('refuses too many parts, too much inflated data and suspicious compression', () => {
    expect(
      checkDirectory(
        Array.from({ length: 51 }, (_, i) => part(`p${i}`)),
        limits,
      ),
    ).toMatch(/51 parts/);
    expect(checkDirectory([...workbook, part('big.xml', 101 * 1024 * 1024, 2 * 1024 * 1024)], limits)).toMatch(/inflates to 102 MB/);
    expect(checkDirectory([...workbook, part('bomb.xml', 50 * 1024 * 1024, 1024)], limits)).toMatch(/inflates \d+ times/);
    // Small parts compress well without being a bomb.
    expect(checkDirectory([...workbook, part('tiny.xml', 100_000, 100)], limits)).toBeUndefined();
  });

  it('refuses macros, encryption, duplicates and zips that are not workbooks', () => {
    expect(checkDirectory([...workbook, part('xl/vbaProject.bin')], limits)).toBe(MACRO_ENABLED);
    expect(checkDirectory([...workbook, { ...part('xl/styles.xml'), encrypted: true }], limits)).toMatch(/encrypted/);
    expect(checkDirectory([...workbook, part('xl/workbook.xml')], limits)).toMatch(/appears twice/);
    expect(checkDirectory([part('[Content_Types].xml'), part('word/document.xml')], limits)).toBe(NOT_XLSX);
  });

  it('reads the workbook content type', () => {
    const types = (type: string) =>
      `<Types><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${type}"/></Types>`;
    expect(checkContentTypes(types('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'))).toBeUndefined();
    expect(checkContentTypes(types('application/vnd.ms-excel.sheet.macroEnabled.main+xml'))).toBe(MACRO_ENABLED);
    expect(checkContentTypes(types('application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml'))).toMatch(/templates/);
    expect(checkContentTypes('<Types/>')).toBe(NOT_XLSX);
  });
});
