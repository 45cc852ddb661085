import type { ReactNode } from 'react';
import { Badge, Text, makeStyles, tokens, type BadgeProps } from '@fluentui/react-components';

const useStyles = makeStyles({
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  // A name stays on one line in its pill; a narrow column wraps the pills, never the names.
  badge: { whiteSpace: 'nowrap' },
  stack: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalXXS,
    minWidth: 0,
    paddingBlock: tokens.spacingVerticalXS,
    overflowWrap: 'anywhere',
  },
  secondary: { color: tokens.colorNeutralForeground3 },
});

/** A cell of several short names (scopes, event types, sellers), a badge each. */
export function BadgeList({
  names,
  appearance = 'outline',
  color,
  size,
}: {
  names: readonly string[];
  appearance?: BadgeProps['appearance'];
  color?: BadgeProps['color'];
  size?: BadgeProps['size'];
}) {
  const styles = useStyles();
  return (
    <span className={styles.badges}>
      {names.map((name) => (
        <Badge key={name} className={styles.badge} appearance={appearance} color={color} size={size}>
          {name}
        </Badge>
      ))}
    </span>
  );
}

/** A cell of a main line and what qualifies it under it (a name and its email, a status and why). */
export function StackedCell({ main, detail }: { main: ReactNode; detail?: ReactNode }) {
  const styles = useStyles();
  return (
    <span className={styles.stack}>
      {main}
      {detail !== undefined && detail !== null && detail !== false && (
        <Text size={200} className={styles.secondary}>
          {detail}
        </Text>
      )}
    </span>
  );
}
