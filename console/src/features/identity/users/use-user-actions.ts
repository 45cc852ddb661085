import { useState } from 'react';
import type { StaffUser } from '@backoffice/contracts';
import { errorMessage } from '../../../components/api';
import { useConfirm, useNotify } from '../../../components/feedback';
import { endUserSessions, resetUserTwoFactor, setUserActive } from '../api';

export interface UserActions {
  /** The user an action runs for, or null. */
  busy: string | null;
  deactivate(user: StaffUser): Promise<void>;
  activate(user: StaffUser): Promise<void>;
  endSessions(user: StaffUser): Promise<void>;
  resetTwoFactor(user: StaffUser): Promise<void>;
}

/** The row menu's actions on a staff user: each asks first where it signs someone out, then says how it went. */
export function useUserActions(): UserActions {
  const notify = useNotify();
  const confirm = useConfirm();
  const [busy, setBusy] = useState<string | null>(null);

  const act = async (user: StaffUser, work: () => Promise<unknown>, success: [string, string], failure: string) => {
    setBusy(user.id);
    try {
      await work();
      notify.success(...success);
    } catch (problem) {
      notify.error(errorMessage(problem), failure);
    } finally {
      setBusy(null);
    }
  };

  const deactivate = async (user: StaffUser) => {
    const ok = await confirm({
      title: `Deactivate ${user.name}?`,
      message: 'They are signed out everywhere at once and can no longer sign in. You can reactivate them later.',
      confirmLabel: 'Deactivate',
    });
    if (ok)
      await act(
        user,
        () => setUserActive(user.id, false),
        [`${user.name} can no longer sign in.`, 'User deactivated'],
        'Could not deactivate the user',
      );
  };

  const activate = (user: StaffUser) =>
    act(user, () => setUserActive(user.id, true), [`${user.name} can sign in again.`, 'User reactivated'], 'Could not reactivate the user');

  const endSessions = async (user: StaffUser) => {
    const ok = await confirm({
      title: `End ${user.name}’s sessions?`,
      message: 'They are signed out on every device at once and must sign in again.',
      confirmLabel: 'End sessions',
    });
    if (ok)
      await act(
        user,
        () => endUserSessions(user.id),
        [`${user.name} was signed out everywhere.`, 'Sessions ended'],
        'Could not end the sessions',
      );
  };

  const resetTwoFactor = async (user: StaffUser) => {
    const ok = await confirm({
      title: `Reset ${user.name}’s two-factor sign-in?`,
      message:
        'Use this when they lost their phone. Their sessions end, and they sign in with their password alone (or set two-factor sign-in up again if their role requires it).',
      confirmLabel: 'Reset',
    });
    if (ok)
      await act(
        user,
        () => resetUserTwoFactor(user.id),
        [`${user.name}’s two-factor sign-in was removed.`, 'Two-factor sign-in reset'],
        'Could not reset two-factor sign-in',
      );
  };

  return { busy, deactivate, activate, endSessions, resetTwoFactor };
}
