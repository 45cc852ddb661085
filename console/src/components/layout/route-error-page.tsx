import { Button } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ButtonLink } from '../navigation/button-link';
import { NotFoundPage } from './not-found-page';
import { StatusPage } from './status-page';

/** A screen that crashed or whose code could not be downloaded (e.g. after a deploy). */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <StatusPage
      title="Something went wrong"
      message="This screen failed to load. Reloading the page usually helps; if it keeps happening, tell the support team."
      testId="route-error"
      actions={
        <>
          <Button appearance="primary" icon={<ArrowClockwiseRegular />} onClick={() => window.location.reload()}>
            Reload
          </Button>
          <ButtonLink to="/">Go to the home page</ButtonLink>
        </>
      }
    />
  );
}
