import { PASSWORD_POLICY } from '@contract/accounts';

/** The pool's password policy in Spanish, said once for the register form and its errors. */
export const PASSWORD_RULES = [
  `al menos ${PASSWORD_POLICY.minLength} caracteres`,
  PASSWORD_POLICY.requireUppercase && 'mayúsculas',
  PASSWORD_POLICY.requireLowercase && 'minúsculas',
  PASSWORD_POLICY.requireDigits && 'números',
  PASSWORD_POLICY.requireSymbols && 'algún símbolo (- _ ! ? #…)',
]
  .filter(Boolean)
  .join(', ')
  .replace(/, ([^,]*)$/, ' y $1');
