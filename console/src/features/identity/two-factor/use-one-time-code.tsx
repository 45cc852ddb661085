import { useRef, useState } from 'react';
import { Field, Input } from '@fluentui/react-components';

export interface OneTimeCodeFieldProps {
  label: string;
  hint?: string;
  /** The input's name: `otp` when signing in, `code` on the profile. */
  name: string;
  className?: string;
}

/**
 * A one-time code the user types (from the authenticator app, or a recovery code): its value, its error, and its
 * field. Typing clears the error; `refuse` shows one and puts the caret back in the field.
 */
export function useOneTimeCode() {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const ref = useRef<HTMLInputElement>(null);
  const refuse = (message: string) => {
    setError(message);
    ref.current?.focus();
  };
  const clear = () => {
    setCode('');
    setError(undefined);
  };
  const field = ({ label, hint, name, className }: OneTimeCodeFieldProps) => (
    <Field label={label} validationMessage={error} hint={hint} className={className}>
      <Input
        ref={ref}
        name={name}
        autoFocus
        autoComplete="one-time-code"
        value={code}
        onChange={(_event, data) => {
          setCode(data.value);
          setError(undefined);
        }}
      />
    </Field>
  );
  return { code: code.trim(), refuse, clear, field };
}
