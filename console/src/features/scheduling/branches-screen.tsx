import { lazy, useMemo, useState } from 'react';
import { Button, Tab, TabList, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, BuildingMultipleRegular, GridRegular, MapRegular } from '@fluentui/react-icons';
import type { Branch, BranchCountry } from '@backoffice/contracts';
import { EmptyState, ErrorBar, LazyPart, PageSpinner, useDeleteRecord, useErrorToast } from '../../components/feedback';
import { AddButton, PageHeader } from '../../components/layout';
import { SearchInput, useListParams } from '../../components/table';
import { deleteBranch, useBranchCountries, useBranches } from './api';
import { BranchCard } from './branch-card';
import { BranchFormDialog } from './branch-form-dialog';

const BranchMap = lazy(() => import('./branch-map'));

type View = 'cards' | 'map';

const useStyles = makeStyles({
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalL,
  },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
    gap: tokens.spacingHorizontalL,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  count: { color: tokens.colorNeutralForeground3 },
  mapFallback: { height: '560px', borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground3 },
  unplaced: { marginTop: tokens.spacingVerticalM, color: tokens.colorNeutralForeground3 },
});

function matches(branch: Branch, country: BranchCountry | undefined, term: string): boolean {
  if (!term) return true;
  return [branch.name, branch.address, branch.phoneNumber, branch.type, country?.name.common ?? '']
    .join(' ')
    .toLowerCase()
    .includes(term.toLowerCase());
}

/** /admin/branches: one card per branch (or all of them on a map), with add, edit and delete. */
export default function BranchesScreen() {
  const styles = useStyles();
  const { remove: removeRecord } = useDeleteRecord();
  const { data: branches, error, isLoading, mutate } = useBranches();
  const { data: countries, error: countriesError } = useBranchCountries();
  // The view and the search live in the address (?view=map&q=): reload, back and forward keep them.
  const list = useListParams({ sort: 'name', dir: 'asc' }, ['view']);
  const view: View = list.filters.view === 'map' ? 'map' : 'cards';
  const search = list.searchInput;
  const setSearch = list.setSearchInput;
  const setView = (next: View) => list.setFilter('view', next === 'cards' ? '' : next);
  const [editing, setEditing] = useState<{ branch: Branch | null } | null>(null);

  useErrorToast(error, 'Failed to load branches');
  useErrorToast(countriesError, 'Failed to load countries');

  const countryByCode = useMemo(() => new Map((countries ?? []).map((c) => [c.ccn3, c])), [countries]);
  const shown = useMemo(
    () => (branches ?? []).filter((branch) => matches(branch, countryByCode.get(branch.countryCCN3), search.trim())),
    [branches, countryByCode, search],
  );

  const remove = (branch: Branch) =>
    removeRecord({
      run: () => deleteBranch(branch.id),
      then: mutate,
      noun: 'branch',
      name: branch.name,
      message: 'Are you sure to delete this branch?',
      detail: 'Its appointment settings and adjusted dates go with it.',
    });

  const addButton = (
    <AddButton onClick={() => setEditing({ branch: null })} disabled={!countries}>
      Add
    </AddButton>
  );

  let content;
  if (isLoading) {
    content = <PageSpinner label="Loading branches…" />;
  } else if (error && !branches) {
    content = <ErrorBar title="Failed to load branches" error={error} onRetry={() => void mutate()} />;
  } else if (!branches?.length) {
    content = (
      <EmptyState
        icon={<BuildingMultipleRegular />}
        text="No branches yet."
        action={
          <Button icon={<AddRegular />} onClick={() => setEditing({ branch: null })} disabled={!countries}>
            Add the first branch
          </Button>
        }
      />
    );
  } else {
    content = (
      <>
        <div className={styles.toolbar}>
          <TabList selectedValue={view} onTabSelect={(_e, data) => setView(data.value as View)} aria-label="Branch view">
            <Tab value="cards" icon={<GridRegular />}>
              Cards
            </Tab>
            <Tab value="map" icon={<MapRegular />}>
              Map
            </Tab>
          </TabList>
          <SearchInput
            label="Search branches"
            placeholder="Search by name, address, phone or country"
            value={search}
            onChange={setSearch}
          />
        </div>
        {shown.length === 0 ? (
          <EmptyState text={`No branch matches “${search.trim()}”.`} />
        ) : view === 'cards' ? (
          <>
            <Text as="p" size={200} className={styles.count} aria-live="polite">
              {shown.length === branches.length ? `${branches.length} branches` : `${shown.length} of ${branches.length} branches`}
            </Text>
            <ul className={styles.grid} aria-label="Branches">
              {shown.map((branch) => (
                <li key={branch.id}>
                  <BranchCard
                    branch={branch}
                    country={countryByCode.get(branch.countryCCN3)}
                    onEdit={() => setEditing({ branch })}
                    onDelete={() => void remove(branch)}
                  />
                </li>
              ))}
            </ul>
          </>
        ) : (
          <BranchesMap branches={shown} />
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader title="Branches" description="Offices where clients are served, and their appointment settings." actions={addButton} />
      {content}
      {editing && countries && <BranchFormDialog branch={editing.branch} countries={countries} onClose={() => setEditing(null)} />}
    </>
  );
}

/** Every branch with a location as a marker, and the names of those without one. */
function BranchesMap({ branches }: { branches: readonly Branch[] }) {
  const styles = useStyles();
  const placed = branches.filter((branch) => branch.location);
  return (
    <>
      <LazyPart label="Loading the map…" className={styles.mapFallback}>
        <BranchMap
          label="Map of all branches"
          height="560px"
          markers={placed.map((branch) => ({
            id: branch.id,
            position: branch.location!,
            title: branch.name,
            active: branch.active,
            lines: [`${branch.type} · ${branch.active ? 'ACTIVE' : 'INACTIVE'}`, branch.address, branch.phoneNumber],
          }))}
        />
      </LazyPart>
      {placed.length < branches.length && (
        <Text as="p" size={200} className={styles.unplaced}>
          Not on the map (no location yet):{' '}
          {branches
            .filter((branch) => !branch.location)
            .map((branch) => branch.name)
            .join(', ')}
          .
        </Text>
      )}
    </>
  );
}
