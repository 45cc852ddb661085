import { useState, type FormEvent } from 'react';
import { Button, Field, Input, Rating, Spinner, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
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
import { ApiError, errorMessage } from '../../../components/api';
import { useConfirmDelete, useNotify } from '../../../components/feedback';
import { FormDialog, schemaFieldErrors, useFormState } from '../../../components/forms';
import { deleteSiteReview, formatReviewDate, fromIsoDate, saveSiteReview, toIsoDate } from './site-reviews-api';

const useStyles = makeStyles({
  surface: { maxWidth: '600px', width: '100%' },
  content: { paddingTop: tokens.spacingVerticalS },
  row: { display: 'grid', gridTemplateColumns: '1fr 2fr', alignItems: 'start', gap: tokens.spacingHorizontalM },
  date: { maxWidth: '260px' },
  rating: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  ratingText: { color: tokens.colorNeutralForeground3 },
});

/** What the dialog edits: undefined while closed, null for a new review. */
export type ReviewDialogTarget = SiteReview | null | undefined;

/** The "serialised error" of docs/product.md: the server's sentence followed by each field error. */
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

const FIELDS = ['name', 'rate', 'review', 'date', 'source', 'link'] as const;
type FieldName = (typeof FIELDS)[number];

/** Add Review / edit a review, in a modal. Insert and update answer the id: above 0 means saved. */
export function SiteReviewDialog({ target, onClose }: { target: ReviewDialogTarget; onClose(changed: boolean): void }) {
  return target === undefined ? null : <ReviewForm key={target?.id ?? 'new'} review={target} onClose={onClose} />;
}

function ReviewForm({ review, onClose }: { review: SiteReview | null; onClose(changed: boolean): void }) {
  const styles = useStyles();
  const notify = useNotify();
  const confirmDelete = useConfirmDelete();
  const [initial] = useState<SiteReviewValues>(() =>
    review
      ? { name: review.name, review: review.review, rate: review.rate, date: review.date, link: review.link, source: review.source }
      : emptyReview(),
  );
  const [values, setValues] = useState<SiteReviewValues>(initial);
  const [deleting, setDeleting] = useState(false);
  const isNew = review === null;

  const parsed = SiteReviewInputSchema.safeParse(values);
  const form = useFormState<FieldName>({ fields: FIELDS, errors: parsed.success ? {} : schemaFieldErrors(parsed.error) });
  const busy = form.saving || deleting;
  const dirty = FIELDS.some((key) => values[key] !== initial[key]);

  const set = <K extends FieldName>(key: K, value: SiteReviewValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    form.edit(key);
  };

  const save = (event: FormEvent) =>
    void form.submit(event, async () => {
      try {
        const result = await saveSiteReview(values, review?.id);
        if (!isSavedId(result)) throw new Error(`The server answered ${JSON.stringify(result)}.`);
        notify.success(`The review by ${values.name} was saved.`, 'Review saved');
        onClose(true);
      } catch (failure) {
        notify.error(serialiseError(failure), isNew ? 'insert error' : 'update error');
        throw failure;
      }
    });

  const remove = async () => {
    if (!review) return;
    const yes = await confirmDelete({
      noun: 'review',
      name: review.name,
      message: 'Are you sure to delete this review?',
      detail: 'It disappears from the website at once.',
    });
    if (!yes) return;
    setDeleting(true);
    try {
      await deleteSiteReview(review.id);
      notify.success(`The review by ${review.name} was deleted.`, 'Review deleted');
      onClose(true);
    } catch (failure) {
      setDeleting(false);
      notify.error(serialiseError(failure), 'delete error');
    }
  };

  const state = (key: FieldName) => {
    const message = form.errorOf(key);
    return {
      validationMessage: message,
      validationState: message ? ('error' as const) : ('none' as const),
      onBlur: () => form.blur(key),
    };
  };
  const date = fromIsoDate(values.date);

  return (
    <FormDialog
      form={form}
      title={isNew ? 'Add Review' : 'Edit review'}
      onDismiss={() => onClose(false)}
      onSubmit={save}
      submitLabel="Save"
      busy={busy}
      dirty={dirty}
      formErrorTitle="The review was not saved"
      surfaceClassName={styles.surface}
      contentClassName={styles.content}
      startActions={
        !isNew && (
          <Button
            appearance="subtle"
            icon={deleting ? <Spinner size="tiny" /> : <DeleteRegular />}
            disabled={busy}
            onClick={() => void remove()}
          >
            Delete
          </Button>
        )
      }
    >
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
    </FormDialog>
  );
}
