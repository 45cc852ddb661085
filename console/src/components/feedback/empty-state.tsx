import type { ReactNode } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalL}`,
    color: tokens.colorNeutralForeground3,
    textAlign: 'center',
  },
  icon: {
    fontSize: '48px',
    lineHeight: 0,
    color: tokens.colorNeutralForeground4,
  },
});

export interface EmptyStateProps {
  /** A 48px-friendly icon, e.g. <ReceiptRegular />. */
  icon?: ReactNode;
  /** The text, word for word from the specification (docs/product.md) where it gives one ("No orders"). */
  text: ReactNode;
  /** An optional next step, e.g. an "Add" button. */
  action?: ReactNode;
}

/** What a list shows when it has nothing in it. */
export function EmptyState({ icon, text, action }: EmptyStateProps) {
  const styles = useStyles();
  return (
    <div className={styles.root} data-testid="empty-state">
      {icon && (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      )}
      <Text size={400}>{text}</Text>
      {action}
    </div>
  );
}
