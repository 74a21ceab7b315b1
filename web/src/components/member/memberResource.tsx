import { Tag } from 'antd'
import { PERM } from '@/api/permissions'
import { Link } from 'react-router'
import { defineResource, filterField, type Field } from '@/components/crud'
import DeptTreeSelect from '@/components/dept/DeptTreeSelect'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { deriveFromIdNumber, personalFields } from '@/components/personal/personalFields'
import { createMember, deleteMembers, fetchMembers, MEMBER_EXPORT_URL, memberDetail, memberDetailPath, updateMember } from './service'
import { MEMBER_DICT_FIELDS, type Member } from './types'

/** A dictionary field of a member, filterable by several values. */
function dict(name: keyof typeof MEMBER_DICT_FIELDS, over: Partial<Field<Member>> = {}): Field<Member> {
  const [code, label] = MEMBER_DICT_FIELDS[name]
  return { name, label, type: 'dict', dict: code, search: true, ...over }
}

const { idNumber, birthDate, phone } = personalFields<Member>()
const hidden = { column: false } as const
const sortable = (width: number) => ({ width, column: { sorter: true } })

/** 党员信息: the member's fields for the roster list, the form, and the member detail page. */
export const memberResource = defineResource<Member>({
  key: 'dyjbxx',
  columnsKey: 'party.dyjbxx',
  noun: '党员',
  api: { fetch: fetchMembers, detail: memberDetail, create: createMember, update: updateMember, remove: deleteMembers },
  keyword: '姓名、学号/工号、身份证号或手机号',
  permissions: { add: PERM.dyAdd, edit: PERM.dyEdit, del: PERM.dyDel, import: PERM.dyImport, export: PERM.dyExport, unmask: PERM.dyUnmask },
  importKind: 'dyjbxx',
  export: { url: MEMBER_EXPORT_URL, fileName: '党员花名册.xlsx', label: '导出花名册', background: true },
  searchVisible: 4,
  form: { initial: { memberStatus: '1', source: '5' }, onValuesChange: deriveFromIdNumber },
  fields: [
    filterField('subtreeOf', '党组织', { render: () => <OrgTreeSelect placeholder="含下级党组织" style={{ width: 220 }} /> }),
    {
      name: 'name',
      label: '姓名',
      required: true,
      max: 50,
      width: 110,
      column: { sorter: true, fixed: 'left', render: (v: string, m: Member) => <Link to={memberDetailPath(m.id)}>{v}</Link> },
    },
    {
      name: 'orgId',
      label: '所在党组织',
      display: 'orgName',
      type: 'custom',
      required: true,
      width: 200,
      column: { sorter: true, ellipsis: true },
      form: { render: () => <OrgTreeSelect /> },
    },
    // The statuses next to the organisation: at 1440 px they show without scrolling.
    dict('partyStatus', { required: true, width: 100, column: { render: (v: string) => (v ? <Tag color="red">{v}</Tag> : '') } }),
    // 转出中: a transfer out of the branch is under way (the sending side still manages the member).
    dict('memberStatus', { width: 90, column: { render: (v: string, m: Member) => (m.transferring ? <Tag color="orange">{m.transferring}</Tag> : v) } }),
    dict('personCategory', { required: true, width: 100 }),
    idNumber,
    birthDate,
    phone,
    { name: 'staffOrStudentNo', label: '学号/工号', width: 120, form: { placeholder: '请输入学号或工号', props: { maxLength: 32 } } },
    // Required as the server checks it; an ID number fills it in (deriveFromIdNumber).
    dict('gender', { required: true, width: 70 }),
    dict('ethnicity', hidden),
    dict('personType', hidden),
    dict('education', { width: 90 }),
    dict('professionalTitle', hidden),
    dict('post', hidden),
    dict('source', hidden),
    dict('grade', { width: 80 }),
    { name: 'className', label: '班级', search: true, column: false, form: { props: { maxLength: 100 } } },
    {
      name: 'unitDeptId',
      label: '所在单位',
      display: 'unitName',
      type: 'custom',
      width: 160,
      column: { ellipsis: true },
      form: { render: () => <DeptTreeSelect placeholder="请选择所在单位" /> },
    },
    { name: 'appliedOn', label: '申请入党日期', type: 'date', column: false, form: { span: 8 } },
    { name: 'joinedOn', label: '入党日期', type: 'date', required: true, ...sortable(120), form: { span: 8 }, search: { name: 'joined', range: true } },
    { name: 'fullOn', label: '转正日期', type: 'date', ...sortable(120), form: { span: 8 } },
    // 受留党察看处分、尚未恢复党员权利 (cleared when restored): no 入党介绍人 then (细则 第十四条).
    { name: 'underWatchSince', label: '留党察看起始日期', type: 'date', column: false, form: { span: 8 } },
    { name: 'account', label: '关联账号', column: false, form: false, detail: { render: (m) => m.account || '未关联' } },
    { name: 'createTime', label: '创建时间', type: 'datetime', ...sortable(170) },
    { name: 'updateTime', label: '更新时间', type: 'datetime', column: false },
    { name: 'remark', label: '备注', type: 'textarea', max: 500, column: false, detail: { span: 'filled' } },
  ],
})
