import { useLoaderData, useRevalidator } from 'react-router'
import { ProvidersScreen, type ProvidersData } from '../../ui/games/providers/ProvidersScreen'

const NOT_READ: ProvidersData = { studios: null }

export function ProvidersPage() {
  const data = (useLoaderData() as ProvidersData | null) ?? NOT_READ
  // "Try again" runs the route's loader once more, in the browser.
  const revalidator = useRevalidator()
  return <ProvidersScreen data={data} onRetry={() => void revalidator.revalidate()} retrying={revalidator.state === 'loading'} />
}
