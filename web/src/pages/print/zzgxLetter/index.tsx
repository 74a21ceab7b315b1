import LetterPrintView from '@/pages/zzgx/letter/LetterPrint'
import { withQueryClient } from '@/components/withQueryClient'

/** 介绍信 print view (/print/zzgxLetter?id=): the page lives with 介绍信管理 (pages/zzgx/letter). */
export default withQueryClient(LetterPrintView)
