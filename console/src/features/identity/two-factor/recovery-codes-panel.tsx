import { Button, MessageBar, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, CopyRegular } from '@fluentui/react-icons';
import { useNotify } from '../../../components/feedback';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  codes: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, max-content)',
    columnGap: tokens.spacingHorizontalXXL,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    listStyleType: 'none',
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase400,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

export interface RecoveryCodesPanelProps {
  codes: readonly string[];
  /** The button that closes the panel, e.g. "Continue" after a sign-in. */
  doneLabel: string;
  onDone(): void;
}

/** New recovery codes, shown once: copy or download them before going on. */
export function RecoveryCodesPanel({ codes, doneLabel, onDone }: RecoveryCodesPanelProps) {
  const styles = useStyles();
  const notify = useNotify();
  const text = `Back-office recovery codes (each works once)\n\n${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success('The recovery codes are on the clipboard.', 'Copied');
    } catch {
      notify.warning('The browser did not allow copying: select the codes and copy them, or download them.', 'Not copied');
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'backoffice-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className={styles.root} data-testid="recovery-codes">
      <MessageBar intent="warning">
        <MessageBarBody>
          <MessageBarTitle>Save your recovery codes</MessageBarTitle>
          If you lose your phone, each code signs you in once instead of an app code. They are shown only now.
        </MessageBarBody>
      </MessageBar>
      <ul className={styles.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Button icon={<CopyRegular />} onClick={() => void copy()}>
          Copy
        </Button>
        <Button icon={<ArrowDownloadRegular />} onClick={download}>
          Download
        </Button>
        <Button appearance="primary" onClick={onDone}>
          {doneLabel}
        </Button>
      </div>
    </div>
  );
}
