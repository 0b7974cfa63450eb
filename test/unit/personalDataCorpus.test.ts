import { describe, expect, it } from 'vitest';
import { FALSE_POSITIVE_GOAL, RECALL_GOAL, loadCorpus, scoreCorpus } from '../fixtures/personalData/corpus';

describe('the personal-data check on the labelled sentences', () => {
  const score = scoreCorpus();

  it('holds at least 150 sentences of each label', () => {
    const { withData, without } = loadCorpus();
    expect(withData.length).toBeGreaterThanOrEqual(150);
    expect(without.length).toBeGreaterThanOrEqual(150);
    expect(new Set(withData.map(({ kind }) => kind))).toEqual(new Set(['email', 'phone', 'id', 'iban']));
  });

  it(`refuses at least ${RECALL_GOAL * 100} % of the sentences with personal data`, () => {
    const misses = score.misses.map(({ kind, text }) => `  ${kind}: ${text}`).join('\n');
    expect(score.recall, `recall ${(score.recall * 100).toFixed(1)} %; let through:\n${misses}`).toBeGreaterThanOrEqual(RECALL_GOAL);
  });

  it(`refuses at most ${FALSE_POSITIVE_GOAL * 100} % of the ordinary sentences with numbers`, () => {
    const refused = score.falsePositives.map(({ found, text }) => `  ${found}: ${text}`).join('\n');
    expect(
      score.falsePositiveRate,
      `false positives ${(score.falsePositiveRate * 100).toFixed(1)} %; refused:\n${refused}`,
    ).toBeLessThanOrEqual(FALSE_POSITIVE_GOAL);
  });
});
