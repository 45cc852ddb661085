import { useEffect, useState } from 'react';
import {
  Button,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  MenuButton,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, BoxMultipleRegular, FolderAddRegular, FolderRegular } from '@fluentui/react-icons';
import { useParams, useSearchParams } from 'react-router-dom';
import type { Category, CategoryDetail, Service } from '@backoffice/contracts';
import { ApiError } from '../../../components/api';
import { useFormatMoney } from '../../../components/config';
import { EmptyState, ErrorBar, PageSpinner, useErrorToast } from '../../../components/feedback';
import { PageHeader, StatusPage } from '../../../components/layout';
import { ButtonLink, PageBreadcrumb } from '../../../components/navigation';
import { useCategories, useCategory, useServices } from './api';
import { CategoryFormDialog } from './category-form-dialog';
import { CategoryTable } from './category-table';
import { ServiceCard } from './service-card';
import { ServiceFormDialog } from './service-form-dialog';
import { useCatalogueDeletes } from './use-catalogue-deletes';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, marginBottom: tokens.spacingVerticalXXL },
  sectionHeader: { display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalS, margin: 0 },
  count: { color: tokens.colorNeutralForeground3 },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(250px, 1fr))',
    gap: tokens.spacingHorizontalL,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  note: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    color: tokens.colorNeutralForeground3,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
  },
  hint: {
    display: 'block',
    margin: 0,
    color: tokens.colorNeutralForeground3,
    padding: tokens.spacingVerticalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
  },
});

type Editing = { kind: 'category'; category: Category | null } | { kind: 'service'; service: Service | null } | null;

const servicesPath = (categoryId: number | null) => (categoryId ? `/admin/services/${categoryId}` : '/admin/services');

/** ?service={id} (a link from a receipt) opens that service once the category's services are in; the link is then consumed. */
function useLinkedService(services: readonly Service[] | undefined, open: (service: Service) => void) {
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedServiceId = Number(searchParams.get('service')) || null;
  useEffect(() => {
    if (!linkedServiceId || !services) return;
    const linked = services.find((service) => service.id === linkedServiceId);
    if (linked) open(linked);
    setSearchParams(
      (current) => {
        current.delete('service');
        return current;
      },
      { replace: true },
    );
  }, [linkedServiceId, services, setSearchParams, open]);
}

/** The open category's subcategories (the top level's categories), or what to do when there are none. */
function CategoriesSection({
  categories,
  inCategory,
  onAdd,
  onEdit,
  onDelete,
}: {
  categories: Category[] | undefined;
  inCategory: boolean;
  onAdd(): void;
  onEdit(category: Category): void;
  onDelete(category: Category): void;
}) {
  const styles = useStyles();
  return (
    <section className={styles.section} aria-labelledby="categories-heading">
      <Text as="h2" size={500} weight="semibold" id="categories-heading" className={styles.sectionHeader}>
        {inCategory ? 'Subcategories' : 'Categories'}
        {categories && <span className={styles.count}>({categories.length})</span>}
      </Text>
      {categories?.length ? (
        <CategoryTable categories={categories} onEdit={onEdit} onDelete={onDelete} />
      ) : categories && inCategory ? (
        // Inside a category the services matter more: a one-line note, not a big empty state.
        <div className={styles.note}>
          <Text>No subcategories here.</Text>
          <Button appearance="subtle" icon={<FolderAddRegular />} onClick={onAdd}>
            Add Category
          </Button>
        </div>
      ) : categories ? (
        <EmptyState
          icon={<FolderRegular />}
          text="No categories yet."
          action={
            <Button icon={<FolderAddRegular />} onClick={onAdd}>
              Add Category
            </Button>
          }
        />
      ) : null}
    </section>
  );
}

/** `/admin/services[/{categoryId}]`: walk the category tree; the open category's subcategories and services. */
export default function ServicesScreen() {
  const styles = useStyles();
  const { removeCategory, removeService } = useCatalogueDeletes();
  const params = useParams<{ categoryId?: string }>();
  const categoryId = params.categoryId && /^\d+$/.test(params.categoryId) ? Number(params.categoryId) : null;
  const badParam = params.categoryId !== undefined && categoryId === null;

  const current = useCategory(categoryId);
  const categories = useCategories(categoryId);
  const services = useServices(categoryId);
  const [editing, setEditing] = useState<Editing>(null);
  useLinkedService(services.data, (service) => setEditing({ kind: 'service', service }));

  const category = current.data;
  const notFound = badParam || (current.error instanceof ApiError && current.error.status === 404);
  const loadError = notFound ? undefined : (current.error ?? categories.error ?? services.error);

  useErrorToast(loadError, 'Failed to load the catalogue');

  if (notFound) {
    return (
      <StatusPage
        code="404"
        title="Category not found"
        message="This category does not exist any more. It may have been deleted."
        actions={
          <ButtonLink to="/admin/services" appearance="primary">
            Back to Services
          </ButtonLink>
        }
        testId="category-not-found"
      />
    );
  }

  const parentId = category?.parentId ?? null;
  const parentName = category?.ancestors[category.ancestors.length - 1]?.name;
  const title = categoryId ? (category?.name ?? 'Services') : 'Services';

  const loading = (categoryId !== null && !category && !current.error) || (!categories.data && !categories.error);

  return (
    <>
      <PageHeader
        title={title}
        description={categoryId ? category?.description : 'Categories of the catalogue. Open one to see its subcategories and services.'}
        back={
          categoryId ? { to: servicesPath(parentId), label: parentName ? `Back to ${parentName}` : 'Back to all categories' } : undefined
        }
        actions={
          <AddMenu
            canAddService={!!categoryId && !!category}
            onAddCategory={() => setEditing({ kind: 'category', category: null })}
            onAddService={() => setEditing({ kind: 'service', service: null })}
          />
        }
        breadcrumb={categoryId !== null && category && <CategoryBreadcrumb category={category} />}
      />

      {loadError && (
        <ErrorBar
          title="The catalogue could not be loaded"
          error={loadError}
          style={{ marginBottom: tokens.spacingVerticalL }}
          onRetry={() => {
            void current.mutate();
            void categories.mutate();
            void services.mutate();
          }}
        />
      )}

      {loading ? (
        <PageSpinner />
      ) : (
        <>
          <CategoriesSection
            categories={categories.data}
            inCategory={categoryId !== null}
            onAdd={() => setEditing({ kind: 'category', category: null })}
            onEdit={(target) => setEditing({ kind: 'category', category: target })}
            onDelete={(target) => void removeCategory(target)}
          />

          {categoryId !== null ? (
            <ServicesSection
              services={services.data}
              failed={!!services.error}
              onAdd={() => setEditing({ kind: 'service', service: null })}
              onEdit={(service) => setEditing({ kind: 'service', service })}
              onDelete={(service) => void removeService(service)}
            />
          ) : (
            <Text as="p" className={styles.hint}>
              Services live inside categories: open a category to see its services and add new ones.
            </Text>
          )}
        </>
      )}

      {editing?.kind === 'category' && (
        <CategoryFormDialog
          category={editing.category}
          parent={category ? { id: category.id, name: category.name } : null}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'service' && category && (
        <ServiceFormDialog service={editing.service} category={category} onClose={() => setEditing(null)} />
      )}
    </>
  );
}

interface AddMenuProps {
  /** Only inside a category. */
  canAddService: boolean;
  onAddCategory(): void;
  onAddService(): void;
}

/** Add: a category here, or a service in the open category. */
function AddMenu({ canAddService, onAddCategory, onAddService }: AddMenuProps) {
  return (
    <Menu positioning="below-end">
      <MenuTrigger disableButtonEnhancement>
        <MenuButton appearance="primary" icon={<AddRegular />}>
          Add
        </MenuButton>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItem icon={<FolderAddRegular />} onClick={onAddCategory}>
            Add Category
          </MenuItem>
          <MenuItem icon={<BoxMultipleRegular />} disabled={!canAddService} onClick={onAddService}>
            Add Service
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

/** Services › … › the open category: each level above it a link up the tree, the category last. */
function CategoryBreadcrumb({ category }: { category: CategoryDetail }) {
  const trail = [
    { label: 'Services', to: servicesPath(null) },
    ...category.ancestors.map((a) => ({ label: a.name, to: servicesPath(a.id) })),
  ];
  return <PageBreadcrumb label="Category path" trail={trail} current={category.name} />;
}

interface ServicesSectionProps {
  /** Undefined while loading. */
  services: Service[] | undefined;
  failed: boolean;
  onAdd(): void;
  onEdit(service: Service): void;
  onDelete(service: Service): void;
}

/** The open category's services as cards, or how to add the first one. */
function ServicesSection({ services, failed, onAdd, onEdit, onDelete }: ServicesSectionProps) {
  const styles = useStyles();
  const money = useFormatMoney();
  return (
    <section className={styles.section} aria-labelledby="services-heading">
      <Text as="h2" size={500} weight="semibold" id="services-heading" className={styles.sectionHeader}>
        Services
        {services && <span className={styles.count}>({services.length})</span>}
      </Text>
      {!services && !failed ? (
        <PageSpinner label="Loading services…" />
      ) : services?.length ? (
        <ul className={styles.grid} aria-label="Services">
          {services.map((service) => (
            <li key={service.id}>
              <ServiceCard service={service} money={money} onEdit={() => onEdit(service)} onDelete={() => onDelete(service)} />
            </li>
          ))}
        </ul>
      ) : services ? (
        <EmptyState
          icon={<BoxMultipleRegular />}
          text="No services in this category yet."
          action={
            <Button icon={<AddRegular />} onClick={onAdd}>
              Add Service
            </Button>
          }
        />
      ) : null}
    </section>
  );
}
