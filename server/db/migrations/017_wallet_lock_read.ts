import { sql, type Kysely } from 'kysely'

/**
 * `wallet_lock_read`: the first step of every seamless-wallet batch in one round trip. It locks the
 * batch's players' wallets (FOR UPDATE OF w, in id order, so two batches never wait on each other
 * in a cycle) and only then reads what the batch decides on: the accounts, the requests already
 * stored under the batch's ids and the entries of the stakes it may roll back, tombstones, sessions
 * and the stake order. In a plpgsql function each statement
 * takes its own snapshot, so those reads see everything committed by the transaction we waited
 * for; one plain statement would read with the snapshot taken before the lock wait. It also draws
 * ids for the requests the batch may store, so their ledger entries can name them in the same write.
 * Amounts and ids travel as text inside the JSON, so no bigint loses precision.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function wallet_lock_read(p_players bigint[], p_providers text[], p_ids text[], p_sessions text[], p_new_ids integer)
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
        'new_ids', (
          select coalesce(json_agg(nextval(pg_get_serial_sequence('wallet_transactions', 'id'))::text), '[]'::json)
          from generate_series(1, p_new_ids))
      ) into v_out;
      return v_out;
    end
    $fn$`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists wallet_lock_read(bigint[], text[], text[], text[], integer)`.execute(db)
}
