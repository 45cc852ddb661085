import { Badge, Caption1, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { AuditRecord } from '@backoffice/contracts';
import { formatDate } from '../format';
import { ACTION_COLORS, ACTION_LABELS, AREA_LABELS, entityLabel, fieldLabel, valueText } from './audit-words';

const useStyles = makeStyles({
  entry: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  head: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'baseline',
    justifyContent: 'space-between',
    columnGap: tokens.spacingHorizontalM,
  },
  what: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  id: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground3,
    wordBreak: 'break-all',
  },
  changes: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, margin: 0, paddingLeft: 0, listStyleType: 'none' },
  fields: {
    display: 'grid',
    gridTemplateColumns: 'minmax(90px, max-content) 1fr',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    margin: `${tokens.spacingVerticalXXS} 0 0`,
    '@media (max-width: 480px)': { gridTemplateColumns: '1fr' },
  },
  field: { color: tokens.colorNeutralForeground3, margin: 0 },
  value: { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
  before: { color: tokens.colorNeutralForeground3, textDecorationLine: 'line-through' },
});

/** One recorded action: what, who and when, then each changed record with its fields before → after. */
export function AuditEntry({ record, showRecord = true }: { record: AuditRecord; showRecord?: boolean }) {
  const styles = useStyles();
  return (
    <article className={styles.entry} data-testid="audit-entry" aria-label={`${ACTION_LABELS[record.action]} by ${record.actor.name}`}>
      <div className={styles.head}>
        <span className={styles.what}>
          <Badge appearance="tint" color={ACTION_COLORS[record.action]} shape="rounded">
            {ACTION_LABELS[record.action]}
          </Badge>
          <Text weight="semibold">{entityLabel(record.entityType)}</Text>
          {showRecord && <span className={styles.id}>{record.recordId}</span>}
        </span>
        <Caption1 className={styles.muted}>{formatDate(record.at, 'date-time')}</Caption1>
      </div>
      <Caption1 className={styles.muted}>
        {`by ${record.actor.name || 'someone unknown'}${record.actor.kind === 'api-client' ? ' (API client)' : ''} · ${AREA_LABELS[record.area] ?? record.area}`}
      </Caption1>
      <ul className={styles.changes}>
        {record.changes.map((change, index) => {
          const fields = Object.entries(change.fields);
          const other = change.entityType !== record.entityType || change.recordId !== record.recordId;
          return (
            <li key={`${change.area}:${change.entityType}:${change.recordId}:${index}`}>
              {other && (
                <Caption1>
                  {`${ACTION_LABELS[change.action]} ${entityLabel(change.entityType).toLowerCase()} `}
                  <span className={styles.id}>{change.recordId}</span>
                </Caption1>
              )}
              {change.note && <Text size={200}>{change.note}</Text>}
              {fields.length > 0 && (
                <dl className={styles.fields}>
                  {fields.map(([name, { before, after }]) => (
                    <FieldChange key={name} name={name} before={before} after={after} action={change.action} />
                  ))}
                </dl>
              )}
            </li>
          );
        })}
      </ul>
    </article>
  );
}

function FieldChange({ name, before, after, action }: { name: string; before: unknown; after: unknown; action: string }) {
  const styles = useStyles();
  return (
    <>
      <dt className={styles.field}>
        <Caption1>{fieldLabel(name)}</Caption1>
      </dt>
      <dd className={styles.value}>
        <Caption1>
          {action === 'updated' ? (
            <>
              <span className={styles.before}>{valueText(before)}</span>
              {' → '}
              {valueText(after)}
            </>
          ) : (
            valueText(action === 'deleted' ? before : after)
          )}
        </Caption1>
      </dd>
    </>
  );
}
