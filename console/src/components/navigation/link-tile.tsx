import type { ReactNode } from 'react';
import { Card, Text, makeStyles, tokens, useId } from '@fluentui/react-components';
import { useHref, useLinkClickHandler } from 'react-router-dom';

const useStyles = makeStyles({
  link: {
    display: 'block',
    flexGrow: 1,
    color: 'inherit',
    textDecorationLine: 'none',
    borderRadius: tokens.borderRadiusLarge,
    outlineStyle: 'none',
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: tokens.strokeWidthThick,
    },
  },
  card: {
    height: '100%',
    boxSizing: 'border-box',
    flexDirection: 'row',
    alignItems: 'flex-start',
    columnGap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalL,
    transitionProperty: 'box-shadow, background-color',
    transitionDuration: tokens.durationFaster,
    ':hover': {
      boxShadow: tokens.shadow8,
      backgroundColor: tokens.colorNeutralBackground1Hover,
    },
    ':active': { backgroundColor: tokens.colorNeutralBackground1Pressed },
  },
  icon: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: '40px',
    height: '40px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
    fontSize: '24px',
  },
  text: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXXS, minWidth: 0 },
  description: { color: tokens.colorNeutralForeground3 },
});

export interface LinkTileProps {
  /** An app path, absolute ("/crm") or relative to the current route ("services"). */
  to: string;
  icon: ReactNode;
  title: string;
  description: string;
  testId?: string;
}

/** A card that is one link: a dashboard or menu entry. Focusable with Tab, opened with Enter. */
export function LinkTile({ to, icon, title, description, testId }: LinkTileProps) {
  const styles = useStyles();
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLAnchorElement>(to);
  const descriptionId = useId('tile-description');
  return (
    // Named by its visible title (no aria-label that would differ from what is shown: WCAG 2.5.3), described by the
    // visible line under it; the line is left out of the name so the name stays the title.
    <a href={href} onClick={handleClick} className={styles.link} data-testid={testId} aria-describedby={descriptionId}>
      {/* No group role inside the link: Chromium would then leave the link without a name from its content. */}
      <Card className={styles.card} role="none">
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
        <span className={styles.text}>
          <Text weight="semibold" size={400}>
            {title}
          </Text>
          <Text size={200} className={styles.description} id={descriptionId} aria-hidden="true">
            {description}
          </Text>
        </span>
      </Card>
    </a>
  );
}

const useGridStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    gap: tokens.spacingHorizontalL,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    '& > li': { display: 'flex', flexDirection: 'column' },
  },
});

/** A responsive grid of LinkTiles, as a list for screen readers. */
export function LinkTileGrid({ label, tiles }: { label: string; tiles: readonly LinkTileProps[] }) {
  const styles = useGridStyles();
  return (
    <ul className={styles.grid} aria-label={label}>
      {tiles.map((tile) => (
        <li key={tile.to}>
          <LinkTile {...tile} />
        </li>
      ))}
    </ul>
  );
}
