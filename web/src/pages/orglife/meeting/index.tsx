import { useQuery } from '@tanstack/react-query'
import { Button, Form, type FormInstance } from 'antd'
import { useMemo, useState } from 'react'
import { useLocation } from 'react-router'
import { PERM } from '@/api/permissions'
import { defineResource, filterField, ResourcePage, type Field } from '@/components/crud'
import type { OrgPickerItem } from '@/components/org/org'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { createMeeting, fetchMeetings, MEETINGS, deleteMeetings, meetingDetail, typeOptions, updateMeeting } from './api'
import DateTimeInput, { endsAfter, timeSpan } from './DateTimeInput'
import MeetingDrawer from './MeetingDrawer'
import { typeOfPath } from './paths'
import { BUILTIN_TYPE_NAMES, OTHER_TYPES, STATE, STATE_NAMES, type MeetingInput, type MeetingType, type MeetingView } from './types'
import { deletable, placeText, planned, stateTag } from './view'

/** The meeting's 党组织: only those holding its type may be chosen (民主生活会: 党委 and 二级党委, never a branch). */
function MeetingOrgSelect({ form, type, types, ...control }: { form: FormInstance; type: string; types: MeetingType[]; value?: number | null; onChange?: (v: unknown) => void }) {
  const chosen = Form.useWatch('typeCode', form) as string | undefined
  const code = type === OTHER_TYPES ? chosen : type
  const orgTypes = types.find((t) => t.code === code)?.orgTypes ?? ''
  // The type's DZZ_LX codes; every organisation while the type is unknown.
  const selectable = useMemo(() => {
    if (!orgTypes) return undefined
    const codes = new Set(orgTypes.split(',').map((c) => c.trim()))
    return (o: OrgPickerItem) => codes.has(o.type)
  }, [orgTypes])
  return <OrgTreeSelect {...(control as object)} selectable={selectable} notFound="暂无可召开该类会议的党组织" />
}

/** 地点, given up for 线上 (an online meeting may still name a room). */
function placeRule({ getFieldValue }: { getFieldValue: (name: string) => unknown }) {
  return {
    validator: async (_: unknown, v: string | undefined) => {
      if (!getFieldValue('online') && !v?.trim()) throw new Error('请输入会议地点，或选择线上会议')
    },
  }
}

/** The meetings of one type as a resource: its list, search, export and form. */
export function meetingResource(type: string, types: MeetingType[]) {
  const other = type === OTHER_TYPES
  const lecture = type === 'dk'
  const ownTypes = types.filter((t) => !t.builtin).map((t) => ({ label: t.name, value: t.code }))
  const fields: Field<MeetingView>[] = [
    { name: 'topic', label: '会议主题', required: true, max: 200, width: 220, column: { ellipsis: true, fixed: 'left' }, form: { span: 24 } },
    {
      name: 'typeCode',
      label: '会议类型',
      type: 'select',
      options: ownTypes,
      display: 'typeName',
      required: true,
      width: 120,
      column: other,
      form: { hidden: () => !other, placeholder: ownTypes.length ? undefined : '暂无本校会议类型，请先在“会议类型”中添加' },
    },
    {
      name: 'orgId',
      label: '党组织',
      display: 'orgName',
      type: 'custom',
      required: true,
      width: 200,
      column: { ellipsis: true },
      search: { render: () => <OrgTreeSelect style={{ width: 220 }} /> },
      form: { render: ({ form }) => <MeetingOrgSelect form={form} type={type} types={types} /> },
    },
    {
      name: 'startsAt',
      label: '开始时间',
      type: 'custom',
      required: true,
      width: 200,
      column: { title: '时间' },
      render: (_, m) => timeSpan(m.startsAt, m.endsAt),
      form: {
        // A published meeting's time changes only by 改期 (its attendees are told).
        render: ({ record }) => <DateTimeInput placeholder="请选择开始时间" disabled={record?.state === STATE.published} />,
      },
    },
    {
      name: 'endsAt',
      label: '结束时间',
      type: 'custom',
      required: true,
      column: false,
      rules: [endsAfter('startsAt')],
      form: { dependencies: ['startsAt'], render: ({ record }) => <DateTimeInput placeholder="请选择结束时间" disabled={record?.state === STATE.published} /> },
    },
    filterField('heldOn', '会议日期', { range: true }, 'date'),
    { name: 'online', label: '线上会议', type: 'switch', column: false, form: { span: 6 } },
    {
      name: 'place',
      label: '会议地点',
      max: 200,
      width: 160,
      column: { title: '地点', ellipsis: true },
      render: (_, m) => placeText(m),
      rules: [placeRule],
      form: { span: 18, dependencies: ['online'] },
    },
    { name: 'host', label: '主持人', max: 50, width: 100 },
    { name: 'recorder', label: '记录人', max: 50, column: false },
    { name: 'lecturer', label: '主讲人', max: 50, width: 100, column: lecture, detail: lecture, form: { hidden: () => !lecture } },
    {
      name: 'secretaryLecture',
      label: '书记讲党课',
      type: 'switch',
      column: false,
      detail: lecture,
      form: { hidden: () => !lecture, extra: '支部书记每年至少讲一次党课' },
    },
    { name: 'agenda', label: '会议议程', type: 'textarea', max: 2000, column: false },
    { name: 'receipt', label: '会后回执', type: 'switch', column: false, form: { extra: '会后请参会人员填写回执问卷' } },
    {
      name: 'state',
      label: '状态',
      type: 'select',
      options: Object.entries(STATE_NAMES).map(([value, label]) => ({ label, value: Number(value) })),
      width: 90,
      render: (_, m) => stateTag(m),
      search: { single: true },
      form: false,
    },
    {
      name: 'attendeeCount',
      label: '参会/实到/请假',
      width: 120,
      render: (_, m) => `${m.attendeeCount} / ${m.presentCount} / ${m.leaveCount}`,
      form: false,
    },
  ]
  return defineResource<MeetingView>({
    key: `hy-${type}`,
    columnsKey: other ? 'orglife.meeting.other' : 'orglife.meeting',
    noun: '会议',
    api: { fetch: fetchMeetings(type), detail: meetingDetail, create: createMeeting, update: updateMeeting, remove: deleteMeetings },
    keyword: '会议主题',
    permissions: { add: PERM.hyAdd, edit: PERM.hyEdit, del: PERM.hyDel, export: PERM.hyExport },
    export: { url: `${MEETINGS}/export`, fileName: `${BUILTIN_TYPE_NAMES[type] ?? '其他会议'}.xlsx`, params: () => ({ type }) },
    titleOf: (m) => m.topic,
    nameField: 'topic',
    emptyText: '暂无会议记录 — 点击“新增”安排一次会议',
    form: { width: 760, initial: { online: false, receipt: false, secretaryLecture: false } },
    fields,
  })
}

/** The body of a new or edited meeting: the page's type unless the form chose one, the record's version on an edit. */
export function meetingBody(type: string, body: Record<string, unknown>, record: MeetingView | null): MeetingInput {
  const typeCode = (body.typeCode as string | undefined) ?? record?.typeCode ?? type
  return { ...(body as unknown as MeetingInput), typeCode, ...(record ? { id: record.id, updateTime: record.updateTime } : {}) }
}

/**
 * 三会一课, 主题党日, 组织生活会, 民主生活会 and 其他会议 (docs/orglife.md): one page whose type is its path's last
 * segment. A row opens the meeting's drawer: its state actions, attendees, minutes and files.
 */
export default function MeetingPage() {
  const type = typeOfPath(useLocation().pathname)
  const types = useQuery({ queryKey: ['orglife', 'type-options'], queryFn: typeOptions })
  const resource = useMemo(() => meetingResource(type, types.data ?? []), [type, types.data])
  const [opened, setOpened] = useState<number | null>(null)
  return (
    <ResourcePage<MeetingView>
      resource={resource}
      rowActions={(m) => [{ key: 'view', label: '详情', onClick: () => setOpened(m.id) }]}
      actionWidth={170}
      canEdit={planned}
      deleteRow={(m) => ({ hidden: !deletable(m), note: '会议的参会人员和附件一并删除。' })}
      batchDelete={false}
      submit={(body, record) => (record ? updateMeeting(meetingBody(type, body, record)) : createMeeting(meetingBody(type, body, null)))}
      mapColumns={(columns) =>
        columns.map((c) =>
          c.key === 'topic'
            ? {
                ...c,
                render: (_: unknown, m: MeetingView) => (
                  <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpened(m.id)}>
                    {m.topic}
                  </Button>
                ),
              }
            : c,
        )
      }
      dialogs={(page) => opened !== null && <MeetingDrawer id={opened} onClose={() => setOpened(null)} onChanged={page.crud.reload} />}
    />
  )
}
