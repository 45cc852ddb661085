import { Suspense, type ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useMatches } from 'react-router-dom';
import { PageSpinner } from '../feedback/page-spinner';
import { TopNav, type TopNavProps } from './top-nav';

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  skipLink: {
    position: 'absolute',
    left: tokens.spacingHorizontalM,
    top: '-48px',
    zIndex: 20,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorBrandForeground1,
    boxShadow: tokens.shadow8,
    ':focus': { top: tokens.spacingVerticalS },
  },
  main: {
    flexGrow: 1,
    width: '100%',
    maxWidth: '1280px',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}`,
    boxSizing: 'border-box',
    ':focus': { outlineStyle: 'none' },
  },
});

export interface AppShellProps extends TopNavProps {
  /** The routed content, usually <Outlet />. */
  children: ReactNode;
}

/**
 * The frame of every signed-in screen: navbar and a centred content area (max 1280 px).
 * Lazy screens show a spinner while their code loads; the boundary is keyed by route so
 * a new screen shows it too, while a new id on the same screen does not remount it.
 */
export function AppShell({ children, ...nav }: AppShellProps) {
  const styles = useStyles();
  const matches = useMatches();
  const routeId = matches[matches.length - 1]?.id;
  return (
    <div className={styles.root}>
      <a href="#main-content" className={styles.skipLink}>
        Skip to content
      </a>
      <TopNav {...nav} />
      <main id="main-content" className={styles.main} tabIndex={-1}>
        <Suspense key={routeId} fallback={<PageSpinner />}>
          {children}
        </Suspense>
      </main>
    </div>
  );
}
