import { describe, expect, it } from 'vitest';
import { legalDetailsFrom, OPERATOR_PLACEHOLDERS } from '../../functions/contract/legal';
import { PAGE_DATA_KEYS } from '../../functions/contract/documents';
import { appDocument, type AppPageDeps } from '../../functions/domain/appPages';

/** The legal pages read no table: the stores are there for the type, never asked. */
const deps = (legal = legalDetailsFrom({})) => ({ legal }) as unknown as AppPageDeps;

describe('«Privacidad» and «Aviso legal» as the page function answers them', () => {
  it('are 200 documents with their own title, canonical address and description, carrying the deployment’s details', async () => {
    const legal = legalDetailsFrom({ name: 'Ana Pérez', email: 'contacto@vayadia.es', region: 'eu-west-1' });
    for (const [path, title] of [
      ['/privacidad', 'Privacidad · Vaya día'],
      ['/aviso-legal', 'Aviso legal · Vaya día'],
      ['/aviso-legal/', 'Aviso legal · Vaya día'],
    ] as const) {
      const page = await appDocument(deps(legal), path, new URLSearchParams(), 'https://vayadia.es');
      if (page.kind !== 'rendered') throw new Error(`${path}: ${page.kind}`);
      expect(page.status).toBe(200);
      expect(page.head.title).toBe(title);
      expect(page.head.url).toBe(`https://vayadia.es${path.replace(/\/$/, '')}`);
      expect(page.head.description.length).toBeGreaterThan(20);
      expect(page.data[PAGE_DATA_KEYS.legal]).toEqual(legal);
    }
  });

  it('say which details the deployment did not give, with placeholders that read as such', () => {
    const legal = legalDetailsFrom({ name: 'Ana Pérez' });
    expect(legal.operator).toEqual({ ...OPERATOR_PLACEHOLDERS, name: 'Ana Pérez' });
    expect(legal.placeholders).toEqual({ name: false, nif: true, address: true, email: true });
    expect(legal.region).toBeNull();
    for (const placeholder of Object.values(OPERATOR_PLACEHOLDERS)) expect(placeholder).toMatch(/^\[.+\]$/);
  });
});
