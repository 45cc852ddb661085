import { useState } from 'react';

/**
 * Calls `reset` (which sets this component's state) during render when `key` changes — React's "adjusting some
 * state when a prop changes" — instead of in an effect, which would render once more with the stale state first.
 * `key` is compared with Object.is: pass a primitive (or a string built from several values) or a stable object.
 */
export function useResetWhen(key: unknown, reset: () => void): void {
  const [seen, setSeen] = useState(key);
  if (!Object.is(seen, key)) {
    setSeen(key);
    reset();
  }
}
