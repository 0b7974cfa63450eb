import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { postLength } from '@contract/common';
import { MAX_SIMILAR_TEXT_LENGTH, SIMILAR_DEBOUNCE_MS, SIMILAR_MIN_TEXT_LENGTH } from '@contract/similar';
import { SimilarList } from '../../components/SimilarList';
import { useApi } from '../../lib/api';

/**
 * The text to ask about: trimmed, and cut to what the API compares (a draft still over the limit is
 * compared by its beginning), never ending in half a surrogate pair (the address could not carry it).
 */
export function similarQueryText(text: string): string {
  const trimmed = text.trim();
  if (postLength(trimmed) <= MAX_SIMILAR_TEXT_LENGTH) return trimmed;
  const cut = trimmed.replace(/\r\n?/g, '\n').slice(0, MAX_SIMILAR_TEXT_LENGTH);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * The text the look-alikes are asked for while someone writes: `text` once it has
 * SIMILAR_MIN_TEXT_LENGTH characters and SIMILAR_DEBOUNCE_MS passed without a keystroke; '' below that.
 * `now()` asks at once (on «Enviar», whatever the length).
 */
export function useDebouncedSimilarText(text: string): { asked: string; now: () => void } {
  const [debounced, setDebounced] = useState('');
  const [forced, setForced] = useState<string | null>(null);
  const wanted = similarQueryText(text);
  const long = postLength(wanted) >= SIMILAR_MIN_TEXT_LENGTH;
  useEffect(() => {
    if (!long) return;
    const timer = setTimeout(() => setDebounced(wanted), SIMILAR_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [wanted, long]);
  // Until the pause, the last text asked about stays (its answer on screen); under the length, nothing.
  const asked = forced === wanted ? forced : long ? debounced : '';
  return { asked, now: () => setForced(wanted) };
}

/**
 * «¿Se parece a alguna de estas?» under the new-post form: the published posts like `text` (the text
 * last asked about), each a link. Only information: sending is never blocked, and a failed look-up
 * shows nothing. The answer stays on screen while the next one is asked, so the list does not flicker
 * as the writer types.
 */
export function SimilarPosts({ text }: { text: string }) {
  const api = useApi();
  const similar = useQuery({
    queryKey: ['account', 'similar', text],
    queryFn: ({ signal }) => api.call('search.similar', { query: { text } }, { signal }),
    enabled: text.length > 0,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
    retry: false,
  });
  const items = text.length > 0 ? (similar.data?.items ?? []) : [];
  return (
    <div aria-live="polite">
      {items.length > 0 && (
        <SimilarList posts={items}>
          <p className="similar__intro">
            Ya se han publicado anécdotas parecidas. Si la tuya cuenta otra cosa, envíala igualmente; si es la misma, no hace falta.
          </p>
        </SimilarList>
      )}
    </div>
  );
}
