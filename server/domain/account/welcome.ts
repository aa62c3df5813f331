import { sendContactConfirmation, type SendDeps } from './contact-confirmation'
import { mailSubscribed } from './subscriptions'

/**
 * The mails a new player with an e-mail gets: the code and link that confirm the address (a
 * withdrawal needs it confirmed), and, when they opted in to news and offers, the first mail of
 * that list. Called once the registration has committed; a mail that cannot be written never
 * undoes the account, so the caller logs what this throws and answers the registration.
 */
export async function mailNewPlayer(deps: SendDeps, playerId: bigint): Promise<void> {
  const account = await deps.db.selectFrom('accounts').select(['email', 'email_confirmed_at']).where('id', '=', playerId).executeTakeFirst()
  if (account?.email && !account.email_confirmed_at) await sendContactConfirmation(deps, playerId)
  await mailSubscribed(deps, playerId)
}
