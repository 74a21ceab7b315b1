// The set-up every scenario shares: a fresh server, a browser page and the admin's API token.
import { login as apiLogin } from './api.mjs'
import { openBrowser } from './browser.mjs'
import { ADMIN_PASSWORD, startServer } from './server.mjs'

/** Starts a server (temporary SQLite) and a browser page, and signs the admin in over the API. */
export async function startAdmin() {
  const server = await startServer()
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

/** Signs the admin in through the login page and waits until the app has left it. */
export async function signInAdmin(page, base) {
  await page.goto(`${base}/web/`)
  await page.getByPlaceholder('账号').fill('admin')
  await page.getByPlaceholder('密码').fill(ADMIN_PASSWORD)
  await page.getByRole('button', { name: /登\s*录/ }).click()
  await page.waitForURL((u) => !u.pathname.endsWith('/login'))
}
