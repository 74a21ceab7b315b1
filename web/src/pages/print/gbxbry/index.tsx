import { Fragment } from 'react'
import type { Selection } from '@/api/generated/cadreSelection'
import { actionLabel, chineseDate, type FlowView } from '@/components/flow'
import PrintLayout from '@/components/flow/PrintLayout'
import PrintedRecord from '@/components/flow/PrintedRecord'
import { withQueryClient } from '@/components/withQueryClient'
import { fetchSelection, selectionFlow } from '@/pages/gb/xbry/api'
import { NOT_REACHED, stagesOf, type Stage } from '@/pages/gb/xbry/stages'
import { formatTime } from '@/utils/time'

interface Printed {
  selection: Selection
  flow: FlowView
}

/** The selection and its history, as the drawer reads them (gbxbry:list in the caller's scope). */
const load = async (id: number): Promise<Printed> => {
  const [selection, flow] = await Promise.all([fetchSelection(id), selectionFlow(id)])
  return { selection, flow }
}

const css = `
.gbxbry-record { width: 100%; border-collapse: collapse; table-layout: fixed; }
.gbxbry-record th, .gbxbry-record td { border: 1px solid #000; padding: 4px 6px; vertical-align: top; word-break: break-all; }
.gbxbry-record th { width: 7em; font-weight: normal; text-align: center; vertical-align: middle; }
.gbxbry-record td.label { width: 8em; color: #222; }
.gbxbry-record td.text { white-space: pre-wrap; }
.gbxbry-record tr { break-inside: avoid; }
.gbxbry-record .sub { width: 100%; border-collapse: collapse; margin-top: 4px; }
.gbxbry-record .sub th, .gbxbry-record .sub td { border: 1px solid #000; padding: 2px 4px; width: auto; text-align: center; }
.gbxbry-record .sub th, .gbxbry-record .sub td.name { white-space: nowrap; }
.gbxbry-history { margin-top: 16px; }
.gbxbry-history th.time { width: 9.5em; }
.gbxbry-history h3 { margin: 0 0 4px; font-size: 15px; }
`

/** A stage's rows: its lines two to a row, its long texts across, 民主推荐's people in a table of their own. */
function StageRows({ stage }: { stage: Stage }) {
  if (!stage.reached) {
    return (
      <tr>
        <th>{stage.title}</th>
        <td colSpan={4}>{stage.note ?? NOT_REACHED}</td>
      </tr>
    )
  }
  const pairs: (typeof stage.lines)[] = []
  for (let i = 0; i < stage.lines.length; i += 2) pairs.push(stage.lines.slice(i, i + 2))
  const span = pairs.length + stage.texts.length + (stage.candidates?.length ? 1 : 0)
  const rows = [
    ...pairs.map((pair) => (
      <Fragment key={pair[0][0]}>
        {pair.map(([label, value]) => (
          <Cells key={label} label={label} value={value} />
        ))}
        {pair.length === 1 && <td colSpan={2} />}
      </Fragment>
    )),
    ...stage.texts.map(([label, value]) => (
      <Fragment key={label}>
        <td className="label">{label}</td>
        <td className="text" colSpan={3}>
          {value}
        </td>
      </Fragment>
    )),
    ...(stage.candidates?.length
      ? [
          <td key="candidates" colSpan={4}>
            <table className="sub">
              <thead>
                <tr>
                  <th>序号</th>
                  <th>姓名</th>
                  <th>单位及职务</th>
                  <th>会议推荐票</th>
                  <th>谈话推荐票</th>
                  <th>考察对象</th>
                </tr>
              </thead>
              <tbody>
                {stage.candidates.map((c, i) => (
                  <tr key={c.id}>
                    <td>{i + 1}</td>
                    <td className="name">{c.name}</td>
                    <td>{[c.unitName, c.post].filter(Boolean).join(' ')}</td>
                    <td>{c.votes}</td>
                    <td>{c.talkVotes}</td>
                    <td>{c.inspected ? '是' : ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </td>,
        ]
      : []),
  ]
  return (
    <>
      {rows.map((cells, i) => (
        <tr key={i}>
          {i === 0 && <th rowSpan={span}>{stage.title}</th>}
          {cells}
        </tr>
      ))}
    </>
  )
}

function Cells({ label, value }: { label: string; value: string }) {
  return (
    <>
      <td className="label">{label}</td>
      <td>{value}</td>
    </>
  )
}

/** 干部选拔任用工作纪实表: the post, each stage's record (or 尚未进行), and who did what when. */
function Sheet({ selection: s, flow }: Printed) {
  const stages = stagesOf(s, (d) => chineseDate(d ?? ''))
  return (
    <PrintLayout
      title="干部选拔任用工作纪实表"
      meta={[
        { label: '标题', value: s.title },
        { label: '单位', value: s.unitName },
        { label: '岗位', value: s.positionName },
        { label: '职级', value: s.levelLabel },
        { label: '当前环节', value: s.stateName },
        { label: '拟任人选', value: s.appointeeName || '—' },
      ]}
      signatures={[{ label: '填表人' }, { label: '党委组织部（盖章）' }, { label: '日期', value: chineseDate(new Date().toISOString().slice(0, 10)) }]}
    >
      <style>{css}</style>
      <table className="gbxbry-record">
        <tbody>
          {stages.map((stage) => (
            <StageRows key={stage.key} stage={stage} />
          ))}
        </tbody>
      </table>
      <div className="gbxbry-history">
        <h3>办理记录</h3>
        <table className="gbxbry-record">
          <thead>
            <tr>
              <th className="time">时间</th>
              <th>环节</th>
              <th>办理人</th>
              <th>结果</th>
              <th style={{ width: 'auto' }}>意见</th>
            </tr>
          </thead>
          <tbody>
            {flow.entries.length === 0 ? (
              <tr>
                <td colSpan={5}>暂无办理记录</td>
              </tr>
            ) : (
              flow.entries.map((e) => (
                <tr key={e.id}>
                  <td>{formatTime(e.time, 'YYYY-MM-DD HH:mm')}</td>
                  {/* The 提交 that opened the record has no step: the 动议 did it. */}
                  <td>{flow.steps.find((x) => x.key === e.step)?.title ?? (e.action === 'submit' ? '动议' : '')}</td>
                  <td>{e.actorName}</td>
                  <td>{actionLabel(e, flow.steps)}</td>
                  <td className="text">{e.comment ?? ''}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </PrintLayout>
  )
}

/** /print/gbxbry?id=: a selection's 纪实表 as printed. */
function GbxbryPrint() {
  return (
    <PrintedRecord queryKey={['gbxbry', 'print']} fetch={load} noId="缺少选拔任用记录编号" missing="该选拔任用记录不存在或无权查看">
      {(r) => <Sheet {...r} />}
    </PrintedRecord>
  )
}

export default withQueryClient(GbxbryPrint)
