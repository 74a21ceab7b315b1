import { get } from '@/api/request'

/** A step of the member's own development (internal/develop MyStep): its number of 细则, name and date. */
export interface MyStep {
  no: number
  key: string
  name: string
  /** Done on (a done step) or due on (the next step; '' when no deadline). */
  on: string
}

/** GET /api/fzdy/mine: the caller's own development record, through the member link (docs/develop.md). */
export interface MyDevelopment {
  /** False: no development record is linked (a member who joined before the system, or by transfer). */
  linked: boolean
  stage: string
  stageLabel: string
  orgName: string
  probationFrom: string
  probationTo: string
  extensions: number
  fullOn: string
  /** Where 转正 stands, in one sentence (the server's). */
  fullStatus: string
  endedOn: string
  done: MyStep[]
  next: MyStep | null
}

export const myDevelopment = () => get<MyDevelopment>('/api/fzdy/mine')

/** ①…㉕: the step numbers of 细则 (the development module's helper). */
export { stepNo } from '@/api/develop'
