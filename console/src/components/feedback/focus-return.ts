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

/**
 * `origin` itself, or the element that took its place when it was rendered anew meanwhile (a table switching between
 * rows and cards as the window's width changes, say a phone turned): the one with its id, else the one element of its
 * tag with its accessible label. Null when it left the page (its row was deleted).
 */
function stillThere(origin: HTMLElement): HTMLElement | null {
  if (origin.isConnected) return origin;
  const byId = origin.id ? document.getElementById(origin.id) : null;
  if (byId) return byId;
  const label = origin.getAttribute('aria-label');
  if (!label) return null;
  const alike = [...document.querySelectorAll<HTMLElement>(origin.tagName)].filter(
    (element) => element.getAttribute('aria-label') === label,
  );
  return alike.length === 1 ? alike[0] : null;
}

const CHECK_EVERY_MS = 50;
const GIVE_UP_AFTER_MS = 1500;

/**
 * Gives focus back to `origin` once the closing dialog has let it go to the page body: Fluent's own restore needs
 * the opener to be a dialog trigger, and a menu item that asked the question is gone. The origin may have been rendered
 * anew while the question was open (see stillThere). Leaves focus alone when something else took it on purpose, or
 * when the origin left the page (its row was deleted).
 */
export function returnFocusTo(origin: HTMLElement | null): void {
  if (!origin) return;
  const started = Date.now();
  const check = () => {
    const active = document.activeElement;
    const lost = !active || active === document.body;
    if (lost) {
      stillThere(origin)?.focus();
      return;
    }
    const inDialog = !!active.closest('[role="dialog"], [role="alertdialog"]');
    if (inDialog && Date.now() - started < GIVE_UP_AFTER_MS) setTimeout(check, CHECK_EVERY_MS);
  };
  setTimeout(check, 0);
}
