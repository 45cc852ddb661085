import { useState } from 'react';
import { Avatar, Button, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { GridRegular, SignOutRegular } from '@fluentui/react-icons';
import { useHref, useLinkClickHandler, useMatch, useNavigate, useResolvedPath } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { ButtonLink } from '../navigation/button-link';
import { PRODUCT_NAME } from './use-document-title';

export interface NavLinkItem {
  to: string;
  label: string;
  /** Active only on exactly this path, not below it (for an area's home link). */
  end?: boolean;
}

const useStyles = makeStyles({
  header: {
    position: 'sticky',
    top: 0,
    zIndex: 10,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow2,
  },
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    maxWidth: '1280px',
    height: '56px',
    margin: '0 auto',
    padding: `0 ${tokens.spacingHorizontalXXL}`,
    boxSizing: 'border-box',
  },
  brand: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    borderRadius: tokens.borderRadiusMedium,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalXS}`,
    outlineStyle: 'none',
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  brandMark: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '32px',
    height: '32px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontSize: '20px',
  },
  area: {
    paddingLeft: tokens.spacingHorizontalS,
    borderLeft: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
  },
  nav: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    flexGrow: 1,
    marginLeft: tokens.spacingHorizontalL,
  },
  navItem: { minWidth: 'auto', fontWeight: tokens.fontWeightRegular },
  navItemActive: {
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorBrandForeground1,
    backgroundColor: tokens.colorBrandBackground2,
  },
  user: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  profile: { maxWidth: '240px' },
  profileName: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

function NavItem({ to, label, end = false }: NavLinkItem) {
  const styles = useStyles();
  const resolved = useResolvedPath(to);
  const active = useMatch({ path: resolved.pathname, end }) !== null;
  return (
    <ButtonLink
      to={to}
      appearance="subtle"
      aria-current={active ? 'page' : undefined}
      className={mergeClasses(styles.navItem, active && styles.navItemActive)}
    >
      {label}
    </ButtonLink>
  );
}

export interface TopNavProps {
  /** Where the brand leads: the area's home. */
  homePath: string;
  /** A short area name after the brand, e.g. "CRM". */
  area?: string;
  links: readonly NavLinkItem[];
}

/** The console's navbar: brand, the area's links, the signed-in user (→ profile) and Logout. */
export function TopNav({ homePath, area, links }: TopNavProps) {
  const styles = useStyles();
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const brandHref = useHref(homePath);
  const onBrandClick = useLinkClickHandler<HTMLAnchorElement>(homePath);

  const signOut = async () => {
    setSigningOut(true);
    await logout();
    navigate('/auth/login', { replace: true });
  };

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <a href={brandHref} onClick={onBrandClick} className={styles.brand} data-testid="nav-brand">
          <span className={styles.brandMark} aria-hidden="true">
            <GridRegular />
          </span>
          <Text size={500} weight="semibold">
            {PRODUCT_NAME}
          </Text>
          {area && <Text className={styles.area}>{area}</Text>}
        </a>
        <nav className={styles.nav} aria-label="Main">
          {links.map((link) => (
            <NavItem key={link.to} {...link} />
          ))}
        </nav>
        {user && (
          <div className={styles.user}>
            <ButtonLink
              to="/auth/profile"
              appearance="subtle"
              className={styles.profile}
              icon={<Avatar name={user.name} size={24} color="colorful" aria-hidden="true" />}
              data-testid="nav-profile"
              title="Your profile"
            >
              <span className={styles.profileName}>{user.name}</span>
            </ButtonLink>
            <Button
              appearance="subtle"
              icon={<SignOutRegular />}
              onClick={() => void signOut()}
              disabled={signingOut}
              data-testid="nav-logout"
            >
              Logout
            </Button>
          </div>
        )}
      </div>
    </header>
  );
}
