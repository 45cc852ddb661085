import { Suspense, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import {
  Hamburger,
  NavDrawer,
  NavDrawerBody,
  NavItem,
  NavSectionHeader,
  Text,
  Tooltip,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { GridRegular } from '@fluentui/react-icons';
import { useHref, useLinkClickHandler, useLocation, useMatches } from 'react-router-dom';
import { landingPath, useAuth } from '../../components/auth';
import { PageSpinner } from '../../components/feedback';
import { PRODUCT_NAME } from '../../components/layout';
import { useGlobalStyles } from './global-styles';
import { currentEntry, navFor, type NavEntry } from './nav-items';
import { ProfileMenu } from './profile-menu';
import { useDialogFocusReturn, useFocusHeadingOnNavigation, useScrollableTablesFocusable } from './focus';

const WIDE = '(min-width: 1024px)';

const useStyles = makeStyles({
  root: { minHeight: '100vh', display: 'flex', flexDirection: 'column', backgroundColor: tokens.colorNeutralBackground2 },
  skipLink: {
    position: 'absolute',
    left: tokens.spacingHorizontalM,
    top: '-64px',
    zIndex: 30,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorBrandForeground1,
    boxShadow: tokens.shadow8,
    ':focus': { top: tokens.spacingVerticalS },
  },
  header: {
    position: 'sticky',
    top: 0,
    zIndex: 10,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    height: '56px',
    padding: `0 ${tokens.spacingHorizontalM}`,
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  hamburger: { minWidth: '44px', minHeight: '44px' },
  brand: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minWidth: 0,
    minHeight: '44px',
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    borderRadius: tokens.borderRadiusMedium,
    padding: `0 ${tokens.spacingHorizontalXS}`,
    outlineStyle: 'none',
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  brandMark: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: '32px',
    height: '32px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontSize: '20px',
  },
  brandName: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  spacer: { flexGrow: 1 },
  body: { display: 'flex', flexGrow: 1, minWidth: 0 },
  drawer: { position: 'sticky', top: '56px', height: 'calc(100vh - 56px)', flexShrink: 0 },
  main: {
    flexGrow: 1,
    minWidth: 0,
    width: '100%',
    maxWidth: '1280px',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}`,
    boxSizing: 'border-box',
    ':focus': { outlineStyle: 'none' },
    '@media (max-width: 639px)': { padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalM}` },
  },
});

function useWide(): boolean {
  const [wide, setWide] = useState(() => typeof window.matchMedia !== 'function' || window.matchMedia(WIDE).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(WIDE);
    const onChange = () => setWide(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return wide;
}

function DrawerLink({ entry, onNavigate }: { entry: NavEntry; onNavigate: () => void }) {
  const href = useHref(entry.to);
  const follow = useLinkClickHandler<HTMLAnchorElement>(entry.to);
  return (
    <NavItem
      as="a"
      value={entry.to}
      href={href}
      icon={entry.icon}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        follow(event);
        if (event.defaultPrevented) onNavigate();
      }}
      data-testid={`nav-${entry.to}`}
    >
      {entry.label}
    </NavItem>
  );
}

/**
 * The frame of every signed-in screen: a header (menu button, product, account menu) and the
 * role-aware navigation drawer — inline and collapsible from 1024 px, an overlay below.
 */
export function ConsoleShell({ children }: { children: ReactNode }) {
  useGlobalStyles();
  const styles = useStyles();
  const { user } = useAuth();
  const wide = useWide();
  const location = useLocation();
  const matches = useMatches();
  const [inlineOpen, setInlineOpen] = useState(true);
  // The overlay drawer is open on the page it was opened on: navigating closes it.
  const [overlayOpenAt, setOverlayOpenAt] = useState<string | null>(null);
  const overlayOpen = overlayOpenAt === location.pathname;
  const setOverlayOpen = (next: boolean) => setOverlayOpenAt(next ? location.pathname : null);
  const mainRef = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigation(mainRef);
  useDialogFocusReturn();
  useScrollableTablesFocusable(mainRef);

  const groups = navFor(user);
  const selected = currentEntry(groups, location.pathname)?.to ?? '';
  const home = user ? landingPath(user) : '/';
  const brandHref = useHref(home);
  const onBrandClick = useLinkClickHandler<HTMLAnchorElement>(home);
  const open = wide ? inlineOpen : overlayOpen;
  const routeId = matches[matches.length - 1]?.id;

  return (
    <div className={styles.root}>
      <a href="#main-content" className={styles.skipLink}>
        Skip to content
      </a>
      <header className={styles.header}>
        <Tooltip content={open ? 'Close navigation' : 'Open navigation'} relationship="label">
          <Hamburger
            className={styles.hamburger}
            aria-expanded={open}
            aria-controls="console-nav"
            onClick={() => (wide ? setInlineOpen(!inlineOpen) : setOverlayOpen(!overlayOpen))}
            data-testid="nav-menu-button"
          />
        </Tooltip>
        <a href={brandHref} onClick={onBrandClick} className={styles.brand} data-testid="nav-brand">
          <span className={styles.brandMark} aria-hidden="true">
            <GridRegular />
          </span>
          <Text size={500} weight="semibold" className={styles.brandName}>
            {PRODUCT_NAME}
          </Text>
        </a>
        <span className={styles.spacer} />
        <ProfileMenu />
      </header>
      <div className={styles.body}>
        <NavDrawer
          id="console-nav"
          aria-label="Main"
          type={wide ? 'inline' : 'overlay'}
          open={open}
          onOpenChange={(_, data) => (wide ? setInlineOpen(data.open) : setOverlayOpen(data.open))}
          selectedValue={selected}
          tabbable
          className={wide ? styles.drawer : undefined}
        >
          <NavDrawerBody>
            {groups.map((group) => (
              <div key={group.title ?? 'home'} role="group" aria-label={group.title ?? 'Home'}>
                {group.title && <NavSectionHeader>{group.title}</NavSectionHeader>}
                {group.entries.map((entry) => (
                  <DrawerLink key={entry.to} entry={entry} onNavigate={() => setOverlayOpen(false)} />
                ))}
              </div>
            ))}
          </NavDrawerBody>
        </NavDrawer>
        <main id="main-content" ref={mainRef} className={styles.main} tabIndex={-1}>
          <Suspense key={routeId} fallback={<PageSpinner />}>
            {children}
          </Suspense>
        </main>
      </div>
    </div>
  );
}
