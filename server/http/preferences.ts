import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { CONSENT_COOKIE_MAX_AGE_SEC, LOCALE_COOKIE_MAX_AGE_SEC, THEME_COOKIE_MAX_AGE_SEC, isTheme } from '../../src/shared/constants'
import { CONSENT_SWITCH_PATH, consentBackTarget, consentFromForm, encodeConsent } from '../../src/shared/consent'
import { CONSENT_COOKIE, LOCALE_COOKIE, THEME_COOKIE } from '../../src/shared/cookies'
import { ApiError } from '../../src/shared/errors'
import { isLocale } from '../../src/shared/locales'
import { LOCALE_SWITCH_PATH, THEME_SWITCH_PATH, localeSwitchTarget, switchBackTarget } from '../../src/shared/preferences'
import { assertSameOrigin, formToObject, isCrossOrigin } from '../api/registrar'
import { isHttps } from './https'

/**
 * The header's locale and theme switches without JavaScript (src/shared/preferences.ts): a tap
 * before the page has hydrated, or on a browser without scripts, is a plain link or form that
 * lands here, sets the cookie the browser's own switch would set (same name, a year, SameSite=Lax,
 * readable by the page's script, which writes it too), and goes back through the redirect rule.
 * Nothing here depends on a session or on the API, so it works with API_BASE_URL as well.
 */
export function registerPreferences(app: FastifyInstance): void {
  void app.register(async (scope) => {
    // Our own API registers the form parser for /api; a site on another platform's API does not.
    if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
        done(null, formToObject(new URLSearchParams(body as string)))
      })
    }

    const remember = (request: FastifyRequest, reply: FastifyReply, name: string, value: string, maxAge: number) =>
      reply.setCookie(name, value, { path: '/', maxAge, sameSite: 'lax', secure: isHttps(request, app.config), httpOnly: false })

    const back = (reply: FastifyReply, target: string) => reply.code(303).header('location', target).header('cache-control', 'no-store').send()

    // A write like any other: the API's CSRF rule (Origin, else Referer, must be us) refuses it
    // from another site. A browser's form post from our page names our origin.
    scope.post(THEME_SWITCH_PATH, { bodyLimit: 4096 }, async (request, reply) => {
      assertSameOrigin(request, app.config)
      const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>
      if (!isTheme(body.theme)) {
        throw new ApiError({ type: 'InvalidParameterException', code: 'invalid_parameters', message: 'Unknown theme', invalidParameters: { theme: ['invalid'] } })
      }
      remember(request, reply, THEME_COOKIE, body.theme, THEME_COOKIE_MAX_AGE_SEC)
      return back(reply, switchBackTarget(body.back))
    })

    // The cookie banner's form before (or without) JavaScript: the same cookie the banner writes.
    scope.post(CONSENT_SWITCH_PATH, { bodyLimit: 4096 }, async (request, reply) => {
      assertSameOrigin(request, app.config)
      const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>
      const choice = consentFromForm(body)
      if (!choice) {
        throw new ApiError({ type: 'InvalidParameterException', code: 'invalid_parameters', message: 'Unknown choice', invalidParameters: { choice: ['invalid'] } })
      }
      remember(request, reply, CONSENT_COOKIE, encodeConsent(choice), CONSENT_COOKIE_MAX_AGE_SEC)
      return back(reply, consentBackTarget(body.back))
    })

    // A link, so a GET: it changes only which language this browser is shown, and a link on
    // another site still takes the visitor to the page in that language but is not remembered.
    scope.get(LOCALE_SWITCH_PATH, async (request, reply) => {
      const query = request.query as Record<string, unknown>
      if (!isLocale(query.locale)) {
        throw new ApiError({ type: 'InvalidParameterException', code: 'invalid_parameters', message: 'Unknown locale', invalidParameters: { locale: ['invalid'] } })
      }
      if (!isCrossOrigin(request, app.config)) remember(request, reply, LOCALE_COOKIE, query.locale, LOCALE_COOKIE_MAX_AGE_SEC)
      return back(reply, localeSwitchTarget(query.back, query.locale))
    })
  })
}
