import { useEffect, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Rating,
  Spinner,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DatePicker } from '@fluentui/react-datepicker-compat';
import { DeleteRegular } from '@fluentui/react-icons';
import {
  SITE_REVIEW_DEFAULT_RATE,
  SITE_REVIEW_MAX_RATE,
  SiteReviewInputSchema,
  isSavedId,
  todayIsoDate,
  type SiteReview,
  type SiteReviewValues,
} from '@backoffice/contracts';
import { ApiError, errorMessage, fieldErrors } from '../../../components/api';
import { useConfirm, useNotify } from '../../../components/feedback';
import { schemaFieldErrors } from '../../../components/forms';
import { deleteSiteReview, formatReviewDate, fromIsoDate, saveSiteReview, toIsoDate } from './site-reviews-api';

const useStyles = makeStyles({
  surface: { maxWidth: '600px', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, paddingTop: tokens.spacingVerticalS },
  row: { display: 'grid', gridTemplateColumns: '1fr 2fr', alignItems: 'start', gap: tokens.spacingHorizontalM },
  date: { maxWidth: '260px' },
  rating: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  ratingText: { color: tokens.colorNeutralForeground3 },
  actions: { width: '100%', display: 'flex', justifyContent: 'space-between' },
  end: { display: 'flex', gap: tokens.spacingHorizontalS, marginLeft: 'auto' },
});

/** What the dialog edits: undefined while closed, null for a new review. */
export type ReviewDialogTarget = SiteReview | null | undefined;

/** The spec's "serialised error": the server's sentence followed by each field error. */
export function serialiseError(error: unknown): string {
  if (error instanceof ApiError) {
    return [error.detail ?? error.title, ...error.errors.map((entry) => `${entry.path}: ${entry.message}`)].join(' ');
  }
  return errorMessage(error);
}

const emptyReview = (): SiteReviewValues => ({
  name: '',
  review: '',
  rate: SITE_REVIEW_DEFAULT_RATE,
  date: todayIsoDate(),
  link: '',
  source: '',
});

/** Add Review / edit a review, in a modal. Insert and update answer the id: above 0 means saved. */
export function SiteReviewDialog({ target, onClose }: { target: ReviewDialogTarget; onClose(changed: boolean): void }) {
  const styles = useStyles();
  return (
    <Dialog
      open={target !== undefined}
      onOpenChange={(_event, data) => {
        if (!data.open) onClose(false);
      }}
    >
      <DialogSurface className={styles.surface}>
        {target !== undefined && <ReviewForm key={target?.id ?? 'new'} review={target} onClose={onClose} />}
      </DialogSurface>
    </Dialog>
  );
}

function ReviewForm({ review, onClose }: { review: SiteReview | null; onClose(changed: boolean): void }) {
  const styles = useStyles();
  const notify = useNotify();
  const confirm = useConfirm();
  const [values, setValues] = useState<SiteReviewValues>(() =>
    review
      ? { name: review.name, review: review.review, rate: review.rate, date: review.date, link: review.link, source: review.source }
      : emptyReview(),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'saving' | 'deleting' | null>(null);
  const isNew = review === null;

  useEffect(() => setErrors({}), [review]);

  const set = <K extends keyof SiteReviewValues>(key: K, value: SiteReviewValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _removed, ...rest }) => rest);
  };

  const save = async () => {
    const parsed = SiteReviewInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(schemaFieldErrors(parsed.error));
      return;
    }
    setBusy('saving');
    try {
      const result = await saveSiteReview(values, review?.id);
      if (!isSavedId(result)) {
        notify.error(`The server answered ${JSON.stringify(result)}.`, 'update error');
        setBusy(null);
        return;
      }
      notify.success(`The review by ${parsed.data.name} was saved.`, 'Review saved');
      onClose(true);
    } catch (failure) {
      setBusy(null);
      setErrors(fieldErrors(failure));
      notify.error(serialiseError(failure), isNew ? 'insert error' : 'update error');
    }
  };

  const remove = async () => {
    if (!review) return;
    if (!(await confirm({ message: 'Are you sure to delete this review?', title: 'Delete review', confirmLabel: 'Delete' }))) return;
    setBusy('deleting');
    try {
      await deleteSiteReview(review.id);
      notify.success(`The review by ${review.name} was deleted.`, 'Review deleted');
      onClose(true);
    } catch (failure) {
      setBusy(null);
      notify.error(serialiseError(failure), 'delete error');
    }
  };

  const state = (key: keyof SiteReviewValues) => ({
    validationMessage: errors[key],
    validationState: errors[key] ? ('error' as const) : ('none' as const),
  });
  const date = fromIsoDate(values.date);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <DialogBody>
        <DialogTitle>{isNew ? 'Add Review' : 'Edit review'}</DialogTitle>
        <DialogContent className={styles.content}>
          <Field label="Name" required {...state('name')}>
            <Input value={values.name} maxLength={120} onChange={(_event, data) => set('name', data.value)} autoFocus />
          </Field>
          <Field label="Rating" {...state('rate')}>
            <div className={styles.rating}>
              <Rating
                aria-label="Rating"
                value={values.rate}
                max={SITE_REVIEW_MAX_RATE}
                size="extra-large"
                itemLabel={(rate) => `${rate} ${rate === 1 ? 'star' : 'stars'}`}
                onChange={(_event, data) => set('rate', Math.max(1, Math.round(data.value)))}
              />
              <Text className={styles.ratingText}>
                {values.rate} of {SITE_REVIEW_MAX_RATE}
              </Text>
            </div>
          </Field>
          <Field label="Review" required {...state('review')}>
            <Textarea
              value={values.review}
              rows={5}
              resize="vertical"
              maxLength={4000}
              onChange={(_event, data) => set('review', data.value)}
            />
          </Field>
          <Field label="Date" required className={styles.date} {...state('date')}>
            <DatePicker
              value={date}
              maxDate={new Date()}
              allowTextInput
              formatDate={(value) => (value ? formatReviewDate(toIsoDate(value)) : '')}
              onSelectDate={(value) => set('date', value ? toIsoDate(value) : '')}
              placeholder="Select a date"
              showGoToToday
            />
          </Field>
          <div className={styles.row}>
            <Field label="Source" hint="Where it was published, e.g. Google." {...state('source')}>
              <Input value={values.source} maxLength={100} onChange={(_event, data) => set('source', data.value)} />
            </Field>
            <Field label="Link" hint="The address of the review, if it is online." {...state('link')}>
              <Input type="url" value={values.link} placeholder="https://" onChange={(_event, data) => set('link', data.value)} />
            </Field>
          </div>
        </DialogContent>
        <DialogActions fluid className={styles.actions}>
          {!isNew && (
            <Button
              appearance="subtle"
              icon={busy === 'deleting' ? <Spinner size="tiny" /> : <DeleteRegular />}
              disabled={busy !== null}
              onClick={() => void remove()}
            >
              Delete
            </Button>
          )}
          <div className={styles.end}>
            <Button appearance="secondary" disabled={busy !== null} onClick={() => onClose(false)}>
              Cancel
            </Button>
            <Button
              appearance="primary"
              type="submit"
              disabled={busy !== null}
              icon={busy === 'saving' ? <Spinner size="tiny" /> : undefined}
            >
              Save
            </Button>
          </div>
        </DialogActions>
      </DialogBody>
    </form>
  );
}
