/** A file attached to a record, by its stored-file id (what /api/file/upload answers, plus who uploaded it). */
export interface Attachment {
  id: number
  name: string
  size: number
  contentType?: string
  uploaderName?: string
  /** RFC 3339. */
  createTime?: string
}

/** One declared step of a workflow (e.g. 申请 → 支部审查 → 党委审批). */
export interface FlowStep {
  key: string
  title: string
  /** Who acts at this step, shown under the title (e.g. 党支部). */
  description?: string
}

/** What an actor did: 提交, 通过, 不通过, 退回 (to an earlier step), 撤回 (by the starter), 撤销 (by an administrator), 终止 (what was approved ends early). */
export type FlowAction = 'submit' | 'approve' | 'reject' | 'return' | 'withdraw' | 'cancel' | 'end'

/** One entry of a record's history. */
export interface FlowEntry {
  id: number | string
  /** RFC 3339. */
  time: string
  actorName: string
  /** The actor's role or organisation (e.g. 支部书记 · 计算机学院第一党支部). */
  actorRole?: string
  action: FlowAction
  /** The step the action was taken at (a FlowStep key). */
  step?: string
  /** For 'return': the step the record went back to (a FlowStep key). */
  toStep?: string
  comment?: string
  attachments?: Attachment[]
}

/** What an actor may choose at a step (the server's flow.Result, without 'submit'). */
export type FlowResult = 'approve' | 'reject' | 'return'

/** A step of a record's chain as the flow API names it. */
export interface FlowChainStep {
  key: string
  title: string
  /** Who acts at it (the chain's role: 党支部, 二级党委, 组织部). */
  description?: string
}

/** One history entry as the flow API sends it (a FlowEntry with the file ids and the role and organisation apart). */
export interface FlowHistoryEntry extends FlowEntry {
  id: number
  actorId: number | null
  role: string
  orgName: string
  fileIds: number[]
  attachments: Attachment[]
}

/**
 * A record's flow (GET <module base>/{id}/flow): the steps of its chain, where it is, its history and what
 * the caller may do now. RecordTimeline shows it (timelineProps), ActionPanel acts on it.
 */
export interface FlowView {
  workflow: string
  /** False before the record was submitted (steps then preview the chain it would take). */
  started: boolean
  state: string
  stateName: string
  /** The step waiting for an action; '' once the flow ended. */
  step: string
  /** The step the timeline marks, and how. */
  current: string
  status: 'process' | 'finish' | 'error' | ''
  /** Sent back with an action: an action on an older version is refused (409, 该环节已被他人处理). */
  version: number
  actingOrgId?: number
  actingOrgName: string
  actingRole: string
  steps: FlowChainStep[]
  entries: FlowHistoryEntry[]
  mayAct: boolean
  results: FlowResult[]
  returnTo: FlowChainStep[]
}

/** The body of an action (POST <module base>/{id}/flow). */
export interface FlowActionBody {
  version: number
  result: FlowResult
  /** For 'return': the earlier step to go back to ('' or absent: the previous one). */
  toStep?: string
  comment: string
  fileIds: number[]
  /** The step's own fields, as the module's page collects them. */
  form?: unknown
}

/** A chain of one organisation type: its links in order (flow.Chain). */
export interface FlowChain {
  orgType: string
  links: { step: string; acting: string[]; role: string }[]
}

/** The chains of a workflow with the steps and organisation types to name them (flow.ChainsView). */
export interface FlowChainsView {
  steps: { key: string; title: string }[]
  orgTypes: { value: string; label: string }[]
  chains: FlowChain[]
}
