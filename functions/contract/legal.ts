/**
 * The site's two legal documents, «Privacidad» (`/privacidad`) and «Aviso legal» (`/aviso-legal`), and
 * what they say about who runs the site and where its data lives. The operator's details come from the
 * deployment (`-c operatorName=… -c operatorNif=… -c operatorAddress=… -c operatorEmail=…`,
 * docs/deploy-and-operate.md) and reach the page function as JSON in its environment; what was not
 * given reads as a bracketed placeholder that says so, never as a made-up value.
 */
import * as z from 'zod/mini';

export { LEGAL_PATHS } from './documents';

/** The longest value an operator detail may have (a name, a postal address, an e-mail). */
export const OPERATOR_DETAIL_MAX = 300;

const detail = z.optional(z.string().check(z.minLength(1), z.maxLength(OPERATOR_DETAIL_MAX)));

/**
 * The page function's `LEGAL_DETAILS`: the operator's details as given at deploy time (each optional),
 * and the AWS region the stack runs in (absent locally, where there is none).
 */
export const legalDetailsSchema = z.object({
  name: detail,
  nif: detail,
  address: detail,
  email: detail,
  region: detail,
});

export type LegalDetailsInput = z.infer<typeof legalDetailsSchema>;

/** Who runs the site, as the documents show it: every field a value, or its placeholder. */
export type SiteOperator = { name: string; nif: string; address: string; email: string };

/** What the two documents need from the deployment (the page data under `PAGE_DATA_KEYS.legal`). */
export type LegalDetails = {
  operator: SiteOperator;
  /** Whether each operator field is a placeholder (the deployment did not give it). */
  placeholders: { [K in keyof SiteOperator]: boolean };
  /** The AWS region that stores the data (`eu-west-1`), or null where none is known (the local cloud). */
  region: string | null;
};

/** What a document says where the deployment gave no value: plainly a placeholder, in brackets. */
export const OPERATOR_PLACEHOLDERS: SiteOperator = {
  name: '[Nombre del titular]',
  nif: '[NIF del titular]',
  address: '[Dirección del titular]',
  email: '[Correo de contacto]',
};

/** The documents' details from the deployment's (already validated) input. */
export function legalDetailsFrom(input: LegalDetailsInput): LegalDetails {
  const keys = ['name', 'nif', 'address', 'email'] as const;
  const operator = Object.fromEntries(keys.map((key) => [key, input[key] ?? OPERATOR_PLACEHOLDERS[key]])) as SiteOperator;
  const placeholders = Object.fromEntries(keys.map((key) => [key, input[key] === undefined])) as LegalDetails['placeholders'];
  return { operator, placeholders, region: input.region ?? null };
}
