import { useEffect, useState } from 'react';
import { Button, Card, Dropdown, Field, Input, MessageBar, MessageBarBody, Option, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular, HistoryRegular } from '@fluentui/react-icons';
import { AUDIT_AREAS, IDENTITY_PATHS, type AuditQuery, type Page, type StaffUser } from '@backoffice/contracts';
import { errorMessage, useApi } from '../../components/api';
import { EmptyState, PageSpinner } from '../../components/feedback';
import { PageHeader } from '../../components/layout';
import { ListPager, useListParams } from '../../components/table';
import { AREA_LABELS, AuditEntry, useActivity } from '../../components/audit';

const PAGE_SIZE = 20;

const useStyles = makeStyles({
  filters: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(170px, 1fr))',
    gap: tokens.spacingHorizontalM,
    alignItems: 'end',
    marginBottom: tokens.spacingVerticalL,
  },
  dropdown: { minWidth: 0, width: '100%' },
  input: { minWidth: 0, width: '100%' },
  card: { padding: 0, overflow: 'hidden' },
  pager: { padding: `0 ${tokens.spacingHorizontalL} ${tokens.spacingVerticalM}` },
  stale: { opacity: 0.6 },
});

/** A yyyy-mm-dd day as the start (or the end) of that day in the browser's time zone, as ISO text. */
function dayBound(day: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T00:00:00`);
  if (Number.isNaN(date.getTime())) return undefined;
  if (end) date.setDate(date.getDate() + 1);
  return new Date(date.getTime() - (end ? 1 : 0)).toISOString();
}

/** The audit log for the Admin: who changed what, and when, filtered by person, area, record and time. */
export default function ActivityScreen() {
  const styles = useStyles();
  const list = useListParams<'at'>({ sort: 'at', dir: 'desc', pageSize: PAGE_SIZE }, ['actor', 'area', 'record', 'from', 'to']);
  const { actor, area, record, from, to } = list.filters;
  const [recordInput, setRecordInput] = useState(record);
  // The box follows the address (back, forward, a shared link) during render, not through an effect.
  const [shownRecord, setShownRecord] = useState(record);
  if (record !== shownRecord) {
    setShownRecord(record);
    setRecordInput(record);
  }
  // The record box asks again once typing pauses.
  useEffect(() => {
    if (recordInput.trim() === record) return;
    const timer = setTimeout(() => list.setFilter('record', recordInput.trim()), 300);
    return () => clearTimeout(timer);
  }, [recordInput, record, list]);

  const query: Partial<AuditQuery> = {
    page: list.page,
    pageSize: PAGE_SIZE,
    actorId: actor || undefined,
    area: (AUDIT_AREAS as readonly string[]).includes(area) ? (area as AuditQuery['area']) : undefined,
    recordId: record || undefined,
    from: dayBound(from, false),
    to: dayBound(to, true),
  };
  const { data, error, isLoading, isValidating } = useActivity(query);
  // The people to choose from: every staff user (the list's largest page).
  const people = useApi<Page<StaffUser>>(`${IDENTITY_PATHS.users}?page=1&pageSize=200&sort=name&dir=asc`);
  const person = people.data?.items.find((user) => user.id === actor);
  const filtered = !!(actor || area || record || from || to);
  const clear = () => {
    setRecordInput('');
    for (const name of ['actor', 'area', 'record', 'from', 'to']) list.setFilter(name, '');
  };

  return (
    <>
      <PageHeader
        title="Activity"
        description="Every change staff made, who made it and when. Records are kept for the configured retention period."
        actions={
          filtered ? (
            <Button icon={<DismissRegular />} onClick={clear}>
              Clear filters
            </Button>
          ) : undefined
        }
      />
      <div className={styles.filters} role="search" aria-label="Filter the activity">
        <Field label="Person">
          <Dropdown
            className={styles.dropdown}
            value={actor ? (person?.name ?? 'Someone else') : 'Anyone'}
            selectedOptions={[actor]}
            onOptionSelect={(_event, option) => list.setFilter('actor', option.optionValue ?? '')}
          >
            <Option value="">Anyone</Option>
            {(people.data?.items ?? []).map((user) => (
              <Option key={user.id} value={user.id} text={user.name}>
                {`${user.name} (${user.email})`}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label="Area">
          <Dropdown
            className={styles.dropdown}
            value={area ? (AREA_LABELS[area] ?? area) : 'All areas'}
            selectedOptions={[area]}
            onOptionSelect={(_event, option) => list.setFilter('area', option.optionValue ?? '')}
          >
            <Option value="">All areas</Option>
            {AUDIT_AREAS.map((name) => (
              <Option key={name} value={name}>
                {AREA_LABELS[name] ?? name}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label="Record id">
          <Input
            className={styles.input}
            value={recordInput}
            placeholder="e.g. a user's or an order's id"
            onChange={(_event, value) => setRecordInput(value.value)}
          />
        </Field>
        <DayFilter label="From" value={from} max={to} onChange={(day) => list.setFilter('from', day)} />
        <DayFilter label="To" value={to} min={from} onChange={(day) => list.setFilter('to', day)} />
      </div>
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{errorMessage(error)}</MessageBarBody>
        </MessageBar>
      )}
      {isLoading && <PageSpinner />}
      {data && data.total === 0 && (
        <EmptyState icon={<HistoryRegular />} text={filtered ? 'Nothing recorded matches these filters' : 'Nothing recorded yet'} />
      )}
      {data && data.total > 0 && (
        <Card className={styles.card}>
          <div className={isValidating ? styles.stale : undefined} data-testid="activity-list">
            {data.items.map((entry) => (
              <AuditEntry key={entry.id} record={entry} />
            ))}
          </div>
          <div className={styles.pager}>
            <ListPager page={list.page} pageSize={PAGE_SIZE} total={data.total} noun="changes" onPage={list.setPage} />
          </div>
        </Card>
      )}
    </>
  );
}

/** One end of the days filtered on: it cannot pass the other end (empty: no bound). */
function DayFilter({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange(day: string): void;
}) {
  const styles = useStyles();
  return (
    <Field label={label}>
      <Input
        className={styles.input}
        type="date"
        value={value}
        min={min || undefined}
        max={max || undefined}
        onChange={(_event, data) => onChange(data.value)}
      />
    </Field>
  );
}
