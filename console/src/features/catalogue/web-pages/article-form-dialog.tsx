import { useEffect, useState } from 'react';
import { Dialog, DialogSurface, makeStyles } from '@fluentui/react-components';
import { WEB_PAGES_PATHS, type WebArticle } from '@backoffice/contracts';
import { apiFetch, errorMessage } from '../../../components/api';
import { PageSpinner, useNotify } from '../../../components/feedback';
import { ArticleForm, type ArticleFormTarget } from './article-form';

export type { ArticleFormTarget } from './article-form';

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
});

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

  // A new article has nothing to load.
  if (target && !target.id && loaded?.target !== target) setLoaded({ target });

  useEffect(() => {
    if (!target?.id) return;
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
