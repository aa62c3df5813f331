/** SPEC §2.1 /unsubscribe: the mailing-list link of a mail lands here (its `token` query); the flow's screen is the page. */
export { Unsubscribe as UnsubscribePage } from '../../ui/profile/unsubscribe/Unsubscribe'
