import type { HomeSummary } from '@/api/home'
import type { MenuNode, User } from '@/api/types'
import type { TrailEntry } from '@/components/trail/ChangeTrail'

/** A menu tree shaped like GET /api/menus/myTree. */
export const TREE: MenuNode[] = [
  {
    path: '/system',
    component: 'Layout',
    name: 'System',
    meta: { title: '系统管理', icon: 'system' },
    children: [
      { path: 'user', component: 'system/user', name: 'User', meta: { title: '用户管理', icon: 'user' } },
      { path: 'role', component: 'system/role', name: 'Role', meta: { title: '角色管理', noCache: true } },
      {
        path: 'dict',
        component: 'ParentView',
        meta: { title: '字典' },
        children: [
          { path: 'list', component: 'system/dict', meta: { title: '字典管理' } },
          { path: 'detail', component: 'system/dictDetail', hidden: true, meta: { title: '字典详情' } },
        ],
      },
      { path: 'https://help.example.edu.cn', component: '', meta: { title: '帮助' } },
    ],
  },
  {
    path: '/monitor',
    component: 'Layout',
    meta: { title: '系统监控' },
    children: [
      { path: 'online', component: 'monitor/online', meta: { title: '在线用户' } },
      { path: 'log', component: 'monitor/log', meta: { title: '操作日志' } },
    ],
  },
  { path: '/secret', component: 'Layout', hidden: true, meta: { title: '隐藏目录' }, children: [{ path: 'x', component: 'secret/x', meta: { title: 'X' } }] },
]

/** A first-level directory of GET /api/menus/myTree with one page, in a workbench (top-bar mode). */
export const menuDir = (path: string, title: string, workbench: string, workbenchTitle: string, page: string, pageTitle: string): MenuNode => ({
  path,
  component: 'Layout',
  meta: { title, workbench, workbenchTitle },
  children: [{ path: page, component: `${path.slice(1)}/${page}`, meta: { title: pageTitle } }],
})

export function makeUser(over: Partial<User> = {}): User {
  return {
    id: 1,
    username: 'admin',
    nickName: '管理员',
    gender: '1',
    phone: '',
    email: '',
    avatar: '',
    dept: null,
    roles: ['admin'],
    roleList: [],
    enabled: true,
    activated: true,
    hasLeft: false,
    locked: false,
    lastLoginTime: null,
    createTime: '2026-01-01T00:00:00Z',
    ...over,
  }
}

/** A person as a list answers them to a holder without the unmask permission (members, students, teachers). */
export const MASKED_PERSON = {
  id: 1,
  name: '张三',
  gender: '1',
  genderLabel: '男',
  idNumber: '110105********1234',
  phone: '138****0000',
  masked: true,
}

/** GET /api/home/summary of a small university: `over` replaces top-level parts. */
export function makeSummary(over: Partial<HomeSummary> = {}): HomeSummary {
  const count = (value: string, label: string, n: number) => ({ value, label, count: n })
  return {
    scoped: true,
    year: 2026,
    members: {
      total: 128,
      byStatus: [count('1', '正常', 128), count('2', '已转出', 3)],
      byParty: [count('1', '正式党员', 120), count('2', '预备党员', 8)],
      byCategory: [count('1', '教职工', 70), count('2', '本科生', 58)],
      joinedInYear: 9,
      fullInYear: 6,
      movedInYear: 4,
    },
    orgs: { total: 12, byType: [count('1', '党委', 1), count('2', '二级党委', 2), count('5', '党支部', 9)] },
    warnings: {
      total: 2,
      termReminderMonths: 3,
      items: [
        { orgId: 7, orgName: '数学教工党支部', rule: 'TERM_OVERDUE', level: 'error', message: '已到期未换届（任期已于2026-10-01届满）' },
        { orgId: 8, orgName: '物理学生党支部', rule: 'BRANCH_TOO_FEW_FULL', level: 'warning', message: '正式党员不足3名，应与邻近支部成立联合党支部' },
      ],
    },
    recent: [
      { module: 'member', recordId: 41, recordName: '张三', typeLabel: '修改', summary: '所在党组织', operatorName: '组织部', createTime: '2026-11-20T02:00:00Z' },
      { module: 'org', recordId: 8, recordName: '物理学生党支部', typeLabel: '新增', summary: '', operatorName: 'admin', createTime: '2026-11-19T02:00:00Z' },
    ],
    ...over,
  }
}

/**
 * One entry of a record's change trail as the trail routes answer it: record 7's 手机号码 changed by
 * admin (用户修改); `over` sets the rest.
 */
export const trailEntry = (over: Partial<TrailEntry> & Record<string, unknown> = {}): TrailEntry => ({
  id: 9,
  recordId: 7,
  type: 2,
  origin: 3,
  typeLabel: '修改',
  originLabel: '用户修改',
  summary: '',
  changes: [{ field: 'phone', label: '手机号码', old: '138****0000', new: '139****0000' }],
  operatorName: 'admin',
  restoredFrom: null,
  createTime: '2026-02-01T00:00:00Z',
  ...over,
})
