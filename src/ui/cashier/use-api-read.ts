import { useCallback, useEffect, useRef, useState } from 'react'

export type ApiRead<T> =
  | { readonly status: 'loading'; readonly data: T | null }
  | { readonly status: 'ready'; readonly data: T }
  | { readonly status: 'failed'; readonly data: T | null; readonly error: unknown }

/**
 * One read of the API for a view that only shows data (history, receipt): runs in the browser
 * after mounting (the server renders the loading state), again when `key` changes, and on `reload`.
 * An answer to a superseded key is dropped.
 */
export function useApiRead<T>(key: string, read: (() => Promise<T>) | null): ApiRead<T> & { reload: () => void } {
  const [state, setState] = useState<ApiRead<T>>({ status: 'loading', data: null })
  const [attempt, setAttempt] = useState(0)
  const readRef = useRef(read)
  readRef.current = read
  useEffect(() => {
    const run = readRef.current
    if (!run) return
    let live = true
    setState((s) => ({ status: 'loading', data: s.data }))
    run().then(
      (data) => live && setState({ status: 'ready', data }),
      (error: unknown) => {
        if (!live) return
        console.error('cashier read:', error)
        setState((s) => ({ status: 'failed', data: s.data, error }))
      },
    )
    return () => {
      live = false
    }
  }, [key, attempt])
  const reload = useCallback(() => setAttempt((n) => n + 1), [])
  return { ...state, reload }
}
