import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { VoterView } from '@/api/generated/ballot'
import { castByCode, codeView } from './api'
import { CodeBallot, RESTORED_NOTE } from './BallotPage'

vi.mock('./api', () => ({ codeView: vi.fn(), castByCode: vi.fn(), castBallot: vi.fn(), voterView: vi.fn(), mineRounds: vi.fn() }))

const view: VoterView = {
  id: 7,
  kind: 'cadre',
  title: '干部考核',
  state: 'open',
  over: false,
  closesAt: null,
  voted: false,
  paper: { title: '干部考核', questions: [{ key: 'c1', kind: 'score', title: '张三', required: true, rows: [{ key: 'de', label: '德' }, { key: 'neng', label: '能' }] }] },
}

/** The page opened and the code entered: the paper's first score box, and the page's unmount (the tab closed). */
async function openWithCode() {
  const { unmount } = render(<CodeBallot round={7} />)
  fireEvent.change(screen.getByLabelText('票码'), { target: { value: 'abcd-efgh23' } })
  fireEvent.click(screen.getByRole('button', { name: '下一步' }))
  return { box: await screen.findByLabelText('德'), unmount }
}

describe('the voter’s page keeps an unfinished paper on the device', () => {
  afterEach(() => {
    localStorage.clear()
    vi.clearAllMocks()
  })

  it('restores the answers of a code’s paper, sends nothing before the submit, and drops them once accepted', async () => {
    vi.mocked(codeView).mockResolvedValue(view)
    vi.mocked(castByCode).mockResolvedValue({ voted: true })
    const first = await openWithCode()
    expect(screen.queryByText(RESTORED_NOTE)).toBeNull()
    fireEvent.change(first.box, { target: { value: '90' } })
    expect(localStorage.length).toBe(1)
    expect(JSON.stringify({ ...localStorage })).not.toMatch(/abcd/i)
    expect(castByCode).not.toHaveBeenCalled()

    first.unmount()
    const { box } = await openWithCode()
    expect(screen.getByText(RESTORED_NOTE)).toBeTruthy()
    expect((box as HTMLInputElement).value).toBe('90')
    fireEvent.change(screen.getByLabelText('能'), { target: { value: '80' } })
    fireEvent.click(screen.getByRole('button', { name: '提交选票' }))
    fireEvent.click(await screen.findByRole('button', { name: '提 交' }))
    await waitFor(() => expect(castByCode).toHaveBeenCalledWith(7, 'abcd-efgh23', [{ i: 'c1.de', c: '90' }, { i: 'c1.neng', c: '80' }]))
    await waitFor(() => expect(localStorage.length).toBe(0))
    // The page's last render (the thank-you) before the file ends: a render still queued when the test
    // environment is torn down runs without a window and fails the run.
    expect(await screen.findByText('您已投票')).toBeTruthy()
  })
})
