import { Fragment } from 'react';
import { matchesTerm } from '@contract/search';

/**
 * A text with the words that match a search's terms marked (`<mark>`), by the same normalisation the
 * search uses (case, accents and Spanish word forms: «Trabajando» is marked for «trabajo»). Built
 * from React elements: the text is never read as HTML.
 */
export function HighlightedText({ text, terms }: { text: string; terms: ReadonlySet<string> }) {
  if (terms.size === 0) return <>{text}</>;
  // Split into runs of letters and digits (words) and the rest; odd indexes are the words.
  const parts = text.split(/([\p{L}\p{M}\p{N}]+)/u);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 && matchesTerm(part, terms) ? <mark key={index}>{part}</mark> : <Fragment key={index}>{part}</Fragment>,
      )}
    </>
  );
}
