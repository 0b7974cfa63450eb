/**
 * Reads the environment once, when a handler module loads, and fails fast naming what is missing.
 * Endpoints are never read here: the AWS SDK takes them from its standard configuration
 * (`AWS_ENDPOINT_URL_DYNAMODB`…), so the same code runs on AWS and in the local cloud.
 */
export function requireEnv<const K extends string>(...names: K[]): Record<K, string> {
  const values = {} as Record<K, string>;
  const missing: string[] = [];
  for (const name of names) {
    const value = process.env[name];
    if (value === undefined || value === '') missing.push(name);
    else values[name] = value;
  }
  if (missing.length > 0) throw new Error(`Missing environment variable(s): ${missing.join(', ')}`);
  return values;
}

/**
 * The page function's shell (the built app's index.html) is this file in `LAMBDA_TASK_ROOT`: bundled
 * beside the handler on AWS (infra/constructs/pages.ts), written or found there by the local cloud.
 */
export const PAGE_SHELL_FILE = 'index.html';

/** The API's OpenAPI description beside the page function (declared in infra/functions.ts `files`). */
export const OPENAPI_FILE = 'openapi.json';
