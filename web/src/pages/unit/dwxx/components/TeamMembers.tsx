import { Drawer } from 'antd'
import { useMemo } from 'react'
import { DICT_TEAM_POST } from '@/api/dicts'
import { PERM } from '@/api/permissions'
import { post, put } from '@/api/request'
import { defineResource, deleter, getFetcher, ResourcePage } from '@/components/crud'
import TeacherSelect from '@/components/people/TeacherSelect'
import type { Team, TeamMember } from '../types'

const API = '/api/ldbzcy'

/** The members of one team: the list narrowed to it, and a new member joins it. */
export function teamMemberResource(team: Team) {
  const fetch = getFetcher<TeamMember>(API)
  return defineResource<TeamMember>({
    key: `ldbzcy-${team.id}`,
    noun: '班子成员',
    titleOf: (m) => m.teacherName,
    api: {
      fetch: (q) => fetch({ ...q, filters: { ...q.filters, teamId: team.id } }),
      create: (b: Record<string, unknown>) => post(API, { ...b, teamId: team.id }),
      update: (b) => put(API, b),
      remove: deleter(API),
    },
    keyword: '成员姓名或工号',
    permissions: { add: PERM.dwEdit, edit: PERM.dwEdit, del: PERM.dwEdit },
    form: { dialog: true, width: 560 },
    emptyText: '暂无班子成员',
    fields: [
      {
        name: 'teacherId',
        label: '成员',
        display: 'teacherName',
        type: 'custom',
        required: '请选择成员',
        width: 140,
        render: (_: never, m) => `${m.teacherName}（${m.staffNo}）`,
        column: { sorter: true },
        form: { render: ({ record }) => <TeacherSelect selectedLabel={record ? `${record.teacherName}（${record.staffNo}）` : undefined} /> },
      },
      { name: 'post', label: '职务', type: 'dict', dict: DICT_TEAM_POST, required: true, width: 120, search: true },
      { name: 'since', label: '任职日期', type: 'date', required: true, width: 110, column: { sorter: true } },
      { name: 'until', label: '离任日期', type: 'date', width: 110, render: (_: never, m) => m.until || '在任' },
      { name: 'sort', label: '排序', type: 'number', width: 70, form: { props: { min: 0, max: 99999 } } },
    ],
  })
}

/** 班子成员 of a team, in a drawer over the unit's detail. */
export default function TeamMembers({ team, onClose }: { team: Team; onClose: () => void }) {
  const resource = useMemo(() => teamMemberResource(team), [team])
  return (
    <Drawer open title={`${team.name}：班子成员`} size={900} onClose={onClose}>
      <ResourcePage resource={resource} deleteRow={() => ({ kind: '班子成员' })} />
    </Drawer>
  )
}
