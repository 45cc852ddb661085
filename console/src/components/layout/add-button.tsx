import type { ReactNode } from 'react';
import { Button } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';

export interface AddButtonProps {
  onClick(): void;
  disabled?: boolean;
  children: ReactNode;
}

/** A screen's main action that adds a record ("Add client", "New subscription"): primary, with the plus icon. */
export function AddButton({ onClick, disabled, children }: AddButtonProps) {
  return (
    <Button appearance="primary" icon={<AddRegular />} onClick={onClick} disabled={disabled}>
      {children}
    </Button>
  );
}
