import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'

/** The table row that shows this text. */
export const row = (text: string) => screen.getByText(text).closest('tr')!

/** The antd dialog with this title, once it shows. */
export const findDialog = async (title: string | RegExp) => (await screen.findByText(title, { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement

/**
 * Clicks 确定 (antd spaces two-character labels: 确 定): the open dialog's, or the one inside
 * `container` where a page shows more than one (a drawer's form beside a confirmation).
 */
export const ok = (container?: HTMLElement) => fireEvent.click((container ? within(container) : screen).getByRole('button', { name: /确\s*定/ }))

/** Shown: no ancestor is hidden (a closed antd dialog may stay in the document as display: none). */
const shown = (el: HTMLElement | null): boolean => !el || (el.style.display !== 'none' && shown(el.parentElement))

/**
 * Waits until nothing showing `text` is on screen: the dialog that said it has closed. After a
 * 取消, this is the sign that the cancel was handled (and so whether it sent anything is known).
 */
export const gone = (text: string | RegExp) => waitFor(() => expect(screen.queryAllByText(text).filter(shown)).toEqual([]))

/** A tree row's expand arrow; null when the row has no children. */
export const expander = (tr: HTMLElement) => tr.querySelector<HTMLElement>('button.ant-table-row-expand-icon:not(.ant-table-row-expand-icon-spaced)')

/** A node of GET /api/menus/tree with empty defaults; `over` sets what a test looks at. */
export const menuNode = (id: number, pid: number | null, type: number, title: string, over: Record<string, unknown> = {}, children?: unknown[]) => ({
  id,
  pid,
  type,
  title,
  name: '',
  component: '',
  path: '',
  icon: '',
  sort: id,
  hidden: false,
  noCache: false,
  extpath: '',
  permission: '',
  children,
  ...over,
})
