import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { PageHeader } from './page-header';

/** The placeholder of a route whose screen is still to be built. */
export function NotBuiltYet({ title }: { title: string }) {
  return (
    <section data-testid="not-built-yet">
      <PageHeader title={title} />
      <MessageBar intent="info">
        <MessageBarBody>This screen is not built yet.</MessageBarBody>
      </MessageBar>
    </section>
  );
}
