import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { PAGE_TITLES } from '@contract/documents';
import { TOP_PERIODS, TOP_PERIOD_LABELS, TOP_RANKINGS, VOTE_LABELS, type TopPeriod, type TopRanking } from '@contract/voteRules';
import { useConfig } from '../../lib/config';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useLivePosts } from '../../features/live/useLivePosts';
import { PageWithTags } from '../../components/CategoryTags';
import { FeedView } from '../../components/FeedView';
import { useTop, type Top } from '../../features/posts/useTop';
import { writeLiveVotes } from '../../features/votes/useVotes';

const isPeriod = (value: string | null): value is TopPeriod => (TOP_PERIODS as readonly (string | null)[]).includes(value);
const isRanking = (value: string | null): value is TopRanking => (TOP_RANKINGS as readonly (string | null)[]).includes(value);

const PERIOD_PHRASE: Record<TopPeriod, string> = { day: 'de hoy', week: 'de esta semana', month: 'de este mes', all: '' };

/** The Top lists only posts with at least one vote of its kind: the empty ranking says how one gets there. */
const emptyText = (period: TopPeriod, by: TopRanking) =>
  [
    'Todavía ninguna anécdota',
    PERIOD_PHRASE[period],
    `tiene un «${VOTE_LABELS[by]}».`,
    `Vota «${VOTE_LABELS[by]}» en las anécdotas de la portada y las más votadas saldrán aquí.`,
  ]
    .filter(Boolean)
    .join(' ');

/**
 * One ranking, with live counts and removals; after a reconnect it is read again. Without a period
 * (`/top`) it opens on the period the API chose and says so when that is not this week.
 */
function LiveTop({ top, period, by }: { top: Top; period: TopPeriod | undefined; by: TopRanking }) {
  const config = useConfig();
  const client = useQueryClient();
  useLivePosts(config.wsUrl, {
    onPublished: () => undefined,
    onRemoved: top.removeLive,
    onReconnect: top.refresh,
    onUpdated: (id, counts) => writeLiveVotes(client, id, counts),
  });
  const shown = top.period;
  const label = `Las anécdotas con más «${VOTE_LABELS[by]}» (${TOP_PERIOD_LABELS[shown ?? 'week'].toLowerCase()})`;
  return (
    <>
      {period === undefined && shown !== undefined && shown !== 'week' && top.items.length > 0 && (
        <p className="top-fallback">
          Esta semana todavía nadie ha votado «{VOTE_LABELS[by]}»: te enseñamos {FALLBACK_PHRASE[shown]}.
        </p>
      )}
      <FeedView
        feed={top}
        label={label}
        className="feed feed--ranked"
        ranked
        loadingLabel="Cargando el top…"
        emptyText={emptyText(shown ?? 'week', by)}
      />
    </>
  );
}

const FALLBACK_PHRASE: Record<TopPeriod, string> = {
  day: 'las de hoy',
  week: 'las de esta semana',
  month: 'las de este mes',
  all: 'las de siempre',
};

/**
 * `/top`: the posts published today, this week, this month or ever (calendar periods in Madrid) with
 * the most «¡Vaya día!» votes, or the most «Te lo mereces» (the flop list). Period and ranking are in
 * the address (`?period=week&by=deserved`), so a ranking can be shared; without a period it opens on
 * this week, or the first later period with votes (the API chooses, in the same request), and the
 * selected tab says which.
 */
export default function TopRoute() {
  const [params] = useSearchParams();
  const asked = isPeriod(params.get('period')) ? (params.get('period') as TopPeriod) : undefined;
  const by = isRanking(params.get('by')) ? (params.get('by') as TopRanking) : 'agree';
  const top = useTop(asked, by);
  // The period shown: the one asked for, else the one the first page named (this week until it answers;
  // a server-rendered page carries that page, so the document and the app agree).
  const period = asked ?? top.period ?? 'week';
  useDocumentTitle(PAGE_TITLES.top(period, by));
  const periodHref = (option: TopPeriod) => `/top?period=${option}&by=${by}`;
  const rankingHref = (option: TopRanking) => (asked ? `/top?period=${asked}&by=${option}` : `/top?by=${option}`);

  return (
    <PageWithTags>
      <section className="page-main" aria-labelledby="top-title">
        <h1 id="top-title" className="feed-title">
          Top <span className="top-title__period">· {TOP_PERIOD_LABELS[period].toLowerCase()}</span>
        </h1>
        <nav className="top-tabs" aria-label="Periodo">
          {TOP_PERIODS.map((option) => (
            <Link key={option} className="top-tabs__tab" to={periodHref(option)} aria-current={option === period ? 'page' : undefined}>
              {TOP_PERIOD_LABELS[option]}
            </Link>
          ))}
        </nav>
        <nav className="top-tabs top-tabs--ranking" aria-label="Clasificación">
          {TOP_RANKINGS.map((option) => (
            <Link key={option} className="top-tabs__tab" to={rankingHref(option)} aria-current={option === by ? 'page' : undefined}>
              Más «{VOTE_LABELS[option]}»
            </Link>
          ))}
        </nav>
        <LiveTop key={`${asked ?? 'opening'}-${by}`} top={top} period={asked} by={by} />
      </section>
    </PageWithTags>
  );
}
