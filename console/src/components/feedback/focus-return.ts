/**
 * Where focus goes back once a question closes: what had focus when it was asked, or, for an item of a menu
 * (gone by the time the question closes), the button that opened the menu (the menu list names it in
 * aria-labelledby). Null when nothing had focus.
 */
export function focusOrigin(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest<HTMLElement>('[role="menu"][aria-labelledby]');
  const trigger = menu && document.getElementById(menu.getAttribute('aria-labelledby') ?? '');
  return trigger ?? active;
}

const CHECK_EVERY_MS = 50;
const GIVE_UP_AFTER_MS = 1500;

/**
 * Gives focus back to `origin` once the closing dialog has let it go to the page body: Fluent's own restore needs
 * the opener to be a dialog trigger, and a menu item that asked the question is gone. Leaves focus alone when
 * something else took it on purpose, or when the origin left the page (its row was deleted).
 */
export function returnFocusTo(origin: HTMLElement | null): void {
  if (!origin) return;
  const started = Date.now();
  const check = () => {
    const active = document.activeElement;
    const lost = !active || active === document.body;
    if (lost) {
      if (origin.isConnected) origin.focus();
      return;
    }
    const inDialog = !!active.closest('[role="dialog"], [role="alertdialog"]');
    if (inDialog && Date.now() - started < GIVE_UP_AFTER_MS) setTimeout(check, CHECK_EVERY_MS);
  };
  setTimeout(check, 0);
}
