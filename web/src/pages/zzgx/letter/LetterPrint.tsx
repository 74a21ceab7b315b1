import { chineseDate } from '@/components/flow/chineseDate'
import PrintLayout from '@/components/flow/PrintLayout'
import PrintedRecord, { WordButton } from '@/components/flow/PrintedRecord'
import { letterDocxUrl, letterPrint, type LetterPrint as Printed } from './api'

const css = `
.zzgx-letter section { padding: 4mm 0; }
.zzgx-letter h2 { text-align: center; font-size: 18pt; margin: 0 0 2mm; letter-spacing: 2px; }
.zzgx-letter .no { text-align: right; margin: 0 0 2mm; }
.zzgx-letter p { line-height: 1.9; margin: 1mm 0; }
.zzgx-letter .indent { text-indent: 2em; }
.zzgx-letter .right { text-align: right; }
.zzgx-letter .cut { border-top: 1px dashed #000; text-align: center; font-size: 9pt; color: #333; margin: 3mm 0; line-height: 0; }
.zzgx-letter .cut span { background: #fff; padding: 0 6px; }
.zzgx-letter u { text-decoration: none; border-bottom: 1px solid #000; padding: 0 4px; }
`

const blank = (v?: string | number) => (v === undefined || v === '' || v === 0 ? '\u3000\u3000' : String(v))

/** A date, or blanks to fill it in by hand. */
const day = (d?: string) => chineseDate(d, '\u3000\u3000年\u3000月')

/** Who the member is, as the three parts say it. */
const who = (l: Printed) => (
  <>
    <u>{l.memberName}</u>同志（<u>{blank(l.gender)}</u>，<u>{blank(l.age)}</u>岁，<u>{blank(l.ethnicity)}</u>），系中共<u>{blank(l.partyStatus)}</u>
  </>
)

/** The standard 中国共产党党员组织关系介绍信: stub, letter and receipt with one number, cut apart along dashed lines. */
export function LetterSheet({ l }: { l: Printed }) {
  return (
    <div className="zzgx-letter">
      <style>{css}</style>
      <section aria-label="存根">
        <h2>中国共产党党员组织关系介绍信（存根）</h2>
        <p className="no">第 {l.number} 号</p>
        <p className="indent">
          {who(l)}，组织关系由<u>{l.fromOrgName}</u>转到<u>{l.toOrgName}</u>。党费已交到<u>{day(l.feesPaidUpTo)}</u>。
        </p>
        <p>
          有效期<u>{l.validDays}</u>天（至{day(l.validUntil)}）
        </p>
        <p className="right">{day(l.issuedOn)}</p>
      </section>
      <div className="cut">
        <span>（骑缝）第 {l.number} 号</span>
      </div>
      <section aria-label="介绍信">
        <h2>中国共产党党员组织关系介绍信</h2>
        <p className="no">第 {l.number} 号</p>
        <p>
          <u>{l.toOrgName}</u>：
        </p>
        <p className="indent">
          兹介绍{who(l)}，公民身份号码<u>{blank(l.idNumberFull)}</u>，由<u>{l.fromOrgName}</u>去<u>{l.toOrgName}</u>
          ，请转接组织关系。该同志党费已交到<u>{day(l.feesPaidUpTo)}</u>。
        </p>
        <p>
          （有效期<u>{l.validDays}</u>天，至{day(l.validUntil)}）
        </p>
        <p className="right">{l.fromOrgName}（盖章）</p>
        <p className="right">{day(l.issuedOn)}</p>
        <p>党员联系电话：{'\u3000'.repeat(8)}党组织联系电话：{l.contact}</p>
      </section>
      <div className="cut">
        <span>（骑缝）第 {l.number} 号</span>
      </div>
      <section aria-label="回执">
        <h2>中国共产党党员组织关系介绍信回执</h2>
        <p className="no">第 {l.number} 号</p>
        <p>
          <u>{l.fromOrgName}</u>：
        </p>
        <p className="indent">
          <u>{l.memberName}</u>同志的党员组织关系已转达我处，特此回执。
        </p>
        <p className="right">（盖章）</p>
        <p className="right">{'\u3000\u3000'}年{'\u3000'}月{'\u3000'}日</p>
      </section>
    </div>
  )
}

/** The letter as printed: /print/zzgxLetter?id=, with its Word version for download. */
export default function LetterPrintView() {
  return (
    <PrintedRecord queryKey={['zzgx', 'letter-print']} fetch={letterPrint} noId="缺少介绍信编号" missing="介绍信不存在或无权查看">
      {(l) => (
        <PrintLayout
          title={l.status === 'voided' ? '（已作废）' : l.status === 'expired' ? '（已过期，请补开）' : ''}
          margin="12mm 16mm"
          actions={<WordButton url={letterDocxUrl(l.id)} fileName={`介绍信${l.number}.docx`} />}
        >
          <LetterSheet l={l} />
        </PrintLayout>
      )}
    </PrintedRecord>
  )
}
