import {
  Badge,
  Button,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DeleteRegular, EditRegular, FolderOpenRegular, FolderRegular } from '@fluentui/react-icons';
import type { Category } from '@backoffice/contracts';
import { ButtonLink, TextLink } from '../../../components/navigation';

const useStyles = makeStyles({
  table: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusLarge, boxShadow: tokens.shadow2 },
  nameCell: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, paddingBlock: tokens.spacingVerticalS, minWidth: 0 },
  thumb: {
    flexShrink: 0,
    width: '48px',
    height: '48px',
    borderRadius: tokens.borderRadiusMedium,
    objectFit: 'cover',
    backgroundColor: tokens.colorNeutralBackground3,
  },
  icon: {
    flexShrink: 0,
    width: '48px',
    height: '48px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
    fontSize: '24px',
  },
  texts: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  description: {
    color: tokens.colorNeutralForeground3,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    maxWidth: '520px',
  },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  actions: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalXS },
  contents: { color: tokens.colorNeutralForeground2 },
  inactive: { opacity: 0.65 },
});

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export interface CategoryTableProps {
  categories: readonly Category[];
  onEdit(category: Category): void;
  onDelete(category: Category): void;
}

/** The categories of one level, each with Open, Edit and Delete. */
export function CategoryTable({ categories, onEdit, onDelete }: CategoryTableProps) {
  const styles = useStyles();
  return (
    <Table className={styles.table} aria-label="Categories" data-testid="category-table">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>Category</TableHeaderCell>
          <TableHeaderCell style={{ width: '220px' }}>Contents</TableHeaderCell>
          <TableHeaderCell style={{ width: '150px' }}>Status</TableHeaderCell>
          <TableHeaderCell style={{ width: '290px' }}>Actions</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {categories.map((category) => (
          <TableRow key={category.id} data-testid={`category-${category.id}`} className={category.active ? undefined : styles.inactive}>
            <TableCell>
              <div className={styles.nameCell}>
                {category.images[0] ? (
                  <img className={styles.thumb} src={category.images[0]} alt="" loading="lazy" />
                ) : (
                  <span className={styles.icon} aria-hidden="true">
                    <FolderRegular />
                  </span>
                )}
                <span className={styles.texts}>
                  <TextLink to={`/admin/services/${category.id}`}>
                    <Text weight="semibold">{category.name}</Text>
                  </TextLink>
                  <Text size={200} className={styles.description} title={category.description}>
                    {category.description}
                  </Text>
                </span>
              </div>
            </TableCell>
            <TableCell className={styles.contents}>
              {category.childCount || category.serviceCount
                ? [
                    ...(category.childCount ? [count(category.childCount, 'subcategory', 'subcategories')] : []),
                    ...(category.serviceCount ? [count(category.serviceCount, 'service', 'services')] : []),
                  ].join(' · ')
                : 'Empty'}
            </TableCell>
            <TableCell>
              <span className={styles.badges}>
                {category.active ? (
                  <Badge appearance="tint" color="success">
                    Active
                  </Badge>
                ) : (
                  <Badge appearance="tint" color="subtle">
                    Inactive
                  </Badge>
                )}
                {category.home && (
                  <Badge appearance="tint" color="brand">
                    Home
                  </Badge>
                )}
              </span>
            </TableCell>
            <TableCell>
              <span className={styles.actions}>
                <ButtonLink to={`/admin/services/${category.id}`} icon={<FolderOpenRegular />} aria-label={`Open ${category.name}`}>
                  Open
                </ButtonLink>
                <Button icon={<EditRegular />} onClick={() => onEdit(category)} aria-label={`Edit ${category.name}`}>
                  Edit
                </Button>
                <Button icon={<DeleteRegular />} onClick={() => onDelete(category)} aria-label={`Delete ${category.name}`}>
                  Delete
                </Button>
              </span>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
