import { Suspense, lazy, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogSurface,
  DialogTitle,
  Divider,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  Switch,
  Tag,
  TagGroup,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { SaveRegular } from '@fluentui/react-icons';
import {
  WEB_PAGE_LABELS,
  WEB_PAGES_PATHS,
  WebArticleInputSchema,
  newWebArticle,
  parseTags,
  webPageLayout,
  type WebArticle,
  type WebArticleValues,
  type WebPage,
} from '@backoffice/contracts';
import { ApiError, apiFetch, errorMessage, fieldErrors } from '../../../components/api';
import { PageSpinner, useConfirm, useNotify } from '../../../components/feedback';
import { schemaFieldErrors, UnsavedChangesGuard } from '../../../components/forms';
import { ArticleImagesField } from './article-images-field';
import { saveWebArticle } from './web-pages-api';

// CKEditor is heavy: its own chunk, loaded the first time the form opens on a page that has rich text.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

const useStyles = makeStyles({
  surface: {
    width: '100vw',
    maxWidth: '100vw',
    height: '100dvh',
    maxHeight: '100dvh',
    padding: 0,
    borderRadius: 0,
    border: 'none',
    display: 'flex',
    flexDirection: 'column',
    overflow: 'hidden',
  },
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
  form: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalL,
    maxWidth: '960px',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalXXL} ${tokens.spacingVerticalXXXL}`,
  },
  section: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
  },
  sectionTitle: { margin: 0 },
  tags: { marginTop: tokens.spacingVerticalXS },
  editorFallback: { minHeight: '340px', display: 'flex', alignItems: 'center', justifyContent: 'center' },
});

export interface ArticleFormTarget {
  page: WebPage;
  /** The article to edit, or undefined for a new one. */
  id?: number;
  /** The sort number a new article starts with. */
  nextSort: number;
}

export interface ArticleFormDialogProps {
  target: ArticleFormTarget | null;
  /** Called when the form closes; `saved` tells whether an article was written. */
  onClose(saved: boolean): void;
}

/** The full-screen article form. The article is (re)loaded by id when editing. */
export function ArticleFormDialog({ target, onClose }: ArticleFormDialogProps) {
  const styles = useStyles();
  const notify = useNotify();
  // What the form shows: the target it was opened for and, when editing, the article as the server
  // answered on that opening (never a cached copy). Kept while the dialog fades out after closing.
  const [loaded, setLoaded] = useState<{ target: ArticleFormTarget; article?: WebArticle } | null>(null);

  useEffect(() => {
    if (!target) return;
    if (!target.id) {
      setLoaded({ target });
      return;
    }
    const controller = new AbortController();
    apiFetch<WebArticle>(WEB_PAGES_PATHS.article(target.id), { signal: controller.signal }).then(
      (article) => setLoaded({ target, article }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        notify.error(errorMessage(error), 'The article could not be loaded');
        onClose(false);
      },
    );
    return () => controller.abort();
  }, [target, notify, onClose]);

  const ready = loaded !== null && (target === null || loaded.target === target);
  return (
    <Dialog
      open={target !== null}
      // Non-modal: CKEditor's balloons (link, image text) render outside the dialog and must take focus.
      modalType="non-modal"
      onOpenChange={(_event, data) => {
        if (!data.open && !ready) onClose(false);
      }}
    >
      <DialogSurface className={styles.surface} aria-label={(target ?? loaded?.target)?.id ? 'Edit article' : 'New article'}>
        {ready ? (
          <ArticleForm key={loaded.target.id ?? 'new'} target={loaded.target} article={loaded.article} onClose={onClose} />
        ) : (
          <PageSpinner label="Loading the article…" fullScreen />
        )}
      </DialogSurface>
    </Dialog>
  );
}

/** Form values: the article's fields, with the sort number as typed. */
type FormValues = Omit<WebArticleValues, 'sort'> & { sort: string };

function initialValues(target: ArticleFormTarget, article: WebArticle | undefined): FormValues {
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

/** Field errors for the fields the form does not show (hidden video URL, home switch, parent, page). */
const HIDDEN_FIELDS = ['page', 'parentId', 'isHome', 'videoUrl'];

function ArticleForm({
  target,
  article,
  onClose,
}: {
  target: ArticleFormTarget;
  article: WebArticle | undefined;
  onClose(saved: boolean): void;
}) {
  const styles = useStyles();
  const notify = useNotify();
  const confirm = useConfirm();
  const ids = { title: useId(), fullDescription: useId() };
  const [initial] = useState(() => initialValues(target, article));
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  // CKEditor normalises the markup it loads; the first value it reports is the baseline, not an edit.
  const [editorBaseline, setEditorBaseline] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const layout = webPageLayout(target.page);
  const isNew = !target.id;

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      if (!Object.keys(current).some((path) => path === key || path.startsWith(`${String(key)}.`))) return current;
      return Object.fromEntries(Object.entries(current).filter(([path]) => path !== key && !path.startsWith(`${String(key)}.`)));
    });
  };

  const dirty = useMemo(() => {
    const { fullDescription: a, ...rest } = values;
    const { fullDescription: b, ...initialRest } = initial;
    return JSON.stringify(rest) !== JSON.stringify(initialRest) || (a !== b && a !== editorBaseline);
  }, [values, initial, editorBaseline]);

  const requestClose = async () => {
    if (saving) return;
    if (
      dirty &&
      !(await confirm({
        message: 'Are you sure to cancel edit?',
        title: 'Unsaved changes',
        confirmLabel: 'Discard',
        cancelLabel: 'Keep editing',
      }))
    )
      return;
    onClose(false);
  };

  const focusFirstError = () =>
    requestAnimationFrame(() => {
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]');
      invalid?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      invalid?.focus?.();
    });

  const save = async () => {
    const sort = values.sort.trim() === '' ? Number.NaN : Number(values.sort);
    const body = { ...values, sort };
    const parsed = WebArticleInputSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(schemaFieldErrors(parsed.error));
      focusFirstError();
      return;
    }
    setSaving(true);
    try {
      await saveWebArticle(body, target.id);
      notify.success(`“${parsed.data.title}” was saved.`, 'Article saved');
      onClose(true);
    } catch (failure) {
      setSaving(false);
      const byField = fieldErrors(failure);
      if (Object.keys(byField).length > 0) {
        setErrors(byField);
        focusFirstError();
      }
      if (failure instanceof ApiError && failure.status === 404) {
        notify.error('This article was deleted by someone else.', 'Article not saved');
        onClose(true);
        return;
      }
      notify.error(errorMessage(failure), 'Article not saved');
    }
  };

  const errorFor = (key: string): string | undefined =>
    errors[key] ?? Object.entries(errors).find(([path]) => path.startsWith(`${key}.`))?.[1];
  const hiddenErrors = Object.entries(errors).filter(([path]) =>
    HIDDEN_FIELDS.some((field) => path === field || path.startsWith(`${field}.`)),
  );
  const tags = parseTags(values.tags);
  const pageLabel = WEB_PAGE_LABELS[target.page];

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
            {isNew ? 'New article' : 'Edit article'}
          </DialogTitle>
          <Text size={200} className={styles.subtitle}>
            {pageLabel} page
          </Text>
        </div>
        <div className={styles.controls}>
          <Switch label="Active" checked={values.active} onChange={(_event, data) => set('active', data.checked)} />
          <Field
            className={styles.sort}
            label="Sort"
            orientation="horizontal"
            validationMessage={errorFor('sort')}
            validationState={errorFor('sort') ? 'error' : 'none'}
          >
            <Input
              className={styles.sortInput}
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              value={values.sort}
              onChange={(_event, data) => set('sort', data.value)}
            />
          </Field>
          <Button appearance="secondary" onClick={() => void requestClose()} disabled={saving}>
            Cancel
          </Button>
          <Button
            appearance="primary"
            icon={saving ? <Spinner size="tiny" /> : <SaveRegular />}
            disabled={saving}
            onClick={() => void save()}
          >
            Save
          </Button>
        </div>
      </header>
      <div className={styles.body}>
        <form
          ref={formRef}
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          {hiddenErrors.length > 0 && (
            <MessageBar intent="error">
              <MessageBarBody>{hiddenErrors.map(([path, message]) => `${path}: ${message}`).join(' ')}</MessageBarBody>
            </MessageBar>
          )}
          <FormSection title={layout.titleLabel === 'Name' && !layout.shortDescription ? 'Contact' : 'Content'}>
            <Field
              label={layout.titleLabel}
              required
              validationMessage={errorFor('title')}
              validationState={errorFor('title') ? 'error' : 'none'}
            >
              <Input id={ids.title} value={values.title} maxLength={200} onChange={(_event, data) => set('title', data.value)} autoFocus />
            </Field>
            {layout.shortDescription && (
              <Field
                label="Short description"
                hint="Shown on the article's card and in lists."
                validationMessage={errorFor('shortDescription')}
                validationState={errorFor('shortDescription') ? 'error' : 'none'}
              >
                <Textarea
                  value={values.shortDescription}
                  rows={3}
                  resize="vertical"
                  maxLength={2000}
                  onChange={(_event, data) => set('shortDescription', data.value)}
                />
              </Field>
            )}
            {layout.fullDescription && (
              <Field
                label={{ children: 'Full description', id: ids.fullDescription }}
                validationMessage={errorFor('fullDescription')}
                validationState={errorFor('fullDescription') ? 'error' : 'none'}
              >
                <Suspense
                  fallback={
                    <div className={styles.editorFallback}>
                      <Spinner label="Loading the editor…" />
                    </div>
                  }
                >
                  <RichTextEditor
                    label="Full description"
                    initialValue={values.fullDescription}
                    invalid={!!errorFor('fullDescription')}
                    onChange={(html) => {
                      setEditorBaseline((baseline) => baseline ?? html);
                      set('fullDescription', html);
                    }}
                    onWarning={(message, title) => notify.warning(message, title ?? 'Editor')}
                  />
                </Suspense>
              </Field>
            )}
          </FormSection>
          {layout.images && (
            <FormSection title={layout.imagesLabel}>
              <ArticleImagesField
                label={layout.imagesLabel}
                value={values.images}
                error={errorFor('images')}
                onChange={(images) => set('images', images)}
              />
            </FormSection>
          )}
          {layout.seo && (
            <FormSection title="SEO">
              <Field
                label="Meta title"
                validationMessage={errorFor('metaTitle')}
                validationState={errorFor('metaTitle') ? 'error' : 'none'}
              >
                <Input value={values.metaTitle} maxLength={200} onChange={(_event, data) => set('metaTitle', data.value)} />
              </Field>
              <Field
                label="Meta description"
                validationMessage={errorFor('metaDescription')}
                validationState={errorFor('metaDescription') ? 'error' : 'none'}
              >
                <Textarea
                  value={values.metaDescription}
                  rows={2}
                  resize="vertical"
                  maxLength={500}
                  onChange={(_event, data) => set('metaDescription', data.value)}
                />
              </Field>
              <Field
                label="Tags"
                hint="Separate tags with commas."
                validationMessage={errorFor('tags')}
                validationState={errorFor('tags') ? 'error' : 'none'}
              >
                <Input value={values.tags} onChange={(_event, data) => set('tags', data.value)} />
              </Field>
              {tags.length > 0 && (
                <TagGroup className={styles.tags} aria-label="Tags preview" size="small">
                  {tags.map((tag) => (
                    <Tag key={tag} size="small" appearance="brand">
                      {tag}
                    </Tag>
                  ))}
                </TagGroup>
              )}
            </FormSection>
          )}
          {/* Submitting with Enter in a single-line input saves, as the header's Save does. */}
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </form>
      </div>
    </div>
  );
}

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <section className={styles.section} aria-label={title}>
      <Text as="h3" weight="semibold" size={400} className={styles.sectionTitle}>
        {title}
      </Text>
      <Divider />
      {children}
    </section>
  );
}
