import { Tag } from 'antd'
import { PERM } from '@/api/permissions'
import { post, put } from '@/api/request'
import { downloadFile } from '@/api/file'
import { defineResource, deleter, getFetcher, ResourcePage } from '@/components/crud'
import RichTextEditor from '@/components/RichTextEditor'
import RichText from '@/components/RichTextEditor/RichText'
import FileField from '../shared/FileField'
import { openPreview } from '../shared/preview'
import SupersedesSelect from './SupersedesSelect'

/** A rule version as GET /api/gzzd answers it. */
export interface Rule {
  id: number
  category: string
  categoryLabel: string
  title: string
  docNo: string
  issuer: string
  effectiveDate: string
  repealDate: string
  supersedesId: number | null
  supersedesTitle: string
  status: 'pending' | 'current' | 'revised' | 'repealed'
  statusLabel: string
  body: string
  fileId: number | null
  fileName: string
  remark: string
  updateTime: string
}

const API = '/api/gzzd'

const STATUS_COLOR: Record<Rule['status'], string> = { current: 'green', pending: 'blue', revised: 'orange', repealed: 'default' }

/** 规章制度: the rules by category, each version's status computed for today by the server. */
export const ruleResource = defineResource<Rule>({
  key: 'gzzd',
  columnsKey: 'library.gzzd',
  noun: '规章制度',
  api: { fetch: getFetcher<Rule>(API), create: (b) => post(API, b), update: (b) => put(API, b), remove: deleter(API) },
  keyword: '标题、文号或正文',
  permissions: { add: PERM.gzzdAdd, edit: PERM.gzzdEdit, del: PERM.gzzdDel },
  titleOf: (r) => r.title,
  emptyText: '还没有规章制度，组织部可点击“新增”录入',
  scrollX: 1100,
  form: { width: 900 },
  fields: [
    { name: 'category', label: '类别', type: 'dict', dict: 'DJ_GZZD_LB', required: true, width: 120, search: true },
    { name: 'title', label: '标题', required: true, max: 200, column: { ellipsis: true } },
    { name: 'docNo', label: '文号', max: 100, width: 170 },
    { name: 'issuer', label: '发文机关', max: 100, width: 140 },
    { name: 'effectiveDate', label: '施行日期', type: 'date', required: true, width: 120, column: { sorter: true } },
    { name: 'repealDate', label: '废止日期', type: 'date', width: 120 },
    {
      name: 'status',
      label: '状态',
      type: 'custom',
      width: 100,
      form: false,
      column: { render: (_: unknown, r: Rule) => <Tag color={STATUS_COLOR[r.status]}>{r.statusLabel}</Tag> },
      detail: { render: (r: Rule) => r.statusLabel },
    },
    {
      name: 'supersedesId',
      label: '修订的旧版本',
      type: 'custom',
      column: false,
      detail: false,
      form: { render: ({ record }) => <SupersedesSelect editing={record ?? undefined} /> },
    },
    { name: 'supersedesTitle', label: '修订的旧版本', column: false, form: false },
    {
      name: 'body',
      label: '正文',
      type: 'custom',
      column: false,
      form: { render: () => <RichTextEditor aria-label="正文" /> },
      detail: { span: 'filled', render: (r: Rule) => <RichText html={r.body} /> },
    },
    {
      name: 'fileId',
      label: '附件',
      type: 'custom',
      column: false,
      form: { render: () => <FileField /> },
      detail: { render: (r: Rule) => r.fileName || '无' },
    },
    { name: 'remark', label: '备注', type: 'textarea', max: 500, column: false },
    { name: 'updateTime', label: '更新时间', type: 'datetime', column: false },
  ],
})

export default function RulePage() {
  return (
    <ResourcePage
      resource={ruleResource}
      actionWidth={200}
      rowActions={(r) => [
        { key: 'preview', label: '预览附件', hidden: !r.fileId, onClick: () => void openPreview(`${API}/${r.id}/preview`, `${API}/${r.id}/file`, r.fileName) },
        { key: 'download', label: '下载附件', hidden: !r.fileId, onClick: () => void downloadFile(`${API}/${r.id}/file`, undefined, r.fileName) },
      ]}
    />
  )
}
