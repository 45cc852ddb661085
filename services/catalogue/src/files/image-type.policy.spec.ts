import { acceptedImageType, cleanFileName, formatMegabytes, imageSizeProblem } from './image-type.policy';

describe('acceptedImageType', () => {
  it('accepts GIF, JPEG and PNG (an animated PNG is a PNG)', () => {
    expect(acceptedImageType('image/gif')).toBe('image/gif');
    expect(acceptedImageType('image/jpeg')).toBe('image/jpeg');
    expect(acceptedImageType('image/png')).toBe('image/png');
    expect(acceptedImageType('image/apng')).toBe('image/png');
  });

  it('refuses every other type and bytes of no known type', () => {
    for (const mime of ['image/webp', 'image/svg+xml', 'application/pdf', 'text/html', 'image/bmp', '', undefined]) {
      expect(acceptedImageType(mime)).toBeUndefined();
    }
  });
});

describe('imageSizeProblem', () => {
  it('refuses empty files and files over the limit', () => {
    expect(imageSizeProblem(0, 1024)).toBe('The file is empty.');
    expect(imageSizeProblem(5 * 1024 * 1024 + 1, 5 * 1024 * 1024)).toBe('The image is larger than 5 MB.');
    expect(imageSizeProblem(5 * 1024 * 1024, 5 * 1024 * 1024)).toBeUndefined();
  });

  it('names fractional limits readably', () => {
    expect(formatMegabytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
  });
});

describe('cleanFileName', () => {
  it('keeps the base name only, without control characters', () => {
    expect(cleanFileName('C:\\Users\\me\\photo.png')).toBe('photo.png');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('a\u0000b.png')).toBe('ab.png');
    expect(cleanFileName(undefined)).toBe('image');
    expect(cleanFileName('x'.repeat(300))).toHaveLength(200);
  });
});
