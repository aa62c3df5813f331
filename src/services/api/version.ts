/** The API version every call sends as `v` (SPEC §7); bump it with a breaking contract change. */
export const API_VERSION = '1'
