import type { ReactNode } from 'react';
import { Card, CardHeader, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  card: { rowGap: tokens.spacingVerticalM },
  hint: { color: tokens.colorNeutralForeground3 },
});

export interface SettingsCardProps {
  /** The id of the card's heading, which names the card (and may name a group inside it). */
  titleId: string;
  title: string;
  /** The line under the title. */
  description: ReactNode;
  className?: string;
  'data-testid'?: string;
  children: ReactNode;
}

/** A card of the appointment settings: a heading, a muted line under it, then its fields. */
export function SettingsCard({ titleId, title, description, className, 'data-testid': testId, children }: SettingsCardProps) {
  const styles = useStyles();
  return (
    <Card className={mergeClasses(styles.card, className)} aria-labelledby={titleId} data-testid={testId}>
      <CardHeader
        header={
          <Text as="h2" size={400} weight="semibold" id={titleId}>
            {title}
          </Text>
        }
        description={
          <Text size={200} className={styles.hint}>
            {description}
          </Text>
        }
      />
      {children}
    </Card>
  );
}
