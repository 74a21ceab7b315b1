import type { MenuNode, User } from '@/api/types'

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
