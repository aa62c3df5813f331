import { sql, type Kysely } from 'kysely'
import { up as upWalletLockRead017 } from './017_wallet_lock_read'

/**
 * Loss limits (responsible gaming, docs/payments.md#loss-limits): one row per (player, period) as
 * deposit limits have, and the player's play summed by the hour, written by the wallet's batch
 * under the player's wallet locks: a running total, so that a stake checks at most one window of
 * hours and not every stake of the last 30 days. wallet_lock_read takes the batch's clock and also
 * answers, for each batch player with a loss limit, the net loss over that limit's window.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('loss_limits')
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('period_days', 'integer', (c) => c.notNull().check(sql`period_days in (1, 7, 14, 30)`))
    .addColumn('currency', 'text', (c) => c.notNull().references('currencies.code'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('scheduled_amount', 'bigint', (c) => c.check(sql`scheduled_amount > 0`))
    .addColumn('scheduled_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('loss_limits_pkey', ['player_id', 'period_days'])
    .addCheckConstraint('loss_limits_scheduled', sql`scheduled_amount is null or (scheduled_at is not null and scheduled_amount > amount)`)
    .execute()

  // staked: real money taken from the main balance by stakes (less what rollbacks gave back);
  // returned: what play paid back into it (wins, refunds, jackpots). The hour is its UTC start.
  await db.schema
    .createTable('wallet_play_hours')
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('hour', 'timestamptz', (c) => c.notNull())
    .addColumn('staked', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('returned', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('wallet_play_hours_pkey', ['player_id', 'currency', 'hour'])
    .execute()

  await sql`drop function if exists wallet_lock_read(bigint[], text[], text[], text[], integer)`.execute(db)
  await sql`
    create or replace function wallet_lock_read(p_players bigint[], p_providers text[], p_ids text[], p_sessions text[], p_new_ids integer, p_now timestamptz)
    returns json language plpgsql volatile as $fn$
    declare
      v_wallets json;
      v_out json;
    begin
      select coalesce(json_agg(json_build_object('id', x.id::text, 'player_id', x.player_id::text, 'currency', x.currency, 'kind', x.kind, 'balance', x.balance::text) order by x.id), '[]'::json)
        into v_wallets
        from (select w.id, w.player_id, w.currency, w.kind, w.balance from wallets w where w.player_id = any(p_players) order by w.id for update of w) x;
      select json_build_object(
        'wallets', v_wallets,
        'accounts', (
          select coalesce(json_agg(json_build_object('id', a.id::text, 'currency', a.currency, 'banned', a.banned_at is not null)), '[]'::json)
          from accounts a where a.id = any(p_players)),
        'stake_order', (select s.value from settings s where s.key = 'wallet_stake_order'),
        'txs', (
          select coalesce(json_agg(json_build_object(
            'id', t.id::text, 'provider', t.provider, 'transaction_id', t.transaction_id, 'type', t.type,
            'player_id', t.player_id::text, 'currency', t.currency, 'mode', t.mode, 'amount', t.amount::text,
            'status', t.status, 'request_hash', t.request_hash, 'response', t.response,
            'entries', case when t.type = 'debit' and t.status = 'ok' and t.player_id = any(p_players) then (
              select json_agg(json_build_object('wallet_id', l.wallet_id::text, 'amount', l.amount::text) order by l.id)
              from ledger_entries l where l.ref = 'wtx:' || t.id::text) end
          )), '[]'::json)
          from wallet_transactions t
          join (select distinct k.provider, k.id from unnest(p_providers, p_ids) as k(provider, id)) k
            on t.provider = k.provider and t.transaction_id = k.id),
        'tombstones', (
          select coalesce(json_agg(json_build_object('provider', b.provider, 'transaction_id', b.transaction_id, 'player_id', b.player_id::text)), '[]'::json)
          from wallet_rollback_tombstones b
          join (select distinct k.provider, k.id from unnest(p_providers, p_ids) as k(provider, id)) k
            on b.provider = k.provider and b.transaction_id = k.id),
        'sessions', (
          select coalesce(json_agg(json_build_object(
            'id', s.id, 'player_id', s.player_id::text,
            'created_at', (extract(epoch from s.created_at) * 1000)::float8,
            'last_seen_at', (extract(epoch from s.last_seen_at) * 1000)::float8,
            'expires_at', (extract(epoch from s.expires_at) * 1000)::float8)), '[]'::json)
          from sessions s where s.id = any(p_sessions)),
        -- An hour counts when any of it lies in the window: the window is never shorter than asked.
        -- One pass over a player's longest window answers all of their limits.
        'loss_limits', (
          with limits as (
            select l.* from loss_limits l where l.player_id = any(p_players)
          ), nets as (
            select w.player_id, w.currency, x.n1, x.n7, x.n14, x.n30
            from (select player_id, currency, max(period_days) as longest from limits group by player_id, currency) w
            cross join lateral (
              select
                coalesce(sum(h.staked - h.returned) filter (where h.hour > p_now - interval '1 day' - interval '1 hour'), 0) as n1,
                coalesce(sum(h.staked - h.returned) filter (where h.hour > p_now - interval '7 days' - interval '1 hour'), 0) as n7,
                coalesce(sum(h.staked - h.returned) filter (where h.hour > p_now - interval '14 days' - interval '1 hour'), 0) as n14,
                coalesce(sum(h.staked - h.returned), 0) as n30
              from wallet_play_hours h
              where h.player_id = w.player_id and h.currency = w.currency
                and h.hour > p_now - make_interval(days => w.longest) - interval '1 hour') x
          )
          select coalesce(json_agg(json_build_object(
            'player_id', l.player_id::text, 'currency', l.currency, 'period_days', l.period_days,
            'amount', l.amount::text, 'scheduled_amount', l.scheduled_amount::text,
            'scheduled_at', (extract(epoch from l.scheduled_at) * 1000)::float8,
            'net', coalesce(case l.period_days when 1 then n.n1 when 7 then n.n7 when 14 then n.n14 else n.n30 end, 0)::text)), '[]'::json)
          from limits l left join nets n on n.player_id = l.player_id and n.currency = l.currency),
        'new_ids', (
          select coalesce(json_agg(nextval(pg_get_serial_sequence('wallet_transactions', 'id'))::text), '[]'::json)
          from generate_series(1, p_new_ids))
      ) into v_out;
      return v_out;
    end
    $fn$`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists wallet_lock_read(bigint[], text[], text[], text[], integer, timestamptz)`.execute(db)
  await upWalletLockRead017(db)
  await db.schema.dropTable('wallet_play_hours').execute()
  await db.schema.dropTable('loss_limits').execute()
}
