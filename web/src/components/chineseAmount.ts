const DIGITS = '零壹贰叁肆伍陆柒捌玖'
const SMALL = ['', '拾', '佰', '仟']
const GROUPS = ['', '万', '亿', '万亿']

/** A number below 10,000 in capital digits (壹仟零伍拾); "" for 0. */
function section(n: number): string {
  let out = ''
  let zero = false
  for (let i = 3; i >= 0; i--) {
    const d = Math.floor(n / 10 ** i) % 10
    if (d === 0) {
      zero = out !== ''
      continue
    }
    if (zero) out += '零'
    zero = false
    out += DIGITS[d] + SMALL[i]
  }
  return out
}

/** Whole yuan in capital digits, groups of four (万, 亿): 10010 → 壹万零壹拾. */
function whole(n: number): string {
  let out = ''
  let pendingZero = false
  const groups: number[] = []
  for (let v = n; v > 0; v = Math.floor(v / 10000)) groups.push(v % 10000)
  for (let g = groups.length - 1; g >= 0; g--) {
    const v = groups[g]
    if (v === 0) {
      pendingZero = out !== ''
      continue
    }
    if (out !== '' && (pendingZero || v < 1000)) out += '零'
    pendingZero = false
    out += section(v) + GROUPS[g]
  }
  return out
}

/**
 * An amount in fen as written on a receipt in capitals (人民币大写): 20 → 贰角整, 105 → 壹元零伍分,
 * 1001000 → 壹万零壹拾元整, 0 → 零元整. Integer fen in, no floats.
 */
export function chineseAmount(fen: number): string {
  if (!Number.isInteger(fen)) throw new Error(`not an amount in fen: ${fen}`)
  if (fen === 0) return '零元整'
  const sign = fen < 0 ? '负' : ''
  const abs = Math.abs(fen)
  const yuan = Math.floor(abs / 100)
  const jiao = Math.floor(abs / 10) % 10
  const cent = abs % 10
  let out = yuan > 0 ? whole(yuan) + '元' : ''
  if (jiao === 0 && cent === 0) return sign + out + '整'
  if (jiao > 0) out += DIGITS[jiao] + '角'
  else if (yuan > 0) out += '零'
  out += cent > 0 ? DIGITS[cent] + '分' : '整'
  return sign + out
}
