import type { ComponentProps, ReactNode } from 'react';
import { Button, TextField } from '@aws-amplify/ui-react';

/** Amplify's text field bound to a string: `onChange` receives the value, not the event. */
export function TextInput({
  onChange,
  ...props
}: Omit<ComponentProps<typeof TextField>, 'onChange' | 'value'> & { value: string; onChange: (value: string) => void }) {
  return <TextField {...props} onChange={(event) => onChange(event.target.value)} />;
}

/** A form's main button: disabled and saying `loadingText` while the form is busy. */
export function SubmitButton({
  busy,
  loadingText,
  isFullWidth = true,
  children,
}: {
  busy: boolean;
  loadingText: string;
  isFullWidth?: boolean;
  children: ReactNode;
}) {
  return (
    <Button type="submit" variation="primary" isFullWidth={isFullWidth} isDisabled={busy} isLoading={busy} loadingText={loadingText}>
      {children}
    </Button>
  );
}

/** A secondary action of a form that looks like a link (another step, going back). */
export function LinkButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button type="button" variation="link" onClick={onClick}>
      {children}
    </Button>
  );
}
