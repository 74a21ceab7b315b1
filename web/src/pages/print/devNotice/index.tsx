import { noticeDetail, noticeDocxUrl, type DevRecord, type NoticeDetail, type NoticeKind } from '@/api/develop'
import { chineseDate } from '@/components/flow/chineseDate'
import PrintLayout from '@/components/flow/PrintLayout'
import PrintedRecord, { WordButton } from '@/components/flow/PrintedRecord'
import { withQueryClient } from '@/components/withQueryClient'

/** What a notice of each kind proposes for the people it lists, and the date its table shows. */
export const PURPOSE: Record<NoticeKind, { text: string; dateTitle: string; date: (r: DevRecord) => string | undefined }> = {
  target: { text: '确定为发展对象', dateTitle: '确定为入党积极分子时间', date: (r) => r.activistOn ?? undefined },
  admit: { text: '接收为中共预备党员', dateTitle: '确定为发展对象时间', date: (r) => r.targetOn ?? undefined },
  full: { text: '按期转为中共正式党员', dateTitle: '接收为预备党员时间', date: (r) => r.admittedOn ?? undefined },
}

const genderOf = (r: DevRecord) => r.genderLabel || ({ '1': '男', '2': '女' } as Record<string, string | undefined>)[r.gender] || r.gender

const tableCss = `
.dev-notice-table { width: 100%; border-collapse: collapse; margin: 12px 0; }
.dev-notice-table th, .dev-notice-table td { border: 1px solid #000; padding: 4px 6px; text-align: center; }
.dev-notice p { text-indent: 2em; line-height: 1.8; margin: 8px 0; white-space: pre-wrap; }
`

/** A development notice as printed: /print/devNotice?id=, with its Word version for download. */
function DevNoticePrint() {
  return (
    <PrintedRecord queryKey={['fzdy', 'notice']} fetch={noticeDetail} noId="缺少公示编号" missing="公示不存在或无权查看">
      {(n) => <NoticeSheet n={n} />}
    </PrintedRecord>
  )
}

function NoticeSheet({ n }: { n: NoticeDetail }) {
  const purpose = PURPOSE[n.kind] ?? PURPOSE.target
  return (
    <PrintLayout
      title={n.title || `关于${purpose.text}的公示`}
      actions={<WordButton url={noticeDocxUrl(n.id)} fileName={`${n.title || '公示'}.docx`} />}
      signatures={[
        { label: '发布单位', value: n.orgName },
        { label: '日期', value: chineseDate(n.startOn) },
      ]}
    >
      <style>{tableCss}</style>
      <div className="dev-notice">
        <p>
          经{n.orgName}研究，拟将下列同志{purpose.text}，现予以公示：
        </p>
        <table className="dev-notice-table">
          <thead>
            <tr>
              <th>序号</th>
              <th>姓名</th>
              <th>性别</th>
              <th>出生年月</th>
              <th>所在党支部</th>
              <th>递交入党申请书时间</th>
              <th>{purpose.dateTitle}</th>
            </tr>
          </thead>
          <tbody>
            {n.records.map((r, i) => (
              <tr key={r.id}>
                <td>{i + 1}</td>
                <td>{r.name}</td>
                <td>{genderOf(r)}</td>
                <td>{r.birthDate?.slice(0, 7) ?? ''}</td>
                <td>{r.orgName ?? n.orgName}</td>
                <td>{chineseDate(r.appliedOn)}</td>
                <td>{chineseDate(purpose.date(r))}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          公示时间：{chineseDate(n.startOn)}至{chineseDate(n.endOn)}。
        </p>
        {n.content && <p>{n.content}</p>}
        <p>公示期间，党员和群众可通过来电、来信、来访等方式反映情况和意见。反映问题应实事求是，以真实姓名反映。{n.contact && `联系方式：${n.contact}。`}</p>
      </div>
    </PrintLayout>
  )
}

export default withQueryClient(DevNoticePrint)
