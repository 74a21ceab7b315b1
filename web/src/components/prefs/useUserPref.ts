import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { getPref, savePref } from '@/api/prefs'
import { useSessionStore } from '@/stores/session'

/**
 * One preference of the signed-in user (undefined key: none): its stored value (null until stored
 * or while loading) and a save that shows the new value at once and stores it on the server. A
 * preference that cannot be read counts as none, so a list never fails over its settings.
 */
export function useUserPref<T>(key: string | undefined): [T | null, (next: T | null) => void] {
  const client = useQueryClient()
  const userId = useSessionStore((s) => s.user?.id ?? 0)
  const queryKey = ['prefs', userId, key]
  const { data } = useQuery({
    queryKey,
    queryFn: () => getPref<T>(key!).catch(() => null),
    enabled: !!key,
    staleTime: Infinity,
  })
  const save = useCallback(
    (next: T | null) => {
      if (!key) return
      client.setQueryData(['prefs', userId, key], next)
      savePref(key, next).catch(() => undefined) // the request pipeline says why it failed
    },
    [client, key, userId],
  )
  return [data ?? null, save]
}
