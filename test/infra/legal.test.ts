/**
 * «Privacidad» and «Aviso legal» name who runs the site and where its data lives: the operator's details
 * come from the deploy context, the region from the deployment itself, and reach the page function
 * where it reads them (its `LEGAL_DETAILS`, checked by the same schema the function applies at start).
 */
import * as z from 'zod/mini';
import { beforeAll, describe, expect, it } from 'vitest';
import { legalDetailsSchema } from '../../functions/contract/legal';
import { ENV } from '../../functions/store/tables';
import { logicalId, render, synthesize, type Synthesized } from './synth';

const OPERATOR = {
  operatorName: 'Ana Pérez García',
  operatorNif: '12345678Z',
  operatorAddress: 'Calle Mayor 1, 28013 Madrid',
  operatorEmail: 'contacto@vayadia.es',
};

let withOperator: Synthesized;
let without: Synthesized;
beforeAll(() => {
  withOperator = synthesize(OPERATOR, { bundle: false });
  without = synthesize({}, { bundle: false });
}, 240_000);

/** The page function's LEGAL_DETAILS as CloudFormation will write it, the region a placeholder. */
function legalDetails(s: Synthesized): string {
  const properties = s.json.Resources[logicalId(s.stack.pages.function.function)]?.Properties as {
    Environment: { Variables: Record<string, unknown> };
  };
  return render(properties.Environment.Variables[ENV.legalDetails]);
}

describe("the operator's details", () => {
  it('reach the page function from -c operatorName/operatorNif/operatorAddress/operatorEmail, with the stack’s own region', () => {
    const json = legalDetails(withOperator);
    expect(JSON.parse(json)).toEqual({
      name: 'Ana Pérez García',
      nif: '12345678Z',
      address: 'Calle Mayor 1, 28013 Madrid',
      email: 'contacto@vayadia.es',
      region: '${AWS::Region}',
    });
    // What the function accepts at start.
    expect(z.safeParse(legalDetailsSchema, JSON.parse(json)).success).toBe(true);
  });

  it('are left out when not given (the pages then show placeholders), the region still given', () => {
    expect(JSON.parse(legalDetails(without))).toEqual({ region: '${AWS::Region}' });
  });

  it('refuse an e-mail that is not one, and a value too long for the pages, saying which', () => {
    expect(() => synthesize({ operatorEmail: 'contacto' }, { bundle: false })).toThrow(/operatorEmail=contacto is not an e-mail address/);
    expect(() => synthesize({ operatorAddress: 'x'.repeat(301) }, { bundle: false })).toThrow(/operatorAddress=… is longer than 300/);
  });
});
