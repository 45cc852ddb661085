import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Link, RatingDisplay, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular, OpenRegular, StarRegular } from '@fluentui/react-icons';
import { SITE_REVIEW_MAX_RATE, type SiteReview } from '@backoffice/contracts';
import { LoadError, EmptyState, PageSpinner, useErrorToast } from '../../../components/feedback';
import { AddButton, PageHeader } from '../../../components/layout';
import { SearchInput, useListParams } from '../../../components/table';
import { CARD_GRID_STYLES } from '../card-grid-styles';
import { SiteReviewDialog, type ReviewDialogTarget } from './site-review-dialog';
import { formatReviewDate, useSiteReviews } from './site-reviews-api';

const useStyles = makeStyles({
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalL },
  ...CARD_GRID_STYLES,
  card: {
    height: '100%',
    boxSizing: 'border-box',
    cursor: 'pointer',
    rowGap: tokens.spacingVerticalS,
    // Raised on hover rather than lightened: on the dark theme's hover grey, the source link (brand blue) falls
    // under 4.5:1 contrast.
    ':hover': { backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow8 },
  },
  name: {
    alignSelf: 'flex-start',
    minWidth: 0,
    padding: 0,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    textAlign: 'start',
    justifyContent: 'flex-start',
  },
  text: {
    color: tokens.colorNeutralForeground2,
    whiteSpace: 'pre-line',
    display: '-webkit-box',
    WebkitLineClamp: '6',
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  },
  footer: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    marginTop: 'auto',
    color: tokens.colorNeutralForeground3,
  },
  pager: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalM,
    marginTop: tokens.spacingVerticalL,
  },
});

/** Site reviews (/admin/site-reviews): cards newest first, paged on the server; a card opens its editor. */
export default function SiteReviewsScreen() {
  const styles = useStyles();
  // The page and the search live in the address (?page=&q=): reload, back and forward keep them.
  const { page, search, searchInput, setSearchInput, setPage } = useListParams({ sort: 'newest', dir: 'desc' });
  const [dialog, setDialog] = useState<ReviewDialogTarget>(undefined);
  const { data, error, isLoading, mutate } = useSiteReviews(page, search);

  useErrorToast(error, 'The reviews could not be loaded');

  const close = useCallback(
    (changed: boolean) => {
      setDialog(undefined);
      if (changed) void mutate();
    },
    [mutate],
  );

  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // A delete can empty the last page: step back to one that exists.
  useEffect(() => {
    if (data && page > pages) setPage(pages);
  }, [data, page, pages, setPage]);

  let content;
  if (isLoading && !data) {
    content = <PageSpinner label="Loading the reviews…" />;
  } else if (error && !data) {
    content = <LoadError error={error} onRetry={() => void mutate()} />;
  } else if (!data?.items.length) {
    content = search ? (
      <EmptyState icon={<StarRegular />} text={`No reviews match “${search}”.`} />
    ) : (
      <EmptyState
        icon={<StarRegular />}
        text="No reviews yet."
        action={<AddButton onClick={() => setDialog(null)}>Add Review</AddButton>}
      />
    );
  } else {
    const first = (data.page - 1) * data.pageSize + 1;
    const last = first + data.items.length - 1;
    content = (
      <>
        <ul className={styles.grid} aria-label="Reviews">
          {data.items.map((review) => (
            <li key={review.id} className={styles.item}>
              <ReviewCard review={review} onOpen={() => setDialog(review)} />
            </li>
          ))}
        </ul>
        <nav className={styles.pager} aria-label="Pages of reviews">
          <Text>
            {first}–{last} of {data.total}
          </Text>
          <Button icon={<ChevronLeftRegular />} disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <Button icon={<ChevronRightRegular />} iconPosition="after" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Site reviews"
        description="Reviews shown on the website, newest first. Click a review to edit it."
        actions={<AddButton onClick={() => setDialog(null)}>Add Review</AddButton>}
      />
      <div className={styles.toolbar}>
        <SearchInput label="Search reviews" placeholder="Search name, review or source" value={searchInput} onChange={setSearchInput} />
      </div>
      {content}
      <SiteReviewDialog target={dialog} onClose={close} />
    </>
  );
}

function ReviewCard({ review, onOpen }: { review: SiteReview; onOpen(): void }) {
  const styles = useStyles();
  let host = '';
  try {
    host = review.link ? new URL(review.link).hostname.replace(/^www\./, '') : '';
  } catch {
    host = review.link;
  }
  return (
    <Card className={styles.card} onClick={onOpen} focusMode="off" data-testid="review-card">
      <RatingDisplay
        value={review.rate}
        max={SITE_REVIEW_MAX_RATE}
        size="medium"
        compact={false}
        aria-label={`${review.rate} of ${SITE_REVIEW_MAX_RATE} stars`}
      />
      {/* The card opens on click; the name is its keyboard-reachable button. */}
      <Button
        appearance="transparent"
        className={styles.name}
        onClick={(event) => {
          event.stopPropagation();
          onOpen();
        }}
        aria-label={`Edit the review by ${review.name}`}
      >
        {review.name}
      </Button>
      <Text className={styles.text}>{review.review}</Text>
      <div className={styles.footer}>
        <Text size={200}>{formatReviewDate(review.date)}</Text>
        {review.link && (
          <Link href={review.link} target="_blank" rel="noopener noreferrer" onClick={(event) => event.stopPropagation()}>
            {review.source || host} <OpenRegular aria-hidden="true" />
          </Link>
        )}
        {!review.link && review.source && <Text size={200}>{review.source}</Text>}
      </div>
    </Card>
  );
}
