/**
 * Figure 11: the personal-data check (functions/contract/personalData.ts) on the labelled sentences of
 * test/fixtures/personalData — how many with personal data it refuses (recall), how many ordinary ones
 * with numbers it refuses by mistake (false positives), and what one check costs. No server: the check
 * runs in the API and in the web form alike.
 */
import { performance } from 'node:perf_hooks';
import { findPersonalData } from '../../functions/contract/personalData';
import { loadCorpus, scoreCorpus, type CorpusScore } from '../fixtures/personalData/corpus';

export type PersonalDataOptions = { rounds: number };
export const FULL: PersonalDataOptions = { rounds: 20 };
export const SMOKE: PersonalDataOptions = { rounds: 2 };

export type PersonalDataBenchResult = {
  score: CorpusScore;
  /** Microseconds per sentence checked, one value per round over the whole corpus. */
  microsPerText: number[];
  /** The slowest of {@link HOSTILE_SHAPES} (a comment's 500 characters), in milliseconds, one value per round. */
  worstMs: number[];
};

/**
 * Long texts shaped to make pattern matching backtrack (runs of dots, digits, separators, at-signs):
 * what one 500-character comment may cost the check at worst.
 */
const HOSTILE_SHAPES = [
  'a.'.repeat(250),
  `${'a.'.repeat(120)}@${'b.'.repeat(120)}`,
  'a . '.repeat(125),
  '1 '.repeat(250),
  '6.'.repeat(250),
  '6 1 2 3 4 5 6 7 8 '.repeat(27),
  `${'a-'.repeat(249)}@`,
  'a arroba '.repeat(55),
];

export function measurePersonalData({ rounds }: PersonalDataOptions): PersonalDataBenchResult {
  const { withData, without } = loadCorpus();
  const texts = [...withData.map(({ text }) => text), ...without];
  const microsPerText: number[] = [];
  let found = 0;
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    for (const text of texts) if (findPersonalData(text) !== undefined) found++;
    microsPerText.push(((performance.now() - started) * 1000) / texts.length);
  }
  const worstMs: number[] = [];
  for (let round = 0; round < rounds; round++) {
    let worst = 0;
    for (const text of HOSTILE_SHAPES) {
      const started = performance.now();
      if (findPersonalData(text) !== undefined) found++;
      worst = Math.max(worst, performance.now() - started);
    }
    worstMs.push(worst);
  }
  // Used, so the loops above cannot be optimised away.
  if (found < 0) throw new Error('unreachable');
  return { score: scoreCorpus(), microsPerText, worstMs };
}
