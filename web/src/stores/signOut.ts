/**
 * Sign-out as an event: the session store publishes it, and the stores that
 * hold the signed-in user's data (counters) subscribe, so that the session
 * store need not import them (they import the session store: a cycle).
 */
const handlers = new Set<() => void>()

/** Runs fn at every sign-out (the local session ending); returns the unsubscribe. */
export function onSignOut(fn: () => void): () => void {
  handlers.add(fn)
  return () => handlers.delete(fn)
}

/** Tells the subscribers that the local session ended. */
export function signedOut(): void {
  for (const fn of handlers) fn()
}
