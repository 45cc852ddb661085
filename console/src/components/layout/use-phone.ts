import { useEffect, useState } from 'react';

/** Below 640 px the console lays itself out for a phone (the shell's global styles use the same width). */
export const PHONE_QUERY = '(max-width: 639px)';

/** Whether the window is phone-wide now; follows the window as it is resized or turned. */
export function usePhone(): boolean {
  const [phone, setPhone] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(PHONE_QUERY);
    const onChange = () => setPhone(query.matches);
    onChange();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return phone;
}
