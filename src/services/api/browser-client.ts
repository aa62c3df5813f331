import { createApiClient, type ApiClient } from './client'
import { API_VERSION } from './version'

/**
 * The API client of this browser page for long-lived actors' default implementations (same
 * origin, the page's cookie). The locale is the page's own (`<html lang>`, written by the server
 * for the request's locale), read at each call, so actors need not carry it in their input.
 */
export function browserApiClient(): ApiClient {
  return createApiClient({ locale: () => document.documentElement.lang || 'en', version: API_VERSION })
}
