import { useCallback, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Badge, Button, Card, Tag, TagGroup, Text, Tooltip, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { DeleteRegular, DocumentBulletListRegular, EditRegular } from '@fluentui/react-icons';
import { WEB_PAGE_LABELS, parseTags, parseWebPage, webPageLayout, type WebArticle, type WebPage } from '@backoffice/contracts';
import { errorMessage } from '../../../components/api';
import { LoadError, EmptyState, PageSpinner, useConfirmDelete, useErrorToast, useNotify } from '../../../components/feedback';
import { AddButton, NotFoundPage, PageHeader } from '../../../components/layout';
import { PageBreadcrumb } from '../../../components/navigation';
import { CARD_GRID_STYLES } from '../card-grid-styles';
import { ArticleFormDialog, type ArticleFormTarget } from './article-form-dialog';
import { deleteWebArticle, useWebArticles } from './web-pages-api';

const useStyles = makeStyles({
  ...CARD_GRID_STYLES,
  card: { height: '100%', boxSizing: 'border-box', rowGap: tokens.spacingVerticalS },
  inactive: { opacity: 0.5, backgroundColor: tokens.colorNeutralBackground3 },
  top: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalS },
  heading: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXXS, flexGrow: 1, minWidth: 0 },
  title: { margin: 0, overflowWrap: 'anywhere' },
  thumb: {
    width: '56px',
    height: '56px',
    flexShrink: 0,
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  description: {
    color: tokens.colorNeutralForeground2,
    display: '-webkit-box',
    WebkitLineClamp: '3',
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  },
  muted: { color: tokens.colorNeutralForeground3, fontStyle: 'italic' },
  footer: { display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: tokens.spacingHorizontalXS, marginTop: 'auto' },
});

/** The articles of one web page (/admin/web/{page}): cards by sort number, with the full-screen form. */
export default function WebPageScreen() {
  const page = parseWebPage(useParams().page);
  if (!page) return <NotFoundPage homePath="/admin/web" />;
  return <WebPageArticles key={page} page={page} />;
}

function WebPageArticles({ page }: { page: WebPage }) {
  const styles = useStyles();
  const notify = useNotify();
  const confirmDelete = useConfirmDelete();
  const { data: articles, error, isLoading, mutate } = useWebArticles(page);
  const [form, setForm] = useState<ArticleFormTarget | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const label = WEB_PAGE_LABELS[page];

  useErrorToast(error, 'The articles could not be loaded');

  const nextSort = (articles ?? []).reduce((max, article) => Math.max(max, article.sort), 0) + 1;
  const openNew = () => setForm({ page, nextSort });
  const closeForm = useCallback(
    (_saved: boolean) => {
      setForm(null);
      void mutate();
    },
    [mutate],
  );

  const remove = async (article: WebArticle) => {
    const yes = await confirmDelete({
      noun: 'article',
      name: article.title,
      message: 'Are you sure to delete this article?',
      detail: 'It leaves the website at once.',
    });
    if (!yes) return;
    setDeleting(article.id);
    try {
      await deleteWebArticle(article.id);
      notify.success(`“${article.title}” was deleted.`, 'Article deleted');
    } catch (failure) {
      notify.error(errorMessage(failure), 'Article not deleted');
    } finally {
      setDeleting(null);
      void mutate();
    }
  };

  let content;
  if (isLoading && !articles) {
    content = <PageSpinner label="Loading the articles…" />;
  } else if (error && !articles) {
    content = <LoadError error={error} onRetry={() => void mutate()} />;
  } else if (!articles?.length) {
    content = <EmptyState icon={<DocumentBulletListRegular />} text="EMPTY" action={<AddButton onClick={openNew}>Add New</AddButton>} />;
  } else {
    content = (
      <ul className={styles.grid} aria-label={`${label} articles`}>
        {articles.map((article) => (
          <li key={article.id} className={styles.item}>
            <ArticleCard
              article={article}
              busy={deleting === article.id}
              onEdit={() => setForm({ page, id: article.id, nextSort })}
              onDelete={() => void remove(article)}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader
        title={label}
        description={`Articles of the ${label} page, in sort order.`}
        back={{ to: '/admin/web', label: 'Back to the web menu' }}
        breadcrumb={<PageBreadcrumb trail={[{ label: 'Web pages', to: '/admin/web' }]} current={label} />}
        actions={<AddButton onClick={openNew}>Add New</AddButton>}
      />
      {content}
      <ArticleFormDialog target={form} onClose={closeForm} />
    </>
  );
}

function ArticleCard({ article, busy, onEdit, onDelete }: { article: WebArticle; busy: boolean; onEdit(): void; onDelete(): void }) {
  const styles = useStyles();
  const tags = parseTags(article.tags);
  const layout = webPageLayout(article.page);
  const title = article.title || `Untitled ${layout.titleLabel.toLowerCase()}`;
  return (
    <Card
      className={mergeClasses(styles.card, !article.active && styles.inactive)}
      data-testid="article-card"
      data-active={article.active}
      aria-label={article.active ? title : `${title} (inactive)`}
    >
      <div className={styles.top}>
        {article.images[0] && <img src={article.images[0]} alt="" className={styles.thumb} loading="lazy" />}
        <div className={styles.heading}>
          <Text as="h2" size={400} weight="semibold" className={styles.title}>
            {title}
          </Text>
          <div>
            <Badge appearance="tint" shape="rounded" color="informative" aria-label={`Sort number ${article.sort}`}>
              #{article.sort}
            </Badge>{' '}
            {!article.active && (
              <Badge appearance="tint" shape="rounded" color="warning">
                Inactive
              </Badge>
            )}
          </div>
        </div>
      </div>
      {layout.shortDescription &&
        (article.shortDescription ? (
          <Text className={styles.description}>{article.shortDescription}</Text>
        ) : (
          <Text className={styles.muted}>No short description</Text>
        ))}
      {tags.length > 0 && (
        <TagGroup aria-label="Tags" size="extra-small">
          {tags.map((tag) => (
            <Tag key={tag} size="extra-small" appearance="outline">
              {tag}
            </Tag>
          ))}
        </TagGroup>
      )}
      <div className={styles.footer}>
        <Button appearance="subtle" icon={<EditRegular />} onClick={onEdit} aria-label={`Edit ${title}`}>
          Edit
        </Button>
        <Tooltip content="Delete" relationship="description">
          <Button appearance="subtle" icon={<DeleteRegular />} onClick={onDelete} disabled={busy} aria-label={`Delete ${title}`} />
        </Tooltip>
      </div>
    </Card>
  );
}
