import type { Count, Detail, VoteView } from '@/api/generated/election'
import PrintLayout from '@/components/flow/PrintLayout'
import PrintedRecord from '@/components/flow/PrintedRecord'
import { withQueryClient } from '@/components/withQueryClient'
import { electionDetail } from '@/pages/party/hjxj/api'

const css = `.hjxj-result table { width: 100%; border-collapse: collapse; margin: 8px 0 16px; }
.hjxj-result th, .hjxj-result td { border: 1px solid #000; padding: 4px 8px; text-align: center; }
.hjxj-result h3 { font-size: 15px; margin: 12px 0 4px; }`

/** 计票结果 of an election as printed: /print/hjxjResult?id=, every counted vote with its names and votes. */
function HjxjResultPrint() {
  return (
    <PrintedRecord queryKey={['hjxj', 'one']} fetch={electionDetail} noId="缺少换届选举编号" missing="换届选举不存在或无权查看">
      {(d) => <ResultSheet d={d} />}
    </PrintedRecord>
  )
}

function CountRows({ counts, present }: { counts: Count[]; present: number }) {
  return (
    <table>
      <thead>
        <tr><th>序号</th><th>被选举人</th><th>得票数</th><th>是否过半数（实到{present}人）</th><th>结果</th></tr>
      </thead>
      <tbody>
        {counts.map((c, i) => (
          <tr key={`${c.key ?? ''}:${c.name}`}>
            <td>{i + 1}</td>
            <td>{c.name}{c.writeIn ? '（另选他人）' : ''}</td>
            <td>{c.votes}</td>
            <td>{c.majority ? '是' : '否'}</td>
            <td>{c.elected ? '当选' : c.tied ? '票数相等，再次投票' : '未当选'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function VoteSection({ v }: { v: VoteView }) {
  const r = v.result
  if (!r) return null
  return (
    <>
      <h3>第{v.seq}次投票：应选{v.seats}名，应到{v.expected}人，实到{v.present}人，收回选票{r.ballots}张，{r.valid ? '选举有效' : '收回的选票多于实到人数，选举无效'}</h3>
      {r.valid && <CountRows counts={r.counts} present={v.present} />}
      {r.valid && r.secretary && (
        <>
          <h3>书记选举</h3>
          <CountRows counts={r.secretary.counts} present={v.present} />
        </>
      )}
    </>
  )
}

function ResultSheet({ d }: { d: Detail }) {
  const counted = d.votes.filter((v) => v.result)
  return (
    <PrintLayout
      title={`${d.orgName}换届选举计票结果`}
      meta={[
        { label: '选举', value: d.title },
        { label: '选举方式', value: `${d.methodName}，应选委员${d.seats}名` },
        { label: '当选委员', value: d.elected.map((c) => c.name).join('、') || '无' },
      ]}
      signatures={[{ label: '监票人', value: '' }, { label: '计票人', value: '' }]}
    >
      <style>{css}</style>
      <div className="hjxj-result">
        {counted.length ? counted.map((v) => <VoteSection key={v.id} v={v} />) : <p>尚未计票。</p>}
        <p>当选以得票超过实到会有选举权人数的一半为准（《中国共产党基层组织选举工作条例》）。</p>
      </div>
    </PrintLayout>
  )
}

export default withQueryClient(HjxjResultPrint)
