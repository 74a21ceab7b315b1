import { GRADE_NAMES, type ReportView } from '@/api/generated/secreview'
import PrintLayout from '@/components/flow/PrintLayout'
import PrintedRecord from '@/components/flow/PrintedRecord'
import { withQueryClient } from '@/components/withQueryClient'
import { reportDetail } from '@/pages/orglife/review/api'
import { clock, secretaryText } from '@/pages/orglife/review/view'

const css = `.szpy-report p { text-indent: 2em; line-height: 1.8; margin: 6px 0; white-space: pre-wrap; }`

/** A secretary's 述职报告 as printed: /print/szpyReport?id=, with its grade and the comments once graded. */
function SzpyReportPrint() {
  return (
    <PrintedRecord queryKey={['szpy', 'report']} fetch={reportDetail} noId="缺少述职报告编号" missing="述职报告不存在或无权查看">
      {(r) => <ReportSheet r={r} />}
    </PrintedRecord>
  )
}

function ReportSheet({ r }: { r: ReportView }) {
  const paragraphs = r.content.split('\n').filter((l) => l.trim() !== '')
  return (
    <PrintLayout
      title={`${r.orgName}书记抓党建工作述职报告`}
      meta={[
        { label: '评议', value: r.roundTitle },
        { label: '述职人', value: secretaryText(r) },
        { label: '提交时间', value: `${clock(r.submittedAt)}${r.late ? '（逾期）' : ''}` },
        { label: '评定等次', value: r.grade ? GRADE_NAMES[r.grade] : '未评定' },
      ]}
      signatures={[
        { label: '评定人', value: r.reviewer },
        { label: '日期', value: r.reviewedAt ? clock(r.reviewedAt).slice(0, 10) : '' },
      ]}
    >
      <style>{css}</style>
      <div className="szpy-report">
        {paragraphs.length ? paragraphs.map((p, i) => <p key={i}>{p}</p>) : <p>（尚未填写述职报告）</p>}
        {r.comment && <p>点评意见：{r.comment}</p>}
      </div>
    </PrintLayout>
  )
}

export default withQueryClient(SzpyReportPrint)
