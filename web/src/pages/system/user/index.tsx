import { Col, Row, Segmented } from 'antd'
import { useState } from 'react'
import DeptPanel from './components/DeptPanel'
import UserList from './components/UserList'
import type { UserView } from './types'

const VIEWS: { label: string; value: UserView }[] = [
  { label: '全部用户', value: 'all' },
  { label: '弱密码用户', value: 'weak' },
  { label: '未激活账号', value: 'noEnter' },
  { label: '已离校仍启用', value: 'hasLeft' },
]

/** 用户管理: department tree, the user lists (all / weak passwords / not activated / left but enabled). */
export default function UserPage() {
  const [deptId, setDeptId] = useState<number | null>(null)
  const [view, setView] = useState<UserView>('all')
  return (
    // Side by side from a tablet's width; on a phone the department tree sits above the list.
    <Row gutter={[12, 12]}>
      <Col xs={24} md={{ flex: '240px' }} className="side-panel">
        <DeptPanel value={deptId} onChange={setDeptId} />
      </Col>
      <Col xs={24} md={{ flex: '1 1 0' }} style={{ minWidth: 0 }}>
        <Segmented<UserView> options={VIEWS} value={view} onChange={setView} style={{ marginBottom: 12 }} />
        <UserList key={view} view={view} deptId={deptId} />
      </Col>
    </Row>
  )
}
