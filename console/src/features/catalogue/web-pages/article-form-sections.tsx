import { lazy, type ReactNode } from 'react';
import { Divider, Field, Input, Tag, TagGroup, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { parseTags, webPageLayout, type WebArticleValues, type WebPage } from '@backoffice/contracts';
import { LazyPart, useNotify } from '../../../components/feedback';
import { ArticleImagesField } from './article-images-field';

// CKEditor is heavy: its own chunk, loaded the first time the form opens on a page that has rich text.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** Form values: the article's fields, with the sort number as typed. */
export type ArticleFormValues = Omit<WebArticleValues, 'sort'> & { sort: string };
export type ArticleField = keyof ArticleFormValues;

const useStyles = makeStyles({
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
  editorFallback: { minHeight: '340px' },
});

export interface ArticleFormSectionsProps {
  page: WebPage;
  values: ArticleFormValues;
  formRef: React.Ref<HTMLFormElement>;
  errorOf(field: ArticleField): string | undefined;
  onChange<K extends ArticleField>(field: K, value: ArticleFormValues[K]): void;
  onBlur(field: ArticleField): void;
  /** The rich text editor's every change (its first is the markup it normalised, not an edit). */
  onEditorChange(html: string): void;
  /** Enter in a single-line box saves, as the header's Save does. */
  onSubmit(): void;
}

/** The article's sections, as the page's layout has them: content, images, SEO. */
export function ArticleFormSections({
  page,
  values,
  formRef,
  errorOf,
  onChange,
  onBlur,
  onEditorChange,
  onSubmit,
}: ArticleFormSectionsProps) {
  const styles = useStyles();
  const layout = webPageLayout(page);
  const text = (field: 'title' | 'shortDescription' | 'metaTitle' | 'metaDescription' | 'tags') => ({
    value: values[field],
    onChange: (_event: unknown, data: { value: string }) => onChange(field, data.value),
    onBlur: () => onBlur(field),
  });

  return (
    <form
      ref={formRef}
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <FormSection title={layout.titleLabel === 'Name' && !layout.shortDescription ? 'Contact' : 'Content'}>
        <Field label={layout.titleLabel} required validationMessage={errorOf('title')}>
          <Input maxLength={200} autoFocus {...text('title')} />
        </Field>
        {layout.shortDescription && (
          <Field label="Short description" hint="Shown on the article's card and in lists." validationMessage={errorOf('shortDescription')}>
            <Textarea rows={3} resize="vertical" maxLength={2000} {...text('shortDescription')} />
          </Field>
        )}
        {layout.fullDescription && (
          <FullDescriptionField value={values.fullDescription} error={errorOf('fullDescription')} onChange={onEditorChange} />
        )}
      </FormSection>
      {layout.images && (
        <FormSection title={layout.imagesLabel}>
          <ArticleImagesField
            label={layout.imagesLabel}
            value={values.images}
            error={errorOf('images')}
            onChange={(images) => onChange('images', images)}
          />
        </FormSection>
      )}
      {layout.seo && (
        <FormSection title="SEO">
          <Field label="Meta title" validationMessage={errorOf('metaTitle')}>
            <Input maxLength={200} {...text('metaTitle')} />
          </Field>
          <Field label="Meta description" validationMessage={errorOf('metaDescription')}>
            <Textarea rows={2} resize="vertical" maxLength={500} {...text('metaDescription')} />
          </Field>
          <Field label="Tags" hint="Separate tags with commas." validationMessage={errorOf('tags')}>
            <Input {...text('tags')} />
          </Field>
          <TagsPreview tags={values.tags} />
        </FormSection>
      )}
      {/* Submitting with Enter in a single-line input saves, as the header's Save does. */}
      <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
    </form>
  );
}

function FullDescriptionField({ value, error, onChange }: { value: string; error: string | undefined; onChange(html: string): void }) {
  const styles = useStyles();
  const notify = useNotify();
  return (
    <Field label="Full description" validationMessage={error}>
      <LazyPart label="Loading the editor…" className={styles.editorFallback}>
        <RichTextEditor
          label="Full description"
          initialValue={value}
          invalid={!!error}
          onChange={onChange}
          onWarning={(message, title) => notify.warning(message, title ?? 'Editor')}
        />
      </LazyPart>
    </Field>
  );
}

function TagsPreview({ tags }: { tags: string }) {
  const styles = useStyles();
  const parsed = parseTags(tags);
  if (parsed.length === 0) return null;
  return (
    <TagGroup className={styles.tags} aria-label="Tags preview" size="small">
      {parsed.map((tag) => (
        <Tag key={tag} size="small" appearance="brand">
          {tag}
        </Tag>
      ))}
    </TagGroup>
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
