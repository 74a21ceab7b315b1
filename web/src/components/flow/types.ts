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

/** What an actor did: 提交, 通过, 不通过, 退回 (to an earlier step), 撤回. */
export type FlowAction = 'submit' | 'approve' | 'reject' | 'return' | 'withdraw'

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
