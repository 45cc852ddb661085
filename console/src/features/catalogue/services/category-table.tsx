import { Badge, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular, EditRegular, FolderOpenRegular, FolderRegular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router-dom';
import type { Category } from '@backoffice/contracts';
import { TextLink } from '../../../components/navigation';
import { DataTable, TruncatedText, type DataTableColumn } from '../../../components/table';

const useStyles = makeStyles({
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
  // At least 24 px tall: a link inside a row that itself takes focus needs a target of its own size.
  link: { display: 'inline-flex', alignItems: 'center', minHeight: '24px' },
  description: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export interface CategoryTableProps {
  categories: readonly Category[];
  onEdit(category: Category): void;
  onDelete(category: Category): void;
}

function CategoryName({ category }: { category: Category }) {
  const styles = useStyles();
  return (
    <div className={styles.nameCell}>
      {category.images[0] ? (
        <img className={styles.thumb} src={category.images[0]} alt="" loading="lazy" />
      ) : (
        <span className={styles.icon} aria-hidden="true">
          <FolderRegular />
        </span>
      )}
      <span className={styles.texts}>
        <TextLink to={`/admin/services/${category.id}`} className={styles.link}>
          <Text weight="semibold">{category.name}</Text>
        </TextLink>
        <span className={styles.description}>
          <TruncatedText text={category.description} />
        </span>
      </span>
    </div>
  );
}

function CategoryStatus({ category }: { category: Category }) {
  const styles = useStyles();
  return (
    <span className={styles.badges}>
      <Badge appearance="tint" color={category.active ? 'success' : 'subtle'}>
        {category.active ? 'Active' : 'Inactive'}
      </Badge>
      {category.home && (
        <Badge appearance="tint" color="brand">
          Home
        </Badge>
      )}
    </span>
  );
}

function contents(category: Category): string {
  if (!category.childCount && !category.serviceCount) return 'Empty';
  return [
    ...(category.childCount ? [count(category.childCount, 'subcategory', 'subcategories')] : []),
    ...(category.serviceCount ? [count(category.serviceCount, 'service', 'services')] : []),
  ].join(' · ');
}

const COLUMNS: DataTableColumn<Category>[] = [
  { id: 'name', header: 'Category', render: (category) => <CategoryName category={category} />, card: 'title', width: 380, minWidth: 160 },
  { id: 'contents', header: 'Contents', text: contents, width: 200 },
  { id: 'status', header: 'Status', render: (category) => <CategoryStatus category={category} />, card: 'status', width: 140 },
];

/** The categories of one level; a row opens the category, with Open, Edit and Delete. */
export function CategoryTable({ categories, onEdit, onDelete }: CategoryTableProps) {
  const navigate = useNavigate();
  return (
    <DataTable<Category>
      label="Categories"
      noun="categories"
      columns={COLUMNS}
      items={categories}
      getRowId={(category) => String(category.id)}
      getRowName={(category) => category.name}
      empty={{ icon: <FolderRegular />, text: 'No categories yet.' }}
      onRowClick={(category) => navigate(`/admin/services/${category.id}`)}
      actions={(category) => [
        { label: 'Open', icon: <FolderOpenRegular />, ariaLabel: `Open ${category.name}`, to: `/admin/services/${category.id}` },
        { label: 'Edit', icon: <EditRegular />, ariaLabel: `Edit ${category.name}`, onClick: () => onEdit(category) },
        { label: 'Delete', icon: <DeleteRegular />, ariaLabel: `Delete ${category.name}`, onClick: () => onDelete(category) },
      ]}
      actionsWidth={290}
      rowAttributes={(category) => ({ 'data-testid': `category-${category.id}` })}
    />
  );
}
