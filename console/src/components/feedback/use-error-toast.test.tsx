import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useErrorToast } from './use-error-toast';

const notify = { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() };
vi.mock('./use-notify', () => ({ useNotify: () => notify }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('useErrorToast', () => {
  it('says nothing while there is no error', () => {
    renderHook(() => useErrorToast(undefined, 'Failed to load orders'));
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('says each error once, under its title', () => {
    const first = new Error('The server is down.');
    const { rerender } = renderHook(({ error }) => useErrorToast(error, 'Failed to load orders'), {
      initialProps: { error: first as Error | undefined },
    });
    rerender({ error: first });
    expect(notify.error).toHaveBeenCalledTimes(1);
    expect(notify.error).toHaveBeenCalledWith('The server is down.', 'Failed to load orders');
    rerender({ error: undefined });
    rerender({ error: new Error('Still down.') });
    expect(notify.error).toHaveBeenCalledTimes(2);
    expect(notify.error).toHaveBeenLastCalledWith('Still down.', 'Failed to load orders');
  });
});
