// Pieces a workflow module is built from: its history, its actions, its files and its printed form.
export { default as ActionPanel, type ActionPanelProps } from './ActionPanel'
export { actOnFlow, flowFiles, flowUrl, getChains, getFlow, setChain } from './api'
export { chineseDate } from './chineseDate'
export { default as DocumentDrawer, type DocumentDrawerProps, type DocumentOutputs } from './DocumentDrawer'
export { default as ChainEditor, type ChainEditorProps } from './ChainEditor'
export { default as AttachmentList, type AttachmentListProps, type AttachmentSource } from './AttachmentList'
export { default as PrintLayout, type PrintLayoutProps, type PrintMeta, type PrintSignature } from './PrintLayout'
export { actionLabel, default as RecordTimeline, timelineProps, type RecordTimelineProps } from './RecordTimeline'
export type {
  Attachment,
  FlowAction,
  FlowActionBody,
  FlowChain,
  FlowChainStep,
  FlowChainsView,
  FlowEntry,
  FlowHistoryEntry,
  FlowResult,
  FlowStep,
  FlowView,
} from './types'
export { useFilePreview } from './useFilePreview'
export { default as RecordAttachments } from './RecordAttachments'
export { FlowFiles, FlowRecordDrawer, FlowRecordPage, type FlowFact, type FlowRecord, type FlowRecordContext, type FlowStepAction } from './FlowRecordPage'
export { nameColumn } from './nameColumn'
