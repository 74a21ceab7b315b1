// The set-up every scenario shares: a fresh server, a browser page and the admin's API token.
import { after, before } from 'node:test'
import { call, login as apiLogin } from './api.mjs'
import { itWithScreenshot, openBrowser } from './browser.mjs'
import { ADMIN_PASSWORD, startServer } from './server.mjs'

/** Starts a server (temporary SQLite; options as startServer's) and a browser page, and signs the admin in over the API. */
export async function startAdmin(options) {
  const server = await startServer(options)
  const browser = await openBrowser()
  const page = await browser.context.newPage()
  const { token } = await apiLogin(server.base, 'admin', ADMIN_PASSWORD)
  return { server, browser, page, token }
}

/** Closes what startAdmin opened, as far as it got (a failed `before` leaves parts undefined). */
export async function stopAdmin({ server, browser }) {
  await browser?.close()
  await server?.stop()
}

/** Signs a user in on the login page the browser is on, and waits until the app has left it. */
export async function signIn(page, username, password) {
  await page.getByPlaceholder('账号').fill(username)
  await page.getByPlaceholder('密码').fill(password)
  await page.getByRole('button', { name: /登\s*录/ }).click()
  await page.waitForURL((u) => !u.pathname.endsWith('/login'))
}

/** Signs the admin in through the login page and waits until the app has left it. */
export async function signInAdmin(page, base) {
  await page.goto(`${base}/web/`)
  await signIn(page, 'admin', ADMIN_PASSWORD)
}

/**
 * Registers the hooks of a scenario run as the admin (call inside describe): before starts the server
 * (options as startServer's) and the page, then runs setUp with them; after closes them. Returns the
 * scenario, whose server, page and token are set once before has run, and its `it`, which keeps a
 * screenshot of a failing page. The tests of a file share them: one server, one browser per file.
 *
 *   const s = adminScenario(async ({ server, token }) => call(server.base, 'POST', '/api/dzzxx', { token, body }))
 *   s.it('lists it', async () => { await s.page.goto(`${s.server.base}/web/`) })
 */
export function adminScenario(setUp, options) {
  const s = { it: itWithScreenshot(() => s.page) }
  before(async () => {
    Object.assign(s, await startAdmin(options))
    await setUp?.(s)
  })
  after(() => stopAdmin(s))
  return s
}

/** Signs out through the user menu, confirms, and waits for the login page. */
export async function signOut(page) {
  await page.getByRole('button', { name: '用户菜单' }).click()
  await page.getByRole('menuitem', { name: '退出登录' }).click()
  await page.getByText('确定注销并退出系统吗？').waitFor()
  await page.getByRole('button', { name: /确\s*定/ }).click()
  await page.waitForURL(/\/web\/login/)
}

/**
 * On the login page: signs in with an initial password, changes it in the dialog the first sign-in
 * forces, and signs in again with the new one (a changed password signs the account out).
 */
export async function firstSignIn(page, username, initial, newPassword) {
  await page.getByPlaceholder('账号').fill(username)
  await page.getByPlaceholder('密码').fill(initial)
  await page.getByRole('button', { name: /登\s*录/ }).click()
  const forced = page.locator('.ant-modal').filter({ hasText: '为了您的账号安全，请修改账号密码后再使用系统！' })
  await forced.waitFor()
  await forced.getByPlaceholder('请输入旧密码').fill(initial)
  await forced.getByPlaceholder('请输入新密码').fill(newPassword)
  await forced.getByPlaceholder('请再次输入密码').fill(newPassword)
  await forced.getByRole('button', { name: /确\s*认/ }).click()
  await page.waitForURL(/\/web\/login/)
  await page.getByPlaceholder('账号').fill(username)
  await page.getByPlaceholder('密码').fill(newPassword)
  await page.getByRole('button', { name: /登\s*录/ }).click()
  await page.waitForURL((u) => !u.pathname.endsWith('/login'))
}

/**
 * Opens one of the member's pages from the top bar (the 党员 mode): a page of a group (我的档案, 填报评议,
 * 党务资讯; web/src/app/router/memberNav.ts) through its group's sub-menu, which opens on hover.
 */
export async function openMemberEntry(page, title, group) {
  const bar = page.locator('.header-menu')
  if (!group) return bar.getByText(title, { exact: true }).click()
  await bar.locator('.ant-menu-submenu', { hasText: group }).hover()
  await page.locator('.ant-menu-submenu-popup:visible').getByText(title, { exact: true }).click()
}

/**
 * The world of a walk that publishes to one college and checks that the other is not offered it: a root
 * organisation (code `${code}U`), two colleges (`${code}01`, `${code}02`) each with one branch (`branch`
 * appended to the college's name) holding one full member of `members` ({ name, no, id }), and the branches'
 * accounts, all over the API. Returns the colleges and the initial passwords by username.
 */
export async function twoColleges(server, token, { code, root, colleges, branch, members }) {
  const post = (path, body) => call(server.base, 'POST', path, { token, body })
  const top = await post('/api/dzzxx', { code: `${code}U`, name: root, type: '1' })
  const out = { colleges: [], initial: {} }
  for (const [i, m] of members.entries()) {
    const college = await post('/api/dzzxx', { code: `${code}0${i + 1}`, name: colleges[i], type: '2', pid: top.id })
    const unit = await post('/api/dzzxx', { code: `${code}0${i + 1}B`, name: `${colleges[i]}${branch}`, type: '5', pid: college.id })
    out.colleges.push(college)
    await post('/api/dyjbxx', {
      name: m.name, idNumber: m.id, orgId: unit.id, staffOrStudentNo: m.no,
      partyStatus: '1', personCategory: '2', personType: '2', joinedOn: '2012-06-30',
    })
    const batch = await post('/api/dyjbxx/accounts', { orgId: unit.id })
    for (const c of batch.created) out.initial[c.username] = c.initialPassword
  }
  return out
}
