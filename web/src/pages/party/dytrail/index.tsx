import { trailPage } from '@/components/trail/TrailListPage'
import { memberDetailPath } from '@/components/member/service'

/** 党员变动轨迹: every change of every party member in the caller's scope, newest first. */
export default trailPage({ module: 'dyjbxx', noun: '党员', nameLabel: '党员姓名', recordPath: memberDetailPath, columnsKey: 'party.dytrail' })
