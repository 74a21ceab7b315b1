import TrailListPage from '@/components/trail/TrailListPage'
import { orgPath } from '../dzz/service'

/** 组织变动轨迹: every change of every party organisation in the caller's scope, newest first. */
export default function OrgTrailPage() {
  return <TrailListPage url="/api/dzzxx/trail" recordTitle="党组织" nameLabel="党组织名称" recordPath={orgPath} columnsKey="party.dzztrail" />
}
