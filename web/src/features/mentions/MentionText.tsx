import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { authorPath } from '@contract/documents';
import { mentionSegments, mentionSpellings } from '@contract/mentions';
import { foldedText } from '@contract/textForms';
import { ApiError, useApi } from '../../lib/api';
import { queryKeys } from '../../lib/queries';

/** Names as the web tells them apart (the API also folds look-alike letters, whose data is not worth loading here). */
const sameName = (name: string) => foldedText(name);

/**
 * A comment's text with its mentions (`@apodo`, the first three distinct ones) as links to the
 * authors' pages, always as text and React links, never HTML. A mention is a link once the author
 * page says someone holds that apodo (the same query the author page reads, shared a few seconds by
 * the CDN); one nobody holds stays text.
 */
export function MentionText({ text }: { text: string }) {
  const segments = mentionSegments(text, sameName);
  if (!segments.some((segment) => segment.name !== undefined)) return text;
  return (
    <>
      {segments.map((segment, index) =>
        segment.name === undefined ? segment.text : <Mention key={index} name={segment.name} text={segment.text} />,
      )}
    </>
  );
}

/**
 * One mention: a link once someone holds the apodo as written or, when nobody does, with its `_` read
 * as spaces (how «Responder» writes an apodo with spaces: «@Ana_Pérez»).
 */
function Mention({ name, text }: { name: string; text: string }) {
  const api = useApi();
  const [written, spaced] = mentionSpellings(name);
  // null: nobody holds that apodo (as the author page's own read).
  const read = (apodo: string) => (signal: AbortSignal) =>
    api.call('authors.get', { params: { name: apodo } }, { signal }).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    });
  const first = useQuery({ queryKey: queryKeys.author(written ?? name), queryFn: ({ signal }) => read(written ?? name)(signal) }).data;
  const second = useQuery({
    queryKey: queryKeys.author(spaced ?? name),
    queryFn: ({ signal }) => read(spaced ?? name)(signal),
    enabled: spaced !== undefined && first === null,
  }).data;
  const author = first ?? (spaced === undefined ? null : second);
  if (!author) return text;
  return (
    <Link className="mention" to={authorPath(author.name)}>
      {text}
    </Link>
  );
}
