import { describe, expect, it } from 'vitest'
import { deleteQuestion } from './confirm'

describe('deleteQuestion', () => {
  it('names what a delete removes', () => {
    expect(deleteQuestion(['张三'], '党员')).toBe('确定删除党员“张三”吗？')
    expect(deleteQuestion(['2026-03'], '党费批次')).toBe('确定删除党费批次“2026-03”吗？')
    expect(deleteQuestion(['张三', '李四'], '党员')).toBe('确定删除党员“张三”、“李四”（共 2 条）吗？')
    // Many: the first five and the count.
    expect(deleteQuestion(['甲', '乙', '丙', '丁', '戊', '己', '庚'])).toBe('确定删除“甲”、“乙”、“丙”、“丁”、“戊” 等 7 条吗？')
    // A selection across pages whose other rows are not at hand: the count says how many go.
    expect(deleteQuestion(['张三'], '党员', 3)).toBe('确定删除党员“张三” 等 3 条吗？')
    // Without any name, at least the count and the kind.
    expect(deleteQuestion(['', ' '], '文件')).toBe('确定删除选中的 2 条文件吗？')
  })
})
