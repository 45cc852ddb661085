import { useEffect } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useBlocker } from 'react-router-dom';

export const UNSAVED_TITLE = 'Discard your changes?';
export const UNSAVED_MESSAGE = 'You have changes that are not saved. If you leave now, they are lost.';

/**
 * Keeps unsaved work: while `when` is true, leaving the screen inside the console asks first
 * ("Keep editing" stays, "Discard" leaves), and closing or reloading the tab asks the browser's own question.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  const blocked = blocker.state === 'blocked';
  return (
    <Dialog open={blocked} modalType="alert" onOpenChange={(_, data) => !data.open && blocker.reset?.()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{UNSAVED_TITLE}</DialogTitle>
          <DialogContent>{UNSAVED_MESSAGE}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={() => blocker.reset?.()}>
              Keep editing
            </Button>
            <Button onClick={() => blocker.proceed?.()}>Discard</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
