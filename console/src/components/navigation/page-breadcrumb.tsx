import { Fragment, type MouseEvent } from 'react';
import {
  Breadcrumb,
  BreadcrumbButton,
  BreadcrumbDivider,
  BreadcrumbItem,
  Menu,
  MenuItemLink,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Tooltip,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';
import { usePhone } from '../layout/use-phone';

/** One level above the current page: its name and where it is. */
export interface Crumb {
  label: string;
  to: To;
}

export interface PageBreadcrumbProps {
  /** The levels above the current page, outermost first; each is a link. */
  trail: readonly Crumb[];
  /** The current page: last, not a link, aria-current="page". */
  current: string;
  /** The navigation landmark's name ("Category path", "Selected region"). */
  label?: string;
}

const useStyles = makeStyles({
  root: { minWidth: 0, maxWidth: '100%' },
  list: { flexWrap: 'wrap', rowGap: tokens.spacingVerticalXXS },
  item: { minWidth: 0, maxWidth: '100%' },
  label: { display: 'block', maxWidth: '32ch', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  phoneLabel: { maxWidth: '13ch' },
  current: {
    display: 'block',
    maxWidth: '40ch',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    padding: `0 ${tokens.spacingHorizontalSNudge}`,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
  },
  phoneCurrent: { maxWidth: '16ch' },
});

function CrumbLink({ crumb, phone }: { crumb: Crumb; phone: boolean }) {
  const styles = useStyles();
  const href = useHref(crumb.to);
  const follow = useLinkClickHandler<HTMLAnchorElement>(crumb.to);
  return (
    <BreadcrumbButton as="a" href={href} onClick={(event: MouseEvent<HTMLAnchorElement>) => follow(event)} title={crumb.label}>
      <span className={mergeClasses(styles.label, phone && styles.phoneLabel)}>{crumb.label}</span>
    </BreadcrumbButton>
  );
}

function FoldedCrumb({ crumb }: { crumb: Crumb }) {
  const href = useHref(crumb.to);
  const follow = useLinkClickHandler<HTMLAnchorElement>(crumb.to);
  return (
    <MenuItemLink href={href} onClick={(event: MouseEvent<HTMLAnchorElement>) => follow(event)}>
      {crumb.label}
    </MenuItemLink>
  );
}

/** The folded middle levels: a "…" button whose menu lists them, in order, as links. */
function FoldedCrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  const label = `${crumbs.length} more ${crumbs.length === 1 ? 'level' : 'levels'}`;
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Tooltip content={label} relationship="label">
          <BreadcrumbButton icon={<MoreHorizontalRegular />} data-testid="breadcrumb-more" />
        </Tooltip>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {crumbs.map((crumb, index) => (
            <FoldedCrumb key={index} crumb={crumb} />
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

/**
 * Where a nested screen sits: every level above it as a link, the page itself last (not a link).
 * On a phone only the first and the nearest level stay; the ones between fold into a "…" menu.
 */
export function PageBreadcrumb({ trail, current, label = 'Breadcrumb' }: PageBreadcrumbProps) {
  const styles = useStyles();
  const phone = usePhone();
  const fold = phone && trail.length > 2;
  const shown = fold ? [trail[0], trail[trail.length - 1]] : trail;
  const folded = fold ? trail.slice(1, -1) : [];
  return (
    <Breadcrumb aria-label={label} size="small" className={styles.root} list={{ className: styles.list }} data-testid="page-breadcrumb">
      {shown.map((crumb, index) => (
        <Fragment key={index}>
          <BreadcrumbItem className={styles.item}>
            <CrumbLink crumb={crumb} phone={phone} />
          </BreadcrumbItem>
          <BreadcrumbDivider />
          {fold && index === 0 && (
            <>
              <BreadcrumbItem>
                <FoldedCrumbs crumbs={folded} />
              </BreadcrumbItem>
              <BreadcrumbDivider />
            </>
          )}
        </Fragment>
      ))}
      <BreadcrumbItem className={styles.item}>
        <span aria-current="page" className={mergeClasses(styles.current, phone && styles.phoneCurrent)} title={current}>
          {current}
        </span>
      </BreadcrumbItem>
    </Breadcrumb>
  );
}
