import { trailPage } from '@/components/trail/TrailListPage'
import { unitPath } from '../dwxx/service'

/** 单位变动轨迹: every change of every unit in the caller's scope, newest first. */
export default trailPage({ module: 'dwxx', noun: '单位', nameLabel: '单位名称', recordPath: unitPath, columnsKey: 'unit.trail' })
