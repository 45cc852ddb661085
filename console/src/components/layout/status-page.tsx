import type { ReactNode } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { useDocumentTitle } from './use-document-title';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalL}`,
  },
  code: {
    color: tokens.colorBrandForeground1,
    fontSize: '56px',
    lineHeight: '64px',
    fontWeight: tokens.fontWeightBold,
  },
  title: { margin: 0 },
  message: { color: tokens.colorNeutralForeground3, maxWidth: '480px' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalS },
});

export interface StatusPageProps {
  code?: string;
  title: string;
  message: ReactNode;
  actions: ReactNode;
  testId?: string;
}

/** A whole-page answer to a dead end: not found, no access, an error. Always offers a way on. */
export function StatusPage({ code, title, message, actions, testId }: StatusPageProps) {
  const styles = useStyles();
  useDocumentTitle(title);
  return (
    <section className={styles.root} data-testid={testId}>
      {code && (
        <span className={styles.code} aria-hidden="true">
          {code}
        </span>
      )}
      <Text as="h1" size={700} weight="semibold" align="center" className={styles.title}>
        {title}
      </Text>
      <Text size={400} align="center" block className={styles.message}>
        {message}
      </Text>
      <div className={styles.actions}>{actions}</div>
    </section>
  );
}
