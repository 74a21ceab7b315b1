import { trailPage } from '@/components/trail/TrailListPage'
import { orgPath } from '../dzz/service'

/** 组织变动轨迹: every change of every party organisation in the caller's scope, newest first. */
export default trailPage({ module: 'dzzxx', noun: '党组织', nameLabel: '党组织名称', recordPath: orgPath, columnsKey: 'party.dzztrail' })
