import type { ReactNode } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import type { To } from 'react-router-dom';
import { ButtonLink } from '../navigation/button-link';
import { useDocumentTitle } from './use-document-title';

const useStyles = makeStyles({
  header: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
    minWidth: 0,
    marginBottom: tokens.spacingVerticalXL,
  },
  root: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  heading: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  titles: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXXS, minWidth: 0 },
  title: { margin: 0 },
  description: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

export interface PageHeaderProps {
  /** The page's title; also the browser tab title. */
  title: string;
  description?: ReactNode;
  /** A back link shown before the title (e.g. roles/{userId} → users). */
  back?: { to: To; label: string };
  /** Buttons and menus at the right: "Add", "Upload Excel Sheet", … */
  actions?: ReactNode;
  /** Where a nested screen sits, above the title: a <PageBreadcrumb> (passed in, so its code loads with the screen). */
  breadcrumb?: ReactNode;
}

/** The top of every screen: its title (the page's h1) and its main actions. */
export function PageHeader({ title, description, back, actions, breadcrumb }: PageHeaderProps) {
  const styles = useStyles();
  useDocumentTitle(title);
  return (
    <header className={styles.header}>
      {breadcrumb}
      <div className={styles.root}>
        <div className={styles.heading}>
          {back && <ButtonLink to={back.to} appearance="subtle" icon={<ArrowLeftRegular />} aria-label={back.label} title={back.label} />}
          <div className={styles.titles}>
            <Text as="h1" size={700} weight="semibold" className={styles.title}>
              {title}
            </Text>
            {description && (
              <Text size={300} className={styles.description}>
                {description}
              </Text>
            )}
          </div>
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </header>
  );
}
