// The parts of yauzl 3 the upload inspector uses (the package ships no types).
declare module 'yauzl' {
  import type { Readable } from 'node:stream';

  export interface Options {
    lazyEntries?: boolean;
    autoClose?: boolean;
    decodeStrings?: boolean;
    validateEntrySizes?: boolean;
    strictFileNames?: boolean;
  }

  export interface Entry {
    fileName: string | Buffer;
    compressedSize: number;
    uncompressedSize: number;
    compressionMethod: number;
    generalPurposeBitFlag: number;
    relativeOffsetOfLocalHeader: number;
    isEncrypted(): boolean;
  }

  export interface LocalFileHeader {
    fileName: Buffer;
    fileDataStart: number;
    compressedSize: number;
    uncompressedSize: number;
    generalPurposeBitFlag: number;
  }

  export interface ZipFile {
    entryCount: number;
    fileSize: number;
    eachEntry(): AsyncIterable<Entry>;
    /** `decompress: false` (for a compressed part only) answers its bytes as they are in the file. */
    openReadStreamPromise(entry: Entry, options?: { decompress?: boolean }): Promise<Readable>;
    readLocalFileHeaderPromise(entry: Entry): Promise<LocalFileHeader>;
    close(): void;
  }

  export function openPromise(path: string, options?: Options): Promise<ZipFile>;
}
