// Metadata area (SPEC §7 'Metadata').
import { array, boolean, min, nullable, number, object, optional, record, string, type, unknown, type Infer } from 'superstruct'
import { defineCall } from './define'

const seconds = () => nullable(min(number(), 0))

/** SPEC §3 'General info': site-wide settings every page needs, the same for every player. */
export const GeneralInfoSchema = type({
  /** Analytics tool -> its id (null when the tool is off); null when no analytics are set up. */
  analytic: nullable(record(string(), nullable(string()))),
  available_currencies: array(string()),
  available_locales: array(string()),
  default_currency: string(),
  is_seon_enabled: boolean(),
  is_bonus_isolation_enabled: boolean(),
  /** Values not shown in the SPEC; null when the domain has none. */
  domain_state: nullable(string()),
  domain_type: nullable(string()),
  /** Seconds of inactivity before a forced logout; null: never. The warning shows at 80 % of it. */
  time_to_force_logout: seconds(),
  is_game_history_export_enabled: boolean(),
  /** Seconds of inactivity on the cashier before it closes; null: never. */
  user_inactivity_cashier_time: seconds(),
  /** Seconds of inactivity on a payment page before it closes; null: never. */
  user_inactivity_pp_time: seconds(),
  /**
   * Origins besides ours that may frame the /forms pages and hear their messages (FRAME_ALLOWLIST;
   * SPEC §2.3). Absent from a platform that does not say: then only our own origin.
   */
  frame_allowlist: optional(array(string())),
})

export type GeneralInfo = Infer<typeof GeneralInfoSchema>

/** GET /api/metadata/getgeneralinfo */
export const getgeneralinfo = defineCall({
  area: 'metadata',
  name: 'getgeneralinfo',
  method: 'GET',
  access: 'anyone',
  request: object({}),
  response: GeneralInfoSchema,
})

/** SPEC §7 lists metadata/get without parameters or a response shape: an open record until it is defined. */
export const MetadataSchema = record(string(), unknown())
export type Metadata = Infer<typeof MetadataSchema>

/** GET /api/metadata/get */
export const get = defineCall({
  area: 'metadata',
  name: 'get',
  method: 'GET',
  access: 'anyone',
  request: object({}),
  response: MetadataSchema,
})
