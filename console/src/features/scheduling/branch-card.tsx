import type { ReactNode } from 'react';
import { Badge, Button, Card, CardHeader, Text, Tooltip, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { CalendarClockRegular, DeleteRegular, EditRegular, LocationRegular, PhoneRegular } from '@fluentui/react-icons';
import type { Branch, BranchCountry } from '@backoffice/contracts';
import { ButtonLink } from '../../components/navigation';
import { CountryFlag } from './country-flag';

const useStyles = makeStyles({
  card: { height: '100%', boxSizing: 'border-box', rowGap: tokens.spacingVerticalS },
  inactive: { backgroundColor: tokens.colorNeutralBackground2 },
  title: { margin: 0, overflowWrap: 'anywhere' },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, marginTop: tokens.spacingVerticalXXS },
  details: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS, flexGrow: 1, margin: 0 },
  row: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalS, color: tokens.colorNeutralForeground2 },
  rowIcon: { flexShrink: 0, fontSize: '16px', marginTop: '2px', color: tokens.colorNeutralForeground3 },
  rowText: { margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' },
  footer: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    paddingTop: tokens.spacingVerticalS,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
});

export interface BranchCardProps {
  branch: Branch;
  country?: BranchCountry;
  onEdit(): void;
  onDelete(): void;
}

/** One detail of the card: its icon, named for screen readers, beside its text. */
function DetailRow({ label, icon, children }: { label: string; icon: ReactNode; children: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.row}>
      <dt className={styles.rowIcon} aria-label={label}>
        {icon}
      </dt>
      <dd className={styles.rowText}>{children}</dd>
    </div>
  );
}

/** One branch: name, type, state, phone, address and country, with its settings link, edit and delete. */
export function BranchCard({ branch, country, onEdit, onDelete }: BranchCardProps) {
  const styles = useStyles();
  const countryName = country?.name.common ?? branch.countryCCN3;
  return (
    <Card
      className={mergeClasses(styles.card, !branch.active && styles.inactive)}
      aria-labelledby={`branch-${branch.id}-name`}
      data-testid={`branch-card-${branch.id}`}
      role="article"
    >
      <CardHeader
        header={
          <Text as="h2" size={400} weight="semibold" id={`branch-${branch.id}-name`} className={styles.title}>
            {branch.name}
          </Text>
        }
        description={
          <div className={styles.badges}>
            <Badge appearance="tint" color="brand">
              {branch.type}
            </Badge>
            {branch.active ? (
              <Badge appearance="filled" color="success">
                ACTIVE
              </Badge>
            ) : (
              <Badge appearance="outline" color="informative">
                INACTIVE
              </Badge>
            )}
          </div>
        }
      />
      <dl className={styles.details}>
        <DetailRow label="Phone" icon={<PhoneRegular aria-hidden="true" />}>
          {branch.phoneNumber}
        </DetailRow>
        <DetailRow label="Address" icon={<LocationRegular aria-hidden="true" />}>
          {branch.address}
        </DetailRow>
        <DetailRow label="Country" icon={<CountryFlag ccn3={branch.countryCCN3} name={countryName} />}>
          {countryName}
          {!branch.location && <Text size={200}> · not on the map</Text>}
        </DetailRow>
      </dl>
      <div className={styles.footer}>
        <ButtonLink
          to={`/admin/appointment-settings/${branch.id}`}
          appearance="subtle"
          icon={<CalendarClockRegular />}
          aria-label={`Appointment settings of ${branch.name}`}
        >
          Appointment settings
        </ButtonLink>
        <div className={styles.actions}>
          <Tooltip content="Edit" relationship="description" withArrow>
            <Button appearance="subtle" icon={<EditRegular />} aria-label={`Edit ${branch.name}`} onClick={onEdit} />
          </Tooltip>
          <Tooltip content="Delete" relationship="description" withArrow>
            <Button appearance="subtle" icon={<DeleteRegular />} aria-label={`Delete ${branch.name}`} onClick={onDelete} />
          </Tooltip>
        </div>
      </div>
    </Card>
  );
}
