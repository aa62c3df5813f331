/** The brand is a name, not a phrase: it is the same in every locale. */
export const SITE_NAME = 'Royal Ace'
