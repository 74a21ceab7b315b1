import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'

/**
 * The record a page shows in its detail drawer: opened from a row, or from a link (?id=) of
 * another page such as a change trail. Closing the drawer drops the link, so a reload does not
 * reopen it.
 */
export function useLinkedRecord(): [viewing: number | null, open: (id: number) => void, close: () => void] {
  const [params, setParams] = useSearchParams()
  const linked = Number(params.get('id')) || null
  const [viewing, setViewing] = useState<number | null>(linked)
  // A kept-alive page sees later links too.
  useEffect(() => {
    if (linked) setViewing(linked)
  }, [linked])
  const close = () => {
    setViewing(null)
    if (params.has('id')) setParams({}, { replace: true })
  }
  return [viewing, setViewing, close]
}
