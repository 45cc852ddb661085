import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Textarea,
  makeStyles,
} from '@fluentui/react-components';
import type { Lead } from '@backoffice/contracts';
import { errorMessage, fieldErrors } from '../../components/api';
import { DismissRegular } from '@fluentui/react-icons';
import { useNotify } from '../../components/feedback';
import { UnsavedChangesGuard } from '../../components/forms';
import { saveLeadNotes } from './api';

const MAX = 2000;
const useStyles = makeStyles({ surface: { width: '560px', maxWidth: 'calc(100vw - 32px)' }, area: { minHeight: '160px' } });

/** The agent's notes on one of their leads. */
export function NotesDialog({ lead, onClose, onSaved }: { lead: Lead; onClose(): void; onSaved(lead: Lead): void }) {
  const styles = useStyles();
  const notify = useNotify();
  const [notes, setNotes] = useState(lead.notes);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (notes.length > MAX) return setError(`Notes can have at most ${MAX.toLocaleString()} characters`);
    setSaving(true);
    try {
      const saved = await saveLeadNotes(lead.id, notes);
      notify.success(`Notes on ${lead.name} saved.`, 'Notes');
      onSaved(saved);
    } catch (failure) {
      const field = fieldErrors(failure).notes;
      if (field) setError(field);
      else notify.error(errorMessage(failure), 'Notes not saved');
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <UnsavedChangesGuard when={notes !== lead.notes && !saving} />
      <Dialog open modalType="modal" onOpenChange={(_event, data) => !data.open && onClose()}>
        <DialogSurface className={styles.surface}>
          <DialogBody>
            <DialogTitle action={<Button appearance="subtle" aria-label="Close" icon={<DismissRegular />} onClick={onClose} />}>
              {`Notes on ${lead.name}`}
            </DialogTitle>
            <DialogContent>
              <Field label="Notes" validationMessage={error} hint={`${notes.length.toLocaleString()} / ${MAX.toLocaleString()} characters`}>
                <Textarea
                  className={styles.area}
                  value={notes}
                  resize="vertical"
                  onChange={(_event, data) => {
                    setNotes(data.value);
                    setError(undefined);
                  }}
                />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>Cancel</Button>
              <Button appearance="primary" disabled={saving || notes === lead.notes} onClick={() => void save()}>
                {saving ? 'Saving…' : 'Save'}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
