// Debian's chromium driven by playwright-core (no downloaded browser), fresh profile per run.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium } from 'playwright-core'

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium'
export const ARTIFACTS = resolve(import.meta.dirname, '../artifacts')

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export async function openBrowser() {
  mkdirSync(ARTIFACTS, { recursive: true })
  const profile = mkdtempSync(join(tmpdir(), 'zhdj-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1366, height: 860 },
    locale: 'zh-CN',
  })
  // Generous: a 2-core CI machine can be slow to paint; a passing run never waits this long.
  context.setDefaultTimeout(30_000)
  return {
    context,
    async close() {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

export async function screenshot(page, name) {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: false })
}
