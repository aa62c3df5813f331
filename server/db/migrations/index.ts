import type { Migration } from 'kysely'
import * as m001 from './001_init'
import * as m002 from './002_auth'
import * as m003 from './003_registration'
import * as m004 from './004_wallet'
import * as m005 from './005_oauth'
import * as m006 from './006_messenger'
import * as m007 from './007_account_security'
import * as m009 from './009_payments'
import * as m010 from './010_cashbacks_characters'
import * as m012 from './012_payment_outcomes_offers'
import * as m013 from './013_deposit_limits_per_period'
import * as m014 from './014_deposit_sessions'
import * as m015 from './015_deposit_sessions_backfill'
import * as m016 from './016_contact_confirmation'
import * as m017 from './017_wallet_lock_read'
import * as m018 from './018_settings_notify'
import * as m019 from './019_visits'
import * as m020 from './020_fair_seeds'
import * as m021 from './021_game_rounds'
import * as m022 from './022_game_catalogue'
import * as m023 from './023_free_spins'
import * as m024 from './024_sportsbook'
import * as m025 from './025_sportsbook_bets'
import * as m026 from './026_phone_subscription'
import * as m027 from './027_exclusion_kind'
import * as m028 from './028_reality_check'
import * as m029 from './029_support_feedback'
import * as m030 from './030_fakename_change'
import * as m031 from './031_phone_confirmation'
import * as m032 from './032_session_time_zone'
import * as m033 from './033_session_limit'
import * as m035 from './035_unique_fakename'
import * as m036 from './036_identity_verification'
import * as m037 from './037_loss_limits'
import * as m038 from './038_push'
import * as m039 from './039_support_chat'
import * as m040 from './040_chat_events'

/**
 * Every migration, in order. A static list rather than a folder scan: it bundles, and a file
 * cannot be skipped because of how a directory happened to be read. Add new files here.
 */
export const migrations: Record<string, Migration> = {
  '001_init': m001,
  '002_auth': m002,
  '003_registration': m003,
  '004_wallet': m004,
  '005_oauth': m005,
  '006_messenger': m006,
  '007_account_security': m007,
  '009_payments': m009,
  '010_cashbacks_characters': m010,
  '012_payment_outcomes_offers': m012,
  '013_deposit_limits_per_period': m013,
  '014_deposit_sessions': m014,
  '015_deposit_sessions_backfill': m015,
  '016_contact_confirmation': m016,
  '017_wallet_lock_read': m017,
  '018_settings_notify': m018,
  '019_visits': m019,
  '020_fair_seeds': m020,
  '021_game_rounds': m021,
  '022_game_catalogue': m022,
  '023_free_spins': m023,
  '024_sportsbook': m024,
  '025_sportsbook_bets': m025,
  '026_phone_subscription': m026,
  '027_exclusion_kind': m027,
  '028_reality_check': m028,
  '029_support_feedback': m029,
  '030_fakename_change': m030,
  '031_phone_confirmation': m031,
  '032_session_time_zone': m032,
  '033_session_limit': m033,
  '035_unique_fakename': m035,
  '036_identity_verification': m036,
  '037_loss_limits': m037,
  '038_push': m038,
  '039_support_chat': m039,
  '040_chat_events': m040,
}
