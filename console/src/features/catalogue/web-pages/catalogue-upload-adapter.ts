import type { Editor, FileLoader, UploadAdapter, UploadResponse } from 'ckeditor5';
import { WEB_ARTICLE_IMAGE_TYPES } from '@backoffice/contracts';
import { ApiError, errorMessage } from '../../../components/api';
import { uploadCatalogueImage } from '../inputs/upload-catalogue-image';

export const IMAGE_TYPES_MESSAGE = 'Only GIF, JPEG and PNG images can be used.';

/** The sentence to show for a failed upload: the server's own field message when it gave one. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.errors.length > 0) return error.errors[0].message;
  return errorMessage(error);
}

/** CKEditor's upload adapter: an image dropped, pasted or chosen in the editor goes to the catalogue file store. */
class CatalogueUploadAdapter implements UploadAdapter {
  private readonly controller = new AbortController();

  constructor(private readonly loader: FileLoader) {}

  async upload(): Promise<UploadResponse> {
    const file = await this.loader.file;
    if (!file) throw 'No file was chosen.';
    if (!(WEB_ARTICLE_IMAGE_TYPES as readonly string[]).includes(file.type)) throw IMAGE_TYPES_MESSAGE;
    try {
      this.loader.uploadTotal = file.size;
      const stored = await uploadCatalogueImage(file, this.controller.signal);
      this.loader.uploaded = file.size;
      return { default: stored.url };
    } catch (error) {
      // CKEditor shows a rejected string as the upload's warning (routed to a toast by the editor component).
      throw uploadErrorMessage(error);
    }
  }

  abort(): void {
    this.controller.abort();
  }
}

/** A plugin function for `extraPlugins`: installs the adapter on the editor's file repository. */
export function CatalogueUploadAdapterPlugin(editor: Editor): void {
  editor.plugins.get('FileRepository').createUploadAdapter = (loader: FileLoader) => new CatalogueUploadAdapter(loader);
}
