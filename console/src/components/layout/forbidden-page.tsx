import { HomeRegular } from '@fluentui/react-icons';
import { ButtonLink } from '../navigation/button-link';
import { StatusPage } from './status-page';

/** Shown when the signed-in user's roles do not open this screen. */
export function ForbiddenPage({ homePath }: { homePath: string }) {
  return (
    <StatusPage
      code="403"
      title="No access"
      message="Your account does not have a role that opens this screen. Ask an administrator if you need it."
      testId="forbidden"
      actions={
        <ButtonLink to={homePath} appearance="primary" icon={<HomeRegular />}>
          Go to your home page
        </ButtonLink>
      }
    />
  );
}
