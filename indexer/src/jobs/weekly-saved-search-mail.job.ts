import type { Client } from '@elastic/elasticsearch';
import { isLocale, type Locale, swedishDayOf } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import {
  buildSearchQuery,
  consultantCardSchema,
  criteriaSchema,
  type ConsultantCard,
  type SearchCriteria,
} from '@mp/search-schema';
import type { Kysely } from 'kysely';
import { swedishIsoWeek } from '../iso-week';
import type { Mailer } from '../mail/mailer';
import { createUnsubscribeToken } from '../mail/unsubscribe-token';
import { renderWeeklySavedSearchMail } from '../mail/weekly-saved-search.template';
import type { WeeklySavedSearchMailPayload } from '../queues';
import {
  claimMailing,
  findDueSubscriptions,
  findLastSentMailing,
  recordMailingSent,
  releaseMailing,
  type DueSubscription,
} from '../saved-search-mail.repository';

// The weekly saved-search e-mail (spec section 6: premium only; issue "buyer's search experience" item 5).
//
// What counts as new: a consultant is new when the saved search matches them now and did not match them when
// the last mail was sent for this search (the mailing row keeps the ids of every consultant matching then).
// That covers new profiles, profiles edited into the search, and profiles that became available (the
// availability filter defaults to today, so a consultant becoming available enters the matches). A consultant
// who already matched is not mailed again for editing the profile. The first mail of a search lists what
// matches when it is sent (and says so: they are not "new since last week").
//
// Unsubscribing: each mail carries a link (and RFC 8058's `List-Unsubscribe` one-click header) with a random
// token whose hash its mailing row keeps; the API's POST /api/search/save/unsubscribe turns that saved search's
// weekly mail off without a login. A user who turned saved-search mails off in their settings is not mailed.
//
// Once per week: each saved search and ISO week (Swedish calendar) get one `saved_search_mailings` row, claimed
// with INSERT ... ON CONFLICT DO NOTHING before anything else, so a second run or a racing worker skips it. A
// week with nothing new keeps its row with no matches and no sent_at: nothing is sent and the baseline stays
// the last mail actually sent. A mail that fails to send gives its claim back so the job's retry sends it; a
// crash after sending but before recording leaves the claim, so the mail is never sent twice.

/** Consultants a search tracks: the best this many matches (so the baseline of a broad search stays bounded). */
export const MAX_TRACKED_MATCHES = 1000;
/** Consultants listed in one mail; the mail links to the search for the rest. */
export const MAIL_LIST_LIMIT = 10;
/** Saved searches read per page. */
const PAGE_SIZE = 200;

export interface WeeklySavedSearchMailDeps {
  db: Kysely<Database>;
  search: Client;
  alias: string;
  mailer: Mailer;
  /** The web app's base URL for the links. */
  publicUrl: string;
  /** The API's base URL for the one-click unsubscribe (default `${publicUrl}/api`). */
  apiBaseUrl?: string;
  /** Saved searches processed in parallel. */
  concurrency?: number;
  /** Consultants a search tracks (default `MAX_TRACKED_MATCHES`; tests lower it). */
  maxTrackedMatches?: number;
  log?: (level: 'info' | 'warn' | 'error', message: string, data?: Record<string, unknown>) => void;
}

export interface WeeklySavedSearchMailResult {
  /** The ISO week mailed, e.g. '2026-W48'. */
  period: string;
  /** Mails sent. */
  sent: number;
  /** Searches with nothing new this week (nothing sent). */
  nothingNew: number;
  /** Searches another run had already claimed for the week. */
  alreadyClaimed: number;
  /** Stored criteria the current schema refuses (nothing sent). */
  invalid: number;
  /** Searches that failed (their claim given back; the job fails so BullMQ retries). */
  failed: number;
}

type Outcome = 'sent' | 'nothingNew' | 'alreadyClaimed' | 'invalid';

const webLink = (publicUrl: string, locale: Locale, path: string, query: Record<string, string> = {}) => {
  const url = new URL(`/${locale}/${path}`, publicUrl);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
};

const apiBaseUrl = (deps: WeeklySavedSearchMailDeps) =>
  (deps.apiBaseUrl ?? new URL('/api', deps.publicUrl).toString()).replace(/\/+$/, '');

/**
 * The consultants the search matches now, the subscriber's own profile left out: the ids of the best
 * `maxTrackedMatches`, best first, and how many match in all (counted exactly, as the search in the app counts
 * them, so a broad search's mail never states the tracking cap as its number of matches).
 */
async function findMatches(
  deps: WeeklySavedSearchMailDeps,
  criteria: SearchCriteria,
  subscription: DueSubscription,
  locale: Locale,
  today: string,
): Promise<{ ids: string[]; total: number }> {
  const body = buildSearchQuery(
    criteria,
    { kind: 'user', userId: subscription.userId },
    { today, size: deps.maxTrackedMatches ?? MAX_TRACKED_MATCHES, locale, facets: false },
  );
  const response = await deps.search.search({
    index: deps.alias,
    ...body,
    // Left out in the query, not afterwards, so the total leaves it out too (`must` keeps the scores).
    query: { bool: { must: [body.query], must_not: [{ ids: { values: [subscription.userId] } }] } },
    _source: false,
    track_total_hits: true,
    filter_path: ['hits.hits._id', 'hits.total'],
  });
  const ids = (response.hits?.hits ?? [])
    .map((hit) => hit._id)
    .filter((id): id is string => typeof id === 'string' && id !== subscription.userId);
  const total = response.hits?.total;
  return { ids, total: Math.max(ids.length, typeof total === 'number' ? total : (total?.value ?? 0)) };
}

/** The cards of these consultants, in the given order (one that vanished meanwhile is left out). */
async function findCards(deps: WeeklySavedSearchMailDeps, ids: readonly string[]): Promise<ConsultantCard[]> {
  if (ids.length === 0) return [];
  const response = await deps.search.search({
    index: deps.alias,
    query: { ids: { values: [...ids] } },
    size: ids.length,
    _source: ['card'],
  });
  const byId = new Map<string, ConsultantCard>();
  for (const hit of response.hits.hits) {
    const card = consultantCardSchema.safeParse((hit._source as { card?: unknown } | undefined)?.card);
    if (hit._id && card.success) byId.set(hit._id, card.data);
  }
  return ids.flatMap((id) => {
    const card = byId.get(id);
    return card ? [card] : [];
  });
}

async function mailOneSearch(
  deps: WeeklySavedSearchMailDeps,
  subscription: DueSubscription,
  context: { period: string; today: string; now: Date },
): Promise<Outcome> {
  const unsubscribe = createUnsubscribeToken();
  const mailingId = await claimMailing(deps.db, subscription.id, context.period, unsubscribe.hash);
  if (mailingId === undefined) return 'alreadyClaimed';
  let mailed = false;
  try {
    const criteria = criteriaSchema.safeParse(subscription.criteria);
    if (!criteria.success) return 'invalid';
    const locale: Locale = isLocale(subscription.locale) ? subscription.locale : 'sv';
    const previous = await findLastSentMailing(deps.db, subscription.id);
    const matches = await findMatches(deps, criteria.data, subscription, locale, context.today);
    const matchIds = matches.ids;
    const known = new Set(previous?.match_ids ?? []);
    const fresh = matchIds.filter((id) => !known.has(id));
    if (fresh.length === 0) return 'nothingNew';

    const cards = await findCards(deps, fresh.slice(0, MAIL_LIST_LIMIT));
    const content = renderWeeklySavedSearchMail(
      {
        firstName: subscription.firstName,
        searchName: subscription.name,
        // The first mail tells how many match now: all of them, not only the tracked best.
        newCount: previous === undefined ? matches.total : fresh.length,
        firstMail: previous === undefined,
        today: context.today,
        matches: cards.map((card) => ({
          card,
          link: webLink(deps.publicUrl, locale, `profile/${card.userId}`),
        })),
        searchLink: webLink(deps.publicUrl, locale, 'app/search', { savedSearch: subscription.id }),
        unsubscribeLink: webLink(deps.publicUrl, locale, 'unsubscribe', { token: unsubscribe.token }),
      },
      locale,
    );
    const oneClick = new URL(`${apiBaseUrl(deps)}/search/save/unsubscribe`);
    oneClick.searchParams.set('token', unsubscribe.token);
    await deps.mailer.send(subscription.email!, {
      ...content,
      // RFC 8058: the mail client posts `List-Unsubscribe=One-Click` to the URL, no login and no page.
      headers: {
        'List-Unsubscribe': `<${oneClick.toString()}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    mailed = true;
    await recordMailingSent(deps.db, {
      id: mailingId,
      savedSearchId: subscription.id,
      matchIds,
      sentAt: context.now,
    });
    return 'sent';
  } catch (error) {
    // Not sent: give the week back so the retry sends it. Sent but not recorded: keep the claim (never twice).
    if (!mailed) await releaseMailing(deps.db, mailingId).catch(() => {});
    throw error;
  }
}

/** Runs `task` over `items` with at most `concurrency` at a time; never rejects (failures are collected). */
async function runPool<T>(
  items: readonly T[],
  concurrency: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) await task(items[next++]!);
  });
  await Promise.all(workers);
}

/**
 * The weekly job: mails each premium user's subscribed saved searches the consultants that are new or newly
 * available since the search's last mail, once per search and ISO week. `now` (injected by tests, or
 * `payload.now` for an operator replaying a week) decides the week and "today" for availability.
 */
export async function handleWeeklySavedSearchMail(
  deps: WeeklySavedSearchMailDeps,
  payload: WeeklySavedSearchMailPayload = {},
  now: Date = payload.now ? new Date(payload.now) : new Date(),
): Promise<WeeklySavedSearchMailResult> {
  const period = swedishIsoWeek(now);
  const today = swedishDayOf(now);
  const result: WeeklySavedSearchMailResult = {
    period,
    sent: 0,
    nothingNew: 0,
    alreadyClaimed: 0,
    invalid: 0,
    failed: 0,
  };
  let firstError: unknown;
  let afterId: string | null = null;
  for (;;) {
    const page = await findDueSubscriptions(deps.db, period, afterId, PAGE_SIZE);
    if (page.length === 0) break;
    afterId = page[page.length - 1]!.id;
    await runPool(page, deps.concurrency ?? 4, async (subscription) => {
      try {
        result[await mailOneSearch(deps, subscription, { period, today, now })] += 1;
      } catch (error) {
        result.failed += 1;
        firstError ??= error;
        deps.log?.('warn', 'weekly saved-search mail failed', {
          savedSearchId: subscription.id,
          err: (error as Error).message,
        });
      }
    });
    if (page.length < PAGE_SIZE) break;
  }
  deps.log?.('info', 'weekly saved-search mail done', { ...result });
  if (firstError !== undefined) {
    throw new Error(
      `${result.failed} saved search mail(s) failed in ${period}; first: ${(firstError as Error).message}`,
    );
  }
  return result;
}
