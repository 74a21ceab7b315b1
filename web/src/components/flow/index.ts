// Pieces a workflow module is built from: its history, its files and its printed form.
export { default as AttachmentList, type AttachmentListProps, type AttachmentSource } from './AttachmentList'
export { default as PrintLayout, type PrintLayoutProps, type PrintMeta, type PrintSignature } from './PrintLayout'
export { actionLabel, default as RecordTimeline, type RecordTimelineProps } from './RecordTimeline'
export type { Attachment, FlowAction, FlowEntry, FlowStep } from './types'
export { useFilePreview } from './useFilePreview'
export { default as RecordAttachments } from './RecordAttachments'
