import { useQuery } from '@tanstack/react-query'
import { loadDicts } from '@/utils/dict'

/** Dictionaries for a page, loaded once per name set and cached for the session. */
export function useDicts(...names: string[]) {
  const { data } = useQuery({ queryKey: ['dicts', ...names], queryFn: () => loadDicts(names), staleTime: Infinity })
  return data ?? Object.fromEntries(names.map((n) => [n, []]))
}
