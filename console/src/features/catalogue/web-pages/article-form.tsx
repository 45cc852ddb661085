import { useMemo, useState } from 'react';
import {
  Button,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Switch,
  Field,
  Input,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { SaveRegular } from '@fluentui/react-icons';
import {
  WEB_PAGE_LABELS,
  WebArticleInputSchema,
  newWebArticle,
  type WebArticle,
  type WebArticleValues,
  type WebPage,
} from '@backoffice/contracts';
import { ApiError, errorMessage } from '../../../components/api';
import { useNotify } from '../../../components/feedback';
import { schemaFieldErrors, UnsavedChangesGuard, useConfirmDiscard, useFormState } from '../../../components/forms';
import { ArticleFormSections, type ArticleField, type ArticleFormValues } from './article-form-sections';
import { saveWebArticle } from './web-pages-api';

/** Which article the form is for (its dialog, article-form-dialog.tsx, opens it on one). */
export interface ArticleFormTarget {
  page: WebPage;
  /** The article to edit, or undefined for a new one. */
  id?: number;
  /** The sort number a new article starts with. */
  nextSort: number;
}

/** The fields the form shows, in screen order, then the ones it does not (hidden video URL, home switch, parent, page). */
const SHOWN_FIELDS = [
  'active',
  'sort',
  'title',
  'shortDescription',
  'fullDescription',
  'images',
  'metaTitle',
  'metaDescription',
  'tags',
] as const;
const HIDDEN_FIELDS = ['page', 'parentId', 'isHome', 'videoUrl'] as const;
const FIELDS: readonly ArticleField[] = [...SHOWN_FIELDS, ...HIDDEN_FIELDS];

const useStyles = makeStyles({
  frame: { display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 },
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXXL}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  titles: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: '200px' },
  subtitle: { color: tokens.colorNeutralForeground3 },
  controls: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  sort: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  sortInput: { width: '96px' },
  body: { flexGrow: 1, overflowY: 'auto', backgroundColor: tokens.colorNeutralBackground2 },
  formError: { maxWidth: '960px', boxSizing: 'border-box', width: '100%', margin: `${tokens.spacingVerticalL} auto 0` },
});

function initialValues(target: ArticleFormTarget, article: WebArticle | undefined): ArticleFormValues {
  const base: WebArticleValues = article
    ? {
        page: article.page,
        parentId: article.parentId,
        active: article.active,
        isHome: article.isHome,
        sort: article.sort,
        title: article.title,
        shortDescription: article.shortDescription,
        fullDescription: article.fullDescription,
        images: article.images,
        metaTitle: article.metaTitle,
        metaDescription: article.metaDescription,
        tags: article.tags,
        videoUrl: article.videoUrl,
      }
    : newWebArticle(target.page, target.nextSort);
  return { ...base, sort: String(base.sort) };
}

/** The body to send and the form's own errors by field ("images.2.url" → images), from the shared schema. */
function validate(values: ArticleFormValues) {
  const body = { ...values, sort: values.sort.trim() === '' ? Number.NaN : Number(values.sort) };
  const parsed = WebArticleInputSchema.safeParse(body);
  const errors: Partial<Record<ArticleField, string>> = {};
  if (!parsed.success)
    for (const [path, message] of Object.entries(schemaFieldErrors(parsed.error))) {
      const field = FIELDS.find((name) => path === name || path.startsWith(`${name}.`));
      if (field) errors[field] ??= message;
    }
  return { body, errors };
}

export interface ArticleFormProps {
  target: ArticleFormTarget;
  article: WebArticle | undefined;
  onClose(saved: boolean): void;
}

/** The article's fields under a header with Active, Sort, Cancel and Save; Cancel and Escape ask before losing edits. */
export function ArticleForm({ target, article, onClose }: ArticleFormProps) {
  const styles = useStyles();
  const notify = useNotify();
  const confirmDiscard = useConfirmDiscard();
  const [initial] = useState(() => initialValues(target, article));
  const [values, setValues] = useState<ArticleFormValues>(initial);
  // CKEditor normalises the markup it loads; the first value it reports is the baseline, not an edit.
  const [editorBaseline, setEditorBaseline] = useState<string | null>(null);
  const { body, errors } = useMemo(() => validate(values), [values]);
  const form = useFormState<ArticleField>({ fields: FIELDS, errors });
  const { errorOf, saving } = form;

  const set = <K extends ArticleField>(key: K, value: ArticleFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    form.edit(key);
  };

  const dirty = useMemo(() => {
    const { fullDescription: a, ...rest } = values;
    const { fullDescription: b, ...initialRest } = initial;
    return JSON.stringify(rest) !== JSON.stringify(initialRest) || (a !== b && a !== editorBaseline);
  }, [values, initial, editorBaseline]);

  const requestClose = async () => {
    if (saving) return;
    if (await confirmDiscard(dirty)) onClose(false);
  };

  const save = () =>
    void form.submit(undefined, async () => {
      try {
        await saveWebArticle(body, target.id);
        notify.success(`“${body.title.trim()}” was saved.`, 'Article saved');
        onClose(true);
      } catch (failure) {
        if (failure instanceof ApiError && failure.status === 404) {
          notify.error('This article was deleted by someone else.', 'Article not saved');
          onClose(true);
          return;
        }
        notify.error(errorMessage(failure), 'Article not saved');
        throw failure;
      }
    });

  const hiddenErrors = HIDDEN_FIELDS.flatMap((field) => (errorOf(field) ? [`${field}: ${errorOf(field)}`] : []));
  const formError = [form.formError, ...hiddenErrors].filter(Boolean).join(' ');

  return (
    <div
      className={styles.frame}
      onKeyDown={(event) => {
        // Escape anywhere in the form asks before closing (the editor's own menus handle theirs first).
        if (event.key === 'Escape' && !event.defaultPrevented) {
          event.preventDefault();
          event.stopPropagation();
          void requestClose();
        }
      }}
    >
      <UnsavedChangesGuard when={dirty && !saving} />
      <header className={styles.header}>
        <div className={styles.titles}>
          <DialogTitle as="h2" action={null}>
            {target.id ? 'Edit article' : 'New article'}
          </DialogTitle>
          <Text size={200} className={styles.subtitle}>
            {WEB_PAGE_LABELS[target.page]} page
          </Text>
        </div>
        <div className={styles.controls}>
          <Switch label="Active" checked={values.active} onChange={(_event, data) => set('active', data.checked)} />
          <Field className={styles.sort} label="Sort" orientation="horizontal" validationMessage={errorOf('sort')}>
            <Input
              className={styles.sortInput}
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              value={values.sort}
              onChange={(_event, data) => set('sort', data.value)}
              onBlur={() => form.blur('sort')}
            />
          </Field>
          <Button appearance="secondary" onClick={() => void requestClose()} disabled={saving}>
            Cancel
          </Button>
          <Button appearance="primary" icon={saving ? <Spinner size="tiny" /> : <SaveRegular />} disabled={saving} onClick={save}>
            Save
          </Button>
        </div>
      </header>
      <div className={styles.body}>
        {formError && (
          <MessageBar intent="error" className={styles.formError} data-testid="form-error">
            <MessageBarBody>
              <MessageBarTitle>Article not saved</MessageBarTitle>
              {formError}
            </MessageBarBody>
          </MessageBar>
        )}
        <ArticleFormSections
          page={target.page}
          values={values}
          formRef={form.formRef}
          errorOf={errorOf}
          onChange={set}
          onBlur={form.blur}
          onEditorChange={(html) => {
            setEditorBaseline((baseline) => baseline ?? html);
            set('fullDescription', html);
          }}
          onSubmit={save}
        />
      </div>
    </div>
  );
}
