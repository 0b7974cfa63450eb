import { NAME_MAX_LENGTH, NAME_MIN_LENGTH } from '@contract/accountRules';
import { TextInput } from './FormFields';

/** What the apodo field says under it, everywhere an apodo is chosen. */
export const NAME_RULES = `Es el nombre con el que firmas: ${NAME_MIN_LENGTH}–${NAME_MAX_LENGTH} letras, números, espacios o . _ -, y que nadie más use. Nunca tu email.`;

/**
 * The apodo field of registration and «Mi cuenta». It lets a few characters past the limit through, so
 * a name pasted too long is seen and refused with the contract's reason instead of silently cut.
 */
export function ApodoField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <TextInput
      label="Apodo"
      name="apodo"
      autoComplete="nickname"
      value={value}
      onChange={onChange}
      descriptiveText={NAME_RULES}
      maxLength={NAME_MAX_LENGTH + 10}
      isRequired
    />
  );
}
