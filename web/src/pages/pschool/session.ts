import { useQuery } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { MSG_TAKEN_OVER, type BeatResult } from '@/api/generated/course'
import { beatNode, startNode, studyNode } from './api'
import { takenOver, terminalOf, useHeartbeat } from './heartbeat'

/**
 * A study page's session on a node: the node, the start (the session's token, where to resume, the heartbeat's
 * interval from the setting videoRecordTime) and the progress the server answers each report with. A report
 * refused because a newer page took the session over stops the heartbeat and says so.
 */
export function useStudySession(nodeId: number, studying: () => boolean, position: () => number) {
  const node = useQuery({ queryKey: ['pschool', 'node', nodeId], queryFn: () => studyNode(nodeId), enabled: nodeId > 0, retry: false })
  // One start per visit: not cached (gcTime 0), so a later visit takes the session over again.
  const start = useQuery({
    queryKey: ['pschool', 'start', nodeId], queryFn: () => startNode(nodeId), enabled: nodeId > 0 && node.isSuccess,
    staleTime: Infinity, gcTime: 0, retry: false, refetchOnWindowFocus: false,
  })
  const [progress, setProgress] = useState<BeatResult>()
  const [stopped, setStopped] = useState<string>()
  const session = start.data?.session
  const send = useCallback(
    (visible: boolean) => {
      if (!session || stopped) return
      beatNode(nodeId, { session, position: Math.floor(position()), terminal: terminalOf(navigator.userAgent), visible })
        .then(setProgress)
        .catch((e: unknown) => {
          if (takenOver(e)) setStopped(MSG_TAKEN_OVER)
        })
    },
    [nodeId, session, stopped, position],
  )
  useHeartbeat(Boolean(session) && !stopped, start.data?.recordTime ?? 0, { send, studying })
  const watched = progress?.watched ?? start.data?.watched ?? node.data?.watched ?? 0
  const done = progress?.done ?? start.data?.done ?? node.data?.done ?? false
  return { node, start, progress, stopped, send, watched, done }
}
