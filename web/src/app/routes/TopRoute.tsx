import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { PAGE_TITLES } from '@contract/documents';
import { TOP_PERIODS, TOP_PERIOD_LABELS, TOP_RANKINGS, VOTE_LABELS, type TopPeriod, type TopRanking } from '@contract/votes';
import { useConfig } from '../../lib/config';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useLivePosts } from '../../features/live/useLivePosts';
import { PageWithTags } from '../../components/CategoryTags';
import { FeedView } from '../../components/FeedView';
import { useTop } from '../../features/posts/useTop';
import { writeLiveVotes } from '../../features/votes/useVotes';

const isPeriod = (value: string | null): value is TopPeriod => (TOP_PERIODS as readonly (string | null)[]).includes(value);
const isRanking = (value: string | null): value is TopRanking => (TOP_RANKINGS as readonly (string | null)[]).includes(value);

const PERIOD_PHRASE: Record<TopPeriod, string> = { day: 'de hoy', week: 'de esta semana', month: 'de este mes', all: '' };

/** The Top lists only posts with at least one vote of its kind. */
const emptyText = (period: TopPeriod, by: TopRanking) =>
  ['Todavía ninguna anécdota', PERIOD_PHRASE[period], `tiene un «${VOTE_LABELS[by]}».`].filter(Boolean).join(' ');

/** One ranking, with live counts and removals; after a reconnect it is read again. */
function LiveTop({ period, by }: { period: TopPeriod; by: TopRanking }) {
  const config = useConfig();
  const top = useTop(period, by);
  const client = useQueryClient();
  useLivePosts(config.wsUrl, {
    onPublished: () => undefined,
    onRemoved: top.removeLive,
    onReconnect: top.refresh,
    onUpdated: (id, counts) => writeLiveVotes(client, id, counts),
  });
  const label = `Las anécdotas con más «${VOTE_LABELS[by]}» (${TOP_PERIOD_LABELS[period].toLowerCase()})`;
  return (
    <FeedView
      feed={top}
      label={label}
      className="feed feed--ranked"
      ranked
      loadingLabel="Cargando el top…"
      emptyText={emptyText(period, by)}
    />
  );
}

/**
 * `/top`: the posts published today, this week, this month or ever (calendar periods in Madrid) with
 * the most «¡Vaya día!» votes, or the most «Te lo mereces» (the flop list). Period and ranking are in
 * the address (`?period=week&by=deserved`), so a ranking can be shared.
 */
export default function TopRoute() {
  const [params] = useSearchParams();
  const period = isPeriod(params.get('period')) ? (params.get('period') as TopPeriod) : 'day';
  const by = isRanking(params.get('by')) ? (params.get('by') as TopRanking) : 'agree';
  useDocumentTitle(PAGE_TITLES.top(period, by));
  const href = (next: { period?: TopPeriod; by?: TopRanking }) => `/top?period=${next.period ?? period}&by=${next.by ?? by}`;

  return (
    <PageWithTags>
      <section className="page-main" aria-labelledby="top-title">
        <h1 id="top-title" className="feed-title">
          Top
        </h1>
        <nav className="top-tabs" aria-label="Periodo">
          {TOP_PERIODS.map((option) => (
            <Link
              key={option}
              className="top-tabs__tab"
              to={href({ period: option })}
              aria-current={option === period ? 'page' : undefined}
            >
              {TOP_PERIOD_LABELS[option]}
            </Link>
          ))}
        </nav>
        <nav className="top-tabs top-tabs--ranking" aria-label="Clasificación">
          {TOP_RANKINGS.map((option) => (
            <Link key={option} className="top-tabs__tab" to={href({ by: option })} aria-current={option === by ? 'page' : undefined}>
              Más «{VOTE_LABELS[option]}»
            </Link>
          ))}
        </nav>
        <LiveTop key={`${period}-${by}`} period={period} by={by} />
      </section>
    </PageWithTags>
  );
}
