import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * After an in-app navigation, focus moves to the new page's heading (h1), so a screen reader announces
 * the page and keyboard users start from its top. The first page load keeps the browser's focus.
 */
export function useFocusHeadingOnNavigation(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let tries = 0;
    // Lazy screens render their heading a moment later: look for it for up to ~2 s.
    const timer = window.setInterval(() => {
      const heading = main.current?.querySelector<HTMLElement>('h1');
      if (heading || ++tries > 40) {
        window.clearInterval(timer);
        const target = heading ?? main.current;
        if (!target) return;
        if (document.activeElement && document.activeElement !== document.body && !main.current?.contains(document.activeElement)) {
          // The user already moved on (e.g. into a menu): leave their focus alone unless it is lost.
          if (document.activeElement.closest('[role="dialog"], [role="menu"]')) return;
        }
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.focus({ preventScroll: true });
      }
    }, 50);
    return () => window.clearInterval(timer);
  }, [pathname, main]);
}

const DIALOG = '[role="dialog"], [role="alertdialog"]';

/**
 * When a dialog closes and focus would fall to the page body, it returns to the control that opened
 * the dialog (the last element focused outside any dialog). Fluent does this for DialogTrigger; this
 * covers dialogs opened from code.
 */
export function useDialogFocusReturn(): void {
  useEffect(() => {
    let opener: HTMLElement | null = null;
    let dialogOpen = false;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && target !== document.body && !target.closest(`${DIALOG}, [role="menu"]`)) opener = target;
    };
    const restore = () => {
      const open = document.querySelector(DIALOG) !== null;
      if (dialogOpen && !open) {
        window.setTimeout(() => {
          const lost = !document.activeElement || document.activeElement === document.body;
          if (lost && opener?.isConnected) opener.focus();
        }, 0);
      }
      dialogOpen = open;
    };
    document.addEventListener('focusin', onFocusIn);
    const observer = new MutationObserver(restore);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
    };
  }, []);
}

/**
 * On narrow screens wide tables scroll inside themselves (see the global styles); a scrolling box must be
 * reachable by keyboard, so a table that scrolls gets tabindex="0" (and loses it when it fits again).
 */
export function useScrollableTablesFocusable(main: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = main.current;
    if (!root) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      for (const table of root.querySelectorAll<HTMLElement>('table')) {
        const scrolls = table.scrollWidth > table.clientWidth + 1 && getComputedStyle(table).overflowX === 'auto';
        if (scrolls && !table.hasAttribute('tabindex')) {
          table.setAttribute('tabindex', '0');
          table.dataset.scrollFocus = 'true';
        } else if (!scrolls && table.dataset.scrollFocus) {
          table.removeAttribute('tabindex');
          delete table.dataset.scrollFocus;
        }
      }
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    const observer = new MutationObserver(schedule);
    observer.observe(root, { childList: true, subtree: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', schedule);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [main]);
}
