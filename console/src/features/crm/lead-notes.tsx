import { useState } from 'react';
import { Button, Field, Spinner, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { errorMessage, fieldErrors } from '../../components/api';
import { useNotify } from '../../components/feedback';
import { addLeadNote, useLeadNotes } from './pipeline-api';

const MAX = 2000;
const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, marginBottom: tokens.spacingVerticalXL },
  muted: { color: tokens.colorNeutralForeground3 },
  notes: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  note: {
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  },
  // A stage change or a follow-up date: what happened, lighter than what someone wrote.
  event: {
    paddingLeft: tokens.spacingHorizontalM,
    borderLeft: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralStroke1}`,
    overflowWrap: 'anywhere',
  },
});

/** A lead's notes: a new note, and the history (notes, stage changes and follow-ups, newest first, each with who and when). */
export function LeadNotes({ leadId, onAdded }: { leadId: number; onAdded(): void }) {
  const styles = useStyles();
  const notify = useNotify();
  const notes = useLeadNotes(leadId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const add = async () => {
    if (!text.trim()) return setError('Write the note first');
    if (text.length > MAX) return setError(`Notes can have at most ${MAX.toLocaleString()} characters`);
    setSaving(true);
    try {
      await addLeadNote(leadId, text.trim());
      setText('');
      await notes.mutate();
      onAdded();
    } catch (failure) {
      const field = fieldErrors(failure).text;
      if (field) setError(field);
      else notify.error(errorMessage(failure), 'Note not saved');
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className={styles.section} aria-label="Notes">
      <Field label="New note" validationMessage={error} hint={`${text.length.toLocaleString()} / ${MAX.toLocaleString()} characters`}>
        <Textarea
          value={text}
          resize="vertical"
          onChange={(_event, data) => {
            setText(data.value);
            setError(undefined);
          }}
        />
      </Field>
      <span>
        <Button appearance="primary" disabled={saving || !text.trim()} onClick={() => void add()}>
          {saving ? 'Adding…' : 'Add note'}
        </Button>
      </span>
      <Text weight="semibold">History</Text>
      {notes.isLoading ? (
        <Spinner size="tiny" label="Loading the notes…" />
      ) : !notes.data || notes.data.length === 0 ? (
        <Text className={styles.muted}>Nothing yet: notes, stage changes and follow-up dates appear here.</Text>
      ) : (
        <ol className={styles.notes} data-testid="lead-notes">
          {notes.data.map((note) => (
            <li key={note.id} className={note.kind === 'note' ? styles.note : styles.event} data-testid="lead-note" data-kind={note.kind}>
              <Text size={200} block className={styles.muted}>
                {note.authorName} · {new Date(note.createdAt).toLocaleString()}
              </Text>
              <Text>{note.text}</Text>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
