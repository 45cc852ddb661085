import { useState } from 'react';
import {
  Avatar,
  Button,
  Menu,
  MenuDivider,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { PersonRegular, SignOutRegular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../components/auth';
import { useTheme, type ThemeChoice } from './theme';

const useStyles = makeStyles({
  trigger: { minWidth: '44px', minHeight: '44px', maxWidth: '260px' },
  name: {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    '@media (max-width: 639px)': { display: 'none' },
  },
  item: { minHeight: '44px' },
  muted: { color: tokens.colorNeutralForeground3 },
});

const THEMES: { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'Same as the system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** The signed-in user's menu: profile, theme, Logout — reachable at any width. */
export function ProfileMenu() {
  const styles = useStyles();
  const { user, logout } = useAuth();
  const { choice, setChoice } = useTheme();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  if (!user) return null;

  const signOut = async () => {
    setSigningOut(true);
    await logout();
    navigate('/auth/login', { replace: true });
  };

  return (
    <Menu
      checkedValues={{ theme: [choice] }}
      onCheckedValueChange={(_, data) => data.name === 'theme' && setChoice((data.checkedItems[0] as ThemeChoice) ?? 'system')}
    >
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          className={styles.trigger}
          // A person in the name's colour, no initials: the button's visible text is then the name alone, which its
          // accessible name holds (WCAG 2.5.3, axe label-content-name-mismatch; initials "AD" are not in "Account: …").
          icon={<Avatar name={user.name} initials={null} size={28} color="colorful" aria-hidden="true" />}
          aria-label={`Account: ${user.name}`}
          data-testid="nav-profile-menu"
        >
          <span className={styles.name}>{user.name}</span>
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItem className={styles.item} icon={<PersonRegular />} onClick={() => navigate('/auth/profile')} data-testid="nav-profile">
            Your profile
          </MenuItem>
          <MenuDivider />
          <MenuGroup>
            <MenuGroupHeader>Theme</MenuGroupHeader>
            {THEMES.map((theme) => (
              <MenuItemRadio key={theme.value} className={styles.item} name="theme" value={theme.value}>
                {theme.label}
              </MenuItemRadio>
            ))}
          </MenuGroup>
          <MenuDivider />
          <MenuItem
            className={styles.item}
            icon={<SignOutRegular />}
            onClick={() => void signOut()}
            disabled={signingOut}
            data-testid="nav-logout"
          >
            Logout
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
