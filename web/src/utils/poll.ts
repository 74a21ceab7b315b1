/** Runs fn after firstDelay ms, then every interval ms; returns a stop function. */
export function startPoll(fn: () => void, firstDelay: number, interval: number): () => void {
  let repeat: ReturnType<typeof setInterval> | undefined
  const first = setTimeout(() => {
    fn()
    repeat = setInterval(fn, interval)
  }, firstDelay)
  return () => {
    clearTimeout(first)
    if (repeat !== undefined) clearInterval(repeat)
  }
}
