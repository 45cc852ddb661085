import type { ReactNode } from 'react';
import { Button, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { DialogFrame } from './dialog-frame';
import { useNotify } from './use-notify';

const useStyles = makeStyles({
  secret: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
});

export interface SecretOnceDialogProps {
  title: string;
  /** "Copy the secret now: it will not be shown again." */
  warning: string;
  secret: string;
  /** Put before the secret: "Client secret" gives "Client secret: …"; without it the secret stands alone. */
  secretLabel?: string;
  /** What else to say, between the warning and the secret. */
  children?: ReactNode;
  onClose(): void;
}

/** A secret the server shows once (it keeps only a hash): the warning, the secret, Copy secret and Done. */
export function SecretOnceDialog({ title, warning, secret, secretLabel, children, onClose }: SecretOnceDialogProps) {
  const styles = useStyles();
  const notify = useNotify();
  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => notify.success('The secret is on the clipboard.'),
      () => notify.error('Could not copy; select the secret and copy it by hand.'),
    );
  return (
    <DialogFrame
      title={title}
      actions={
        <>
          <Button onClick={() => void copy()}>Copy secret</Button>
          <Button appearance="primary" onClick={onClose}>
            Done
          </Button>
        </>
      }
    >
      <MessageBar intent="warning">
        <MessageBarBody>{warning}</MessageBarBody>
      </MessageBar>
      {children}
      <p>
        {secretLabel && `${secretLabel}: `}
        <span className={styles.secret} data-testid="secret">
          {secret}
        </span>
      </p>
    </DialogFrame>
  );
}
