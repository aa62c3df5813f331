// The names of the SPEC §5 rules and of the messages they ask for (messages.ts translates each).

/** Every message a rule can ask for; messages.ts must have a default for each (it does not compile otherwise). */
export const MESSAGE_IDS = [
  'required',
  'insertPhone',
  'email',
  'emailTooLong',
  'emailSpaces',
  'emailAt',
  'emailLocal',
  'emailLocalTooLong',
  'emailChars',
  'emailDomain',
  'minLength',
  'maxLength',
  'phone',
  'fakename',
  'password',
  'passwordChars',
  'name',
  'address',
  'iban',
  'sameAs',
  'regex',
  'cardNumber',
  'minValue',
  'maxValue',
  'sumRange',
  'wholeAmount',
  'date',
  'multipleOf',
  'code',
  'checkbox',
  'sex',
  'postcode',
  'cardHolder',
  'text',
  'cryptoAddress',
  'invalid',
] as const
export type MessageId = (typeof MESSAGE_IDS)[number]

export function isMessageId(value: unknown): value is MessageId {
  return typeof value === 'string' && (MESSAGE_IDS as readonly string[]).includes(value)
}

/** Every rule's name (RuleSpec in rules.ts names the same, which it checks), and 'server' for the server's own refusals. */
export const RULE_NAMES = [
  'required',
  'minLength',
  'maxLength',
  'sum',
  'minValue',
  'maxValue',
  'multipleOf',
  'name',
  'shortName',
  'address',
  'date',
  'sex',
  'postcode',
  'phone',
  'email',
  'password',
  'sameAs',
  'code',
  'cardHolder',
  'cardNumber',
  'iban',
  'cryptoAddress',
  'fakename',
  'promoCode',
  'checkbox',
  'custom',
  'text',
] as const
export type RuleName = (typeof RULE_NAMES)[number] | 'server'
