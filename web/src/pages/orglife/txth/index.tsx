import dayjs, { type Dayjs } from 'dayjs'
import { PERM } from '@/api/permissions'
import { post, put } from '@/api/request'
import { defineResource, deleter, getFetcher, ResourcePage } from '@/components/crud'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'

/** A talk as GET /api/txth answers it. */
export interface Talk {
  id: number
  orgId: number
  orgName: string
  talkDate: string
  type: string
  typeLabel: string
  talker: string
  interviewees: string
  place: string
  content: string
  remark: string
  updateTime: string
}

const API = '/api/txth'

/** 谈心谈话: the talks held in the caller's organisations (RULES §4: at least yearly with every member). */
export const talkResource = defineResource<Talk>({
  key: 'txth',
  columnsKey: 'orglife.txth',
  noun: '谈话记录',
  api: { fetch: getFetcher<Talk>(API), create: (b) => post(API, b), update: (b) => put(API, b), remove: deleter(API) },
  keyword: '谈话人或谈话对象',
  permissions: { add: PERM.txthAdd, edit: PERM.txthEdit, del: PERM.txthDel, import: PERM.txthImport, export: PERM.txthExport },
  importKind: 'txth',
  export: { url: `${API}/export`, fileName: '谈心谈话.xlsx' },
  trail: API,
  titleOf: (t) => `${t.talkDate} ${t.talker}`,
  scrollX: 1200,
  fields: [
    {
      name: 'orgId',
      label: '党组织',
      display: 'orgName',
      type: 'custom',
      required: true,
      width: 200,
      column: { ellipsis: true, sorter: true },
      search: { render: () => <OrgTreeSelect style={{ width: 220 }} /> },
      form: { render: () => <OrgTreeSelect /> },
    },
    {
      name: 'talkDate',
      label: '谈话日期',
      type: 'date',
      required: true,
      width: 120,
      column: { sorter: true },
      search: { range: true },
      form: { props: { disabledDate: (d: Dayjs) => d.isAfter(dayjs(), 'day') } },
    },
    { name: 'type', label: '谈话类型', type: 'dict', dict: 'DJ_TXTH_LX', required: true, width: 140, search: true },
    { name: 'talker', label: '谈话人', required: true, max: 50, width: 110 },
    { name: 'interviewees', label: '谈话对象', required: true, max: 200, width: 180, column: { ellipsis: true } },
    { name: 'place', label: '谈话地点', max: 100, width: 140, column: { ellipsis: true } },
    { name: 'content', label: '谈话内容摘要', type: 'textarea', required: true, max: 2000, column: { ellipsis: true }, detail: { span: 'filled' } },
    { name: 'remark', label: '备注', type: 'textarea', max: 500, column: false },
    { name: 'updateTime', label: '更新时间', type: 'datetime', column: false },
  ],
})

export default function TalkPage() {
  return <ResourcePage resource={talkResource} />
}
