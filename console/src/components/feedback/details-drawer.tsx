import type { ReactNode } from 'react';
import {
  Button,
  DrawerBody,
  DrawerFooter,
  DrawerHeader,
  DrawerHeaderTitle,
  OverlayDrawer,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { usePhone } from '../layout/use-phone';

const useStyles = makeStyles({
  // Wide enough for a record's two columns of fields beside the list it was opened from.
  desk: { width: '640px', maxWidth: '100vw' },
  body: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL },
  footer: { display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS },
});

export interface DetailsDrawerProps {
  title: ReactNode;
  /** The panel's accessible name when the title is more than text. */
  label: string;
  /** ✕, Escape, the backdrop and Close. */
  onClose(): void;
  /** What can be done with the record: labelled buttons, before Close. */
  actions?: ReactNode;
  'data-testid'?: string;
  children: ReactNode;
}

/**
 * A record's details beside the list it was opened from (a row's click or Enter): a panel on the right on a desk, the
 * whole screen on a phone, its actions as labelled buttons in the footer. Focus returns to the row when it closes.
 */
export function DetailsDrawer({ title, label, onClose, actions, 'data-testid': testId, children }: DetailsDrawerProps) {
  const styles = useStyles();
  const phone = usePhone();
  return (
    <OverlayDrawer
      open
      position="end"
      size={phone ? 'full' : undefined}
      className={phone ? undefined : styles.desk}
      aria-label={label}
      onOpenChange={(_event, data) => !data.open && onClose()}
      data-testid={testId}
    >
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label="Close" icon={<DismissRegular />} onClick={onClose} />}>
          {title}
        </DrawerHeaderTitle>
      </DrawerHeader>
      {/* What it shows may scroll with nothing focusable in it: reachable with Tab (axe scrollable-region-focusable). */}
      <DrawerBody tabIndex={0} className={styles.body}>
        {children}
      </DrawerBody>
      <DrawerFooter className={styles.footer}>
        {actions}
        <Button onClick={onClose}>Close</Button>
      </DrawerFooter>
    </OverlayDrawer>
  );
}
