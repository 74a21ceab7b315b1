import { useQuery } from '@tanstack/react-query'
import { loadDicts } from '@/utils/dict'

/**
 * Dictionaries for a page, loaded once per name set and cached for the session. No names (e.g.
 * while the names themselves are loading) asks for nothing.
 */
export function useDicts(...names: string[]) {
  const { data } = useQuery({ queryKey: ['dicts', ...names], queryFn: () => loadDicts(names), staleTime: Infinity, enabled: names.length > 0 })
  return data ?? Object.fromEntries(names.map((n) => [n, []]))
}
