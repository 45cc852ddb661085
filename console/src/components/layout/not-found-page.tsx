import { HomeRegular } from '@fluentui/react-icons';
import { ButtonLink } from '../navigation/button-link';
import { StatusPage } from './status-page';

/** The answer to an unknown path. */
export function NotFoundPage({ homePath = '/' }: { homePath?: string }) {
  return (
    <StatusPage
      code="404"
      title="Page not found"
      message="There is no page at this address. It may have moved, or the link may be wrong."
      testId="not-found"
      actions={
        <ButtonLink to={homePath} appearance="primary" icon={<HomeRegular />}>
          Go to the home page
        </ButtonLink>
      }
    />
  );
}
