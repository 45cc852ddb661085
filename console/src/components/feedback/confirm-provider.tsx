import { Suspense, createContext, lazy, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import type { ConfirmOptions } from './confirm-dialog';
import { focusOrigin, returnFocusTo } from './focus-return';

// Loaded on the first question, keeping the dialog out of the start-up bundle.
const ConfirmDialog = lazy(() => import('./confirm-dialog').then((module) => ({ default: module.ConfirmDialog })));

type Confirm = (options: ConfirmOptions | string) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/** Hosts the one confirmation dialog of the app; rendered once, in app/console-providers.tsx. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  // Kept after closing so the text does not vanish during the closing animation.
  const [options, setOptions] = useState<ConfirmOptions>({ message: '' });
  const resolveRef = useRef<((answer: boolean) => void) | null>(null);
  const originRef = useRef<HTMLElement | null>(null);

  const answer = useCallback((value: boolean) => {
    resolveRef.current?.(value);
    resolveRef.current = null;
    setOpen(false);
    returnFocusTo(originRef.current);
    originRef.current = null;
  }, []);

  const confirm = useCallback<Confirm>((question) => {
    // A new question replaces one still open; the old one answers no.
    resolveRef.current?.(false);
    originRef.current ??= focusOrigin();
    return new Promise<boolean>((resolve) => {
      resolveRef.current = resolve;
      setOptions(typeof question === 'string' ? { message: question } : question);
      setOpen(true);
      setAsked(true);
    });
  }, []);

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {asked && (
        <Suspense fallback={null}>
          <ConfirmDialog {...options} open={open} onConfirm={() => answer(true)} onCancel={() => answer(false)} />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}

/**
 * Asks a yes/no question in a dialog: `if (await confirm('Are you sure to delete this article?')) …`.
 * Resolves true only when the user presses the confirm button; Escape and Cancel resolve false.
 */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm() must be used inside <ConfirmProvider>.');
  return confirm;
}

export interface ConfirmDeleteOptions {
  /** What it is, for the title: "service", "branch". */
  noun: string;
  /** Its name: "Passport renewal". */
  name: string;
  /** The question to ask (kept word for word where one is prescribed). */
  message: string;
  /** What is deleted with it, or what stays. */
  detail?: ReactNode;
}

/** Asks before deleting, naming the item and what goes with it, with a red Delete button. */
export function useConfirmDelete(): (options: ConfirmDeleteOptions) => Promise<boolean> {
  const confirm = useConfirm();
  return useCallback(
    ({ noun, name, message, detail }: ConfirmDeleteOptions) =>
      confirm({ title: `Delete ${noun} “${name}”?`, message, detail, confirmLabel: 'Delete', danger: true }),
    [confirm],
  );
}
