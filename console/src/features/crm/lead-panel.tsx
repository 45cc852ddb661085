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
  Spinner,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DatePicker } from '@fluentui/react-datepicker-compat';
import { CallRegular, DismissRegular, MailRegular } from '@fluentui/react-icons';
import { LEAD_STAGES, type LeadStage, type PipelineLead, type UpdatePipeline } from '@backoffice/contracts';
import { errorMessage, fieldErrors } from '../../components/api';
import { useNotify } from '../../components/feedback';
import { addLeadNote, updatePipeline, useLeadNotes } from './pipeline-api';
import { StageBadge, formatDay, fromDay, toDay } from './stage-badge';

const MAX = 2000;

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
  notes: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  note: {
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  },
});

/** One lead's side panel: contact links, stage, follow-up date and the notes history with a new note. */
export function LeadPanel({ lead, onClose, onChanged }: { lead: PipelineLead; onClose(): void; onChanged(lead?: PipelineLead): void }) {
  const styles = useStyles();
  const notify = useNotify();
  const notes = useLeadNotes(lead.id);
  const [text, setText] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

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

  const addNote = async () => {
    if (!text.trim()) return setNoteError('Write the note first');
    if (text.length > MAX) return setNoteError(`Notes can have at most ${MAX.toLocaleString()} characters`);
    setBusy(true);
    try {
      await addLeadNote(lead.id, text.trim());
      setText('');
      await notes.mutate();
      onChanged();
    } catch (failure) {
      const field = fieldErrors(failure).text;
      if (field) setNoteError(field);
      else notify.error(errorMessage(failure), 'Note not saved');
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
            <Field label="Next follow-up" className={styles.field}>
              <DatePicker
                className={styles.control}
                value={lead.followUpAt ? fromDay(lead.followUpAt) : null}
                disabled={busy}
                placeholder="No follow-up"
                allowTextInput
                formatDate={(date) => (date ? formatDay(toDay(date)) : '')}
                parseDateFromString={parseTyped}
                onSelectDate={(date) => {
                  const day = date ? toDay(date) : null;
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
        <section className={styles.section} aria-label="Notes">
          <Field
            label="New note"
            validationMessage={noteError}
            hint={`${text.length.toLocaleString()} / ${MAX.toLocaleString()} characters`}
          >
            <Textarea
              value={text}
              resize="vertical"
              onChange={(_event, data) => {
                setText(data.value);
                setNoteError(undefined);
              }}
            />
          </Field>
          <span>
            <Button appearance="primary" disabled={busy || !text.trim()} onClick={() => void addNote()}>
              Add note
            </Button>
          </span>
          <Text weight="semibold">History</Text>
          {notes.isLoading ? (
            <Spinner size="tiny" label="Loading the notes…" />
          ) : !notes.data || notes.data.length === 0 ? (
            <Text className={styles.muted}>No notes yet.</Text>
          ) : (
            <ol className={styles.notes} data-testid="lead-notes">
              {notes.data.map((note) => (
                <li key={note.id} className={styles.note} data-testid="lead-note">
                  <Text size={200} block className={styles.muted}>
                    {note.authorName} · {new Date(note.createdAt).toLocaleString()}
                  </Text>
                  <Text>{note.text}</Text>
                </li>
              ))}
            </ol>
          )}
        </section>
        <Text size={200} className={styles.muted}>
          Stage <StageBadge stage={lead.stage} />
          {lead.stageChangedAt ? ` since ${new Date(lead.stageChangedAt).toLocaleDateString()}` : ''}
        </Text>
      </DrawerBody>
    </OverlayDrawer>
  );
}
