import { useState } from 'react';
import {
  Button,
  Dropdown,
  Field,
  Link,
  Option,
  OverlayDrawer,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DatePicker } from '@fluentui/react-datepicker-compat';
import { CallRegular, DismissRegular, MailRegular } from '@fluentui/react-icons';
import { FOLLOW_UP_IN_PAST, LEAD_STAGES, type LeadStage, type PipelineLead, type UpdatePipeline } from '@backoffice/contracts';
import { errorMessage } from '../../components/api';
import { useNotify } from '../../components/feedback';
import { LeadNotes } from './lead-notes';
import { updatePipeline, useReloadPipeline } from './pipeline-api';
import { StageBadge, formatDay, fromDay, toDay } from './stage-badge';

/** A typed date: yyyy-mm-dd, or what the browser reads ("Nov 25, 2026", "11/25/2026"). */
function parseTyped(text: string): Date | null {
  const trimmed = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return fromDay(trimmed);
  const parsed = new Date(trimmed);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}
const useStyles = makeStyles({
  drawer: { width: '440px', maxWidth: '100vw' },
  section: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, marginBottom: tokens.spacingVerticalXL },
  contact: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', rowGap: tokens.spacingVerticalXS },
  contactLink: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end' },
  field: { flex: '1 1 160px', minWidth: 0 },
  control: { width: '100%', minWidth: 0 },
  start: { alignSelf: 'flex-start' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** One lead's side panel: contact links, stage, follow-up date and the notes history with a new note. */
export function LeadPanel({ lead, onClose, onChanged }: { lead: PipelineLead; onClose(): void; onChanged(lead?: PipelineLead): void }) {
  const styles = useStyles();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [followUpError, setFollowUpError] = useState<string | undefined>();
  const today = toDay(new Date());

  const change = async (update: UpdatePipeline, what: string) => {
    setBusy(true);
    try {
      const saved = await updatePipeline(lead.id, update);
      notify.success(`${what} of ${lead.name} saved.`, 'Lead updated');
      onChanged(saved);
    } catch (failure) {
      notify.error(errorMessage(failure), `${what} not saved`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <OverlayDrawer
      open
      position="end"
      className={styles.drawer}
      onOpenChange={(_event, data) => !data.open && onClose()}
      aria-label={`Lead ${lead.name}`}
    >
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label="Close" icon={<DismissRegular />} onClick={onClose} />}>
          {lead.name || 'Unnamed lead'}
        </DrawerHeaderTitle>
        <Text className={styles.muted}>
          {[lead.workAt, lead.currentCity].filter(Boolean).join(' · ') || 'No company or city'} · {lead.agentName}
        </Text>
      </DrawerHeader>
      <DrawerBody data-testid="lead-panel">
        <section className={styles.section}>
          <span className={styles.contact}>
            {lead.phone && (
              <Link href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`} className={styles.contactLink}>
                <CallRegular /> {lead.phone}
              </Link>
            )}
            {lead.email && (
              <Link href={`mailto:${lead.email}`} className={styles.contactLink}>
                <MailRegular /> {lead.email}
              </Link>
            )}
          </span>
        </section>
        <section className={styles.section}>
          <span className={styles.row}>
            <Field label="Stage" className={styles.field}>
              <Dropdown
                className={styles.control}
                value={lead.stage}
                selectedOptions={[lead.stage]}
                disabled={busy}
                onOptionSelect={(_event, data) => {
                  const stage = data.optionValue as LeadStage | undefined;
                  if (stage && stage !== lead.stage) void change({ stage }, 'Stage');
                }}
              >
                {LEAD_STAGES.map((stage) => (
                  <Option key={stage} value={stage} text={stage}>
                    <StageBadge stage={stage} />
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <Field label="Next follow-up" className={styles.field} validationMessage={followUpError}>
              <DatePicker
                className={styles.control}
                value={lead.followUpAt ? fromDay(lead.followUpAt) : null}
                minDate={fromDay(today)}
                disabled={busy}
                placeholder="No follow-up"
                allowTextInput
                formatDate={(date) => (date ? formatDay(toDay(date)) : '')}
                parseDateFromString={parseTyped}
                onSelectDate={(date) => {
                  const day = date ? toDay(date) : null;
                  // A typed day before today is refused here, in the server's words, before it is asked.
                  if (day && day < today) return setFollowUpError(FOLLOW_UP_IN_PAST);
                  setFollowUpError(undefined);
                  if (day !== lead.followUpAt) void change({ followUpAt: day }, 'Follow-up');
                }}
                showGoToToday
              />
            </Field>
          </span>
          {lead.followUpAt && (
            <Button
              appearance="subtle"
              size="small"
              className={styles.start}
              disabled={busy}
              onClick={() => void change({ followUpAt: null }, 'Follow-up')}
            >
              Clear the follow-up
            </Button>
          )}
        </section>
        <LeadNotes leadId={lead.id} onAdded={() => onChanged()} />
        <Text size={200} className={styles.muted}>
          Stage <StageBadge stage={lead.stage} />
          {lead.stageChangedAt ? ` since ${new Date(lead.stageChangedAt).toLocaleDateString()}` : ''}
        </Text>
      </DrawerBody>
    </OverlayDrawer>
  );
}

/**
 * A pipeline screen's open lead and its panel. A change reloads the lists and shows the saved lead under the agent
 * it was listed with (the team's screen lists every agent's leads).
 */
export function useOpenLead() {
  const [open, setOpen] = useState<PipelineLead | null>(null);
  const reload = useReloadPipeline();
  const panel = open && (
    <LeadPanel
      lead={open}
      onClose={() => setOpen(null)}
      onChanged={(saved) => {
        if (saved) setOpen({ ...saved, agentId: open.agentId, agentName: open.agentName });
        void reload();
      }}
    />
  );
  return { setOpen, panel, reload };
}
