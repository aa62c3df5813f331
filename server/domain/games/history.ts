// A player's game history (their real and fun rounds) and its CSV exports, written by a job
// outside any long transaction (docs/games.md#the-catalogue).
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely'
import { studioTitle } from '../../../src/shared/games/catalogue'
import { isLocale, type Locale } from '../../../src/shared/locales'
import { toMajor } from '../../../src/shared/money'
import type { DB, RoundStatus } from '../../db/schema'

export interface HistoryFilter {
  game?: string
  mode?: 'real' | 'fun'
  /** UTC days, both included. */
  date_from?: string
  date_to?: string
}

export interface HistoryRow {
  id: string
  game: string
  title: string
  mode: 'real' | 'fun'
  currency: string
  stake: string
  payout: string
  net: string
  status: 'open' | 'settled' | 'void'
  createdAt: string
  settledAt: string | null
}

/** The most rounds one export holds: a file a spreadsheet still opens. */
export const EXPORT_MAX_ROWS = 100_000

const STATUS: Record<RoundStatus, HistoryRow['status']> = { pending: 'open', open: 'open', settling: 'open', settled: 'settled', declined: 'void', void: 'void' }

const nextDay = (isoDay: string) => new Date(Date.parse(`${isoDay}T00:00:00Z`) + 86_400_000)

function filtered<O>(qb: SelectQueryBuilder<DB, 'game_rounds', O>, playerId: bigint, filter: HistoryFilter): SelectQueryBuilder<DB, 'game_rounds', O> {
  let q = qb.where('player_id', '=', playerId).where('mode', 'in', filter.mode ? [filter.mode] : ['real', 'fun'])
  if (filter.game) q = q.where('game', '=', filter.game)
  if (filter.date_from) q = q.where('created_at', '>=', new Date(`${filter.date_from}T00:00:00Z`))
  if (filter.date_to) q = q.where('created_at', '<', nextDay(filter.date_to))
  return q
}

type RoundRow = { id: bigint; game: string; mode: string; currency: string; total_stake: bigint; payout: bigint | null; status: RoundStatus; created_at: Date; settled_at: Date | null }

function historyRow(r: RoundRow, locale: Locale): HistoryRow {
  const status = STATUS[r.status]
  // A void or declined round moved nothing in the end (its stake came back or was never taken).
  const payout = status === 'void' ? r.total_stake : (r.payout ?? 0n)
  return {
    id: r.id.toString(),
    game: r.game,
    title: studioTitle(r.game)?.text[locale].title ?? r.game,
    mode: r.mode === 'fun' ? 'fun' : 'real',
    currency: r.currency,
    stake: toMajor(r.total_stake, r.currency),
    payout: toMajor(payout, r.currency),
    net: toMajor(payout - r.total_stake, r.currency),
    status,
    createdAt: r.created_at.toISOString(),
    settledAt: r.settled_at?.toISOString() ?? null,
  }
}

const COLUMNS = ['id', 'game', 'mode', 'currency', 'total_stake', 'payout', 'status', 'created_at', 'settled_at'] as const

/** The player's rounds, newest first, one page, and how many match in all. */
export async function gameHistory(db: Kysely<DB>, playerId: bigint, filter: HistoryFilter, page: { offset: number; count: number }, locale: Locale): Promise<{ items: HistoryRow[]; total: number }> {
  const base = db.selectFrom('game_rounds')
  const [rows, counted] = await Promise.all([
    filtered(base.select([...COLUMNS]), playerId, filter).orderBy('id', 'desc').offset(page.offset).limit(page.count).execute(),
    filtered(base.select((eb) => eb.fn.countAll<bigint>().as('n')), playerId, filter).executeTakeFirstOrThrow(),
  ])
  return { items: rows.map((r) => historyRow(r, locale)), total: Number(counted.n) }
}

export interface ExportView {
  id: string
  status: 'pending' | 'ready' | 'failed'
  rows: number | null
  url: string | null
  createdAt: string
  finishedAt: string | null
}

/** Where the owner downloads a ready export (server/api/game-catalogue.ts serves it to them only). */
export const exportUrl = (id: string) => `/api/games/historyexport/${id}.csv`

function exportView(r: { id: bigint; status: 'pending' | 'ready' | 'failed'; rows: number | null; created_at: Date; finished_at: Date | null }): ExportView {
  const id = r.id.toString()
  return { id, status: r.status, rows: r.rows, url: r.status === 'ready' ? exportUrl(id) : null, createdAt: r.created_at.toISOString(), finishedAt: r.finished_at?.toISOString() ?? null }
}

const VIEW_COLUMNS = ['id', 'status', 'rows', 'created_at', 'finished_at'] as const

/** Asks for an export; while the player has one pending, that one is the answer. */
export async function requestExport(db: Kysely<DB>, playerId: bigint, filter: HistoryFilter, now: Date): Promise<ExportView> {
  return db.transaction().execute(async (trx) => {
    // Two clicks at once make one request.
    await sql`select pg_advisory_xact_lock(hashtext('casino:history-export'), ${Number(playerId % 2_147_483_647n)}::int)`.execute(trx)
    const pending = await trx.selectFrom('game_history_exports').select([...VIEW_COLUMNS]).where('user_id', '=', playerId).where('status', '=', 'pending').orderBy('id', 'desc').executeTakeFirst()
    if (pending) return exportView(pending)
    const clean = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined)) as Record<string, string>
    const row = await trx
      .insertInto('game_history_exports')
      .values({ user_id: playerId, filter: JSON.stringify(clean), status: 'pending', created_at: now })
      .returning([...VIEW_COLUMNS])
      .executeTakeFirstOrThrow()
    return exportView(row)
  })
}

/** The player's export by id, or their latest; null when there is none of theirs. */
export async function findExport(db: Kysely<DB>, playerId: bigint, id?: bigint): Promise<ExportView | null> {
  let q = db.selectFrom('game_history_exports').select([...VIEW_COLUMNS]).where('user_id', '=', playerId)
  q = id === undefined ? q.orderBy('id', 'desc') : q.where('id', '=', id)
  const row = await q.limit(1).executeTakeFirst()
  return row ? exportView(row) : null
}

/** A ready export's file, the owner's only; null otherwise. */
export async function exportFile(db: Kysely<DB>, playerId: bigint, id: bigint): Promise<string | null> {
  const row = await db.selectFrom('game_history_exports').select(['csv']).where('id', '=', id).where('user_id', '=', playerId).where('status', '=', 'ready').executeTakeFirst()
  return row?.csv ?? null
}

export const CSV_HEADER = ['round id', 'game', 'mode', 'currency', 'stake', 'payout', 'net', 'status', 'created at', 'settled at'] as const

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled.
 * A text a spreadsheet would run as a formula (= + - @, tab, carriage return first) gets a leading
 * quote; a plain number ('-1.50') is left as it is, since it is no formula.
 */
export function csvCell(value: string): string {
  let v = value
  if (/^[=+\-@\t\r]/.test(v) && !/^-?\d+(\.\d+)?$/.test(v)) v = `'${v}`
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v
}

export function toCsv(rows: readonly HistoryRow[]): string {
  const lines = [CSV_HEADER.map(csvCell).join(',')]
  for (const r of rows) lines.push([r.id, r.title, r.mode, r.currency, r.stake, r.payout, r.net, r.status, r.createdAt, r.settledAt ?? ''].map(csvCell).join(','))
  return `${lines.join('\r\n')}\r\n`
}

/**
 * Writes the files of pending exports: the rounds are read, the file made in memory, then stored
 * in a short statement of its own (no transaction held while the file is made). A request another
 * instance finished meanwhile is left as it is.
 */
export async function runPendingExports(db: Kysely<DB>, now: () => Date, limit = 5): Promise<number> {
  const pending = await db
    .selectFrom('game_history_exports as x')
    .innerJoin('accounts as a', 'a.id', 'x.user_id')
    .select(['x.id', 'x.user_id', 'x.filter', 'a.locale'])
    .where('x.status', '=', 'pending')
    .orderBy('x.id')
    .limit(limit)
    .execute()
  for (const job of pending) {
    // Titles in the player's own language.
    const locale: Locale = isLocale(job.locale) ? job.locale : 'en'
    try {
      const rows = await filtered(db.selectFrom('game_rounds').select([...COLUMNS]), job.user_id, job.filter as HistoryFilter)
        .orderBy('id', 'desc')
        .limit(EXPORT_MAX_ROWS)
        .execute()
      const csv = toCsv(rows.map((r) => historyRow(r, locale)))
      await db.updateTable('game_history_exports').set({ status: 'ready', rows: rows.length, csv, finished_at: now() }).where('id', '=', job.id).where('status', '=', 'pending').execute()
    } catch (err) {
      await db.updateTable('game_history_exports').set({ status: 'failed', finished_at: now() }).where('id', '=', job.id).where('status', '=', 'pending').execute()
      throw err
    }
  }
  return pending.length
}
