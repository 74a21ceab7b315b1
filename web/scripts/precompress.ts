// Vite plugin: after the build, writes a brotli (.br) and a gzip (.gz) twin beside every text asset
// worth compressing. The Go server (web/precompressed.go) sends the twin the browser accepts, so the
// assets travel compressed without compressing them again on every request.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { extname, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

/** Types the server knows from the extension (it cannot sniff a compressed body). */
const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt'])
/** Below this, the framing eats most of the gain. */
export const MIN_SIZE = 1024

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

/** The twins of one file's content: only those smaller than the file itself. */
export async function twinsOf(content: Buffer): Promise<{ suffix: string; data: Buffer }[]> {
  if (content.length < MIN_SIZE) return []
  const [br, gzipped] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gz(content, { level: constants.Z_BEST_COMPRESSION }),
  ])
  return [
    { suffix: '.br', data: br },
    { suffix: '.gz', data: gzipped },
  ].filter((t) => t.data.length < content.length)
}

/** Writes the twins of every compressible file under dir (dot entries such as .vite/ are build internals). */
export async function precompressDir(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const files = entries
    .filter((e) => e.isFile() && COMPRESSIBLE.has(extname(e.name)))
    .map((e) => join(e.parentPath, e.name))
    .filter((f) => !f.slice(dir.length).split(/[\\/]/).some((seg) => seg.startsWith('.')))
  let written = 0
  await Promise.all(
    files.map(async (file) => {
      for (const twin of await twinsOf(await readFile(file))) {
        await writeFile(file + twin.suffix, twin.data)
        written++
      }
    }),
  )
  return written
}

export function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'zhdj-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      const n = await precompressDir(outDir)
      this.info?.(`precompressed: ${n} .br/.gz files`)
    },
  }
}
