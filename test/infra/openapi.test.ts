/**
 * The API's OpenAPI description (infra/openapi.ts → docs/openapi.json, served at /api/openapi.json):
 * it names every route of the contract's route table with its method, each with the error codes the
 * contract gives it, it is a valid OpenAPI 3.1 document, and the committed file is what
 * `npm run openapi` writes today.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { allRoutes, routeKey } from '../../functions/contract/routes';
import { buildOpenApiDocument, errorCodesOf, OPENAPI_FILE, openApiJson } from '../../infra/openapi';

type Described = {
  paths: Record<
    string,
    Record<string, { security?: unknown[]; responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
  >;
};

const document = buildOpenApiDocument() as unknown as Described;

describe('the OpenAPI document', () => {
  it('describes every route of the contract, with its method', () => {
    const routes = allRoutes().map(({ route }) => route);
    expect(routes.length).toBeGreaterThan(20);
    const described = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(described.sort()).toEqual(routes.map(routeKey).sort());
  });

  it('gives each route its error codes, 401 on the routes behind the authorizer, and the bearer scheme there', () => {
    for (const { route } of allRoutes()) {
      const key = routeKey(route);
      const operation = document.paths[route.path]![route.method.toLowerCase()]!;
      const codes = Object.entries(operation.responses)
        .filter(([status]) => Number(status) >= 400)
        .flatMap(([, response]) => (JSON.stringify(response.content).match(/"enum":\[[^\]]*\]/)?.[0] ?? '').match(/[A-Z_]{4,}/g) ?? []);
      expect(codes.sort(), key).toEqual(errorCodesOf(route).sort());
      expect('401' in operation.responses, key).toBe(route.auth !== 'public');
      expect(operation.security, key).toEqual(route.auth === 'public' ? undefined : [{ bearerAuth: [] }]);
    }
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(await readFile(OPENAPI_FILE, 'utf8'));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('is committed as `npm run openapi` writes it (run it after changing the contract)', async () => {
    expect(await readFile(OPENAPI_FILE, 'utf8')).toBe(await openApiJson());
  });
});
