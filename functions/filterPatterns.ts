/**
 * Lambda's event filtering: an event source mapping's filter patterns (the same objects the stack
 * hands to `FilterCriteria.filter`, from infra/functions.ts) applied to a stream record. A record
 * goes to the function when it matches any one pattern. The local stream poller applies them as the
 * mapping would; a stream reader that does the work of several parts (functions/handlers/triggers.ts)
 * applies each part's own patterns to the records its mapping let through.
 *
 * The syntax is EventBridge's, as Lambda documents it for DynamoDB streams: each key of a pattern
 * names a field of the record; an object goes one level down; a list matches when any of its entries
 * matches the field's value: a literal (equal), `{ exists: boolean }`, `{ prefix: string }`,
 * `{ 'anything-but': literal | literal[] }` or `{ numeric: [op, n, …] }`. Any other operator is
 * refused when the poller starts, so a declaration cannot use one that is not emulated.
 */

/**
 * An EventBridge-style filter pattern, as Lambda's event source mappings take them: each key names a
 * field of the record, each leaf is the list of values that match.
 */
export type FilterPattern = { readonly [field: string]: readonly FilterRule[] | FilterPattern };
type FilterLiteral = string | number | boolean | null;
export type FilterRule =
  | FilterLiteral
  | { readonly exists: boolean }
  | { readonly prefix: string }
  | { readonly 'anything-but': FilterLiteral | readonly FilterLiteral[] }
  | { readonly numeric: readonly (string | number)[] };

type Literal = string | number | boolean | null;
type Rule = Literal | { readonly [operator: string]: unknown };

const NUMERIC_OPERATORS: Record<string, (value: number, bound: number) => boolean> = {
  '=': (v, b) => v === b,
  '<': (v, b) => v < b,
  '<=': (v, b) => v <= b,
  '>': (v, b) => v > b,
  '>=': (v, b) => v >= b,
};

/** Throws on a pattern this emulation does not understand (so it never silently passes everything). */
export function checkPattern(pattern: FilterPattern, path = ''): void {
  for (const [key, rule] of Object.entries(pattern)) {
    const where = path ? `${path}.${key}` : key;
    if (!Array.isArray(rule)) {
      if (rule === null || typeof rule !== 'object') throw new Error(`Filter pattern: ${where} must be a list or an object`);
      checkPattern(rule as FilterPattern, where);
      continue;
    }
    for (const entry of rule as Rule[]) {
      if (entry === null || typeof entry !== 'object') continue;
      const operators = Object.keys(entry);
      if (operators.length !== 1 || !['exists', 'prefix', 'anything-but', 'numeric'].includes(operators[0]!)) {
        throw new Error(`Filter pattern: ${where} uses ${JSON.stringify(entry)}, which the local stream poller does not emulate`);
      }
    }
  }
}

export function matchesAny(patterns: readonly FilterPattern[], record: unknown): boolean {
  return patterns.length === 0 || patterns.some((pattern) => matches(pattern, record));
}

export function matches(pattern: FilterPattern, value: unknown): boolean {
  return Object.entries(pattern).every(([key, rule]) => {
    const field = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    if (Array.isArray(rule)) return (rule as Rule[]).some((entry) => matchesRule(entry, field));
    return field !== null && typeof field === 'object' && matches(rule as FilterPattern, field);
  });
}

function matchesRule(rule: Rule, field: unknown): boolean {
  if (rule === null || typeof rule !== 'object') {
    return Array.isArray(field) ? field.some((item) => item === rule) : field === rule;
  }
  const [operator, operand] = Object.entries(rule)[0] ?? [];
  switch (operator) {
    case 'exists':
      return (field !== undefined) === operand;
    case 'prefix':
      return typeof field === 'string' && typeof operand === 'string' && field.startsWith(operand);
    case 'anything-but':
      return field !== undefined && ![operand].flat().includes(field);
    case 'numeric': {
      if (typeof field !== 'number' || !Array.isArray(operand)) return false;
      for (let i = 0; i + 1 < operand.length; i += 2) {
        const test = NUMERIC_OPERATORS[String(operand[i])];
        if (!test || !test(field, Number(operand[i + 1]))) return false;
      }
      return true;
    }
    default:
      return false;
  }
}
