import { useEffect } from 'react';

export const PRODUCT_NAME = 'Back-office';

/** Sets the browser tab title to "<title> · Back-office". */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
