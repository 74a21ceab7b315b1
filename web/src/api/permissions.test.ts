import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { PERM } from './permissions'

const SRC = resolve(__dirname, '..')

/** What a permission looks like: 'user:list', 'dj:workbench:navbar'. */
const PERMISSION_SHAPE = /^[A-Za-z][A-Za-z0-9]*(?::[A-Za-z][A-Za-z0-9]*)+$/

/** A clock's format (formatTime(t, 'HH:mm')) has the shape too, and is none. */
const CLOCK_FORMAT = /^(HH|hh|mm|ss)(:(mm|ss))+$/

/**
 * Folders another change is rewriting while the PERM constants land: their literals must still be known
 * permissions, but they are converted to PERM.x after that change is merged (then this list empties).
 */
const LITERALS_ALLOWED_IN: string[] = []

interface Literal {
  file: string
  line: number
  text: string
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return e.name === 'test' && dir === SRC ? [] : sourceFiles(path)
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : []
  })
}

/** Every string literal of permission shape in the source (comments and template parts are not literals). */
function permissionLiterals(file: string, text = readFileSync(file, 'utf8')): Literal[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const found: Literal[] = []
  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && PERMISSION_SHAPE.test(node.text) && !CLOCK_FORMAT.test(node.text)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1
      found.push({ file: relative(SRC, file).split(sep).join('/'), line, text: node.text })
    }
    node.forEachChild(visit)
  }
  visit(source)
  return found
}

const GENERATED = join(SRC, 'api', 'permissions.ts')
const literals = sourceFiles(SRC)
  .filter((f) => f !== GENERATED)
  .flatMap((f) => permissionLiterals(f))
const known = new Set<string>(Object.values(PERM))
const where = (l: Literal) => `${l.file}:${l.line} '${l.text}'`

describe('permission strings in web/src', () => {
  it('finds the literals it is meant to find', () => {
    // Guards the scanner itself: a scan that finds nothing would pass every check below.
    const probe = [
      "const a = useHasPermission(['user:list'])",
      'const b = <Permission need={["dj:workbench:navbar"]}>x</Permission>',
      'const c = `dy:home`',
      "// 'hh:mm:ss' in a comment is no literal",
      // eslint-disable-next-line no-template-curly-in-string -- the probe is source text holding a template literal
      'const d = `${kind}:list`',
      "const e = 'YYYY-MM-DD HH:mm'",
      "const f = formatTime(t, 'HH:mm:ss')",
    ].join('\n')
    expect(permissionLiterals(join(SRC, 'probe.tsx'), probe).map((l) => `${l.line} ${l.text}`)).toEqual([
      '1 user:list',
      '2 dj:workbench:navbar',
      '3 dy:home',
    ])
  })

  it('checks only permissions the server knows (regenerate with `make perms` when one is added)', () => {
    expect(literals.filter((l) => !known.has(l.text)).map(where)).toEqual([])
  })

  it('names permissions through PERM outside the folders still being converted', () => {
    const stray = literals.filter((l) => !LITERALS_ALLOWED_IN.some((dir) => l.file.startsWith(dir)))
    expect(stray.map((l) => `${where(l)}: use PERM.${Object.entries(PERM).find(([, v]) => v === l.text)?.[0] ?? '?'}`)).toEqual([])
  })

  it('has one key per permission, each the camelCase of its string', () => {
    for (const [key, value] of Object.entries(PERM)) {
      expect(key).toBe(value.replace(/[^A-Za-z0-9]+([A-Za-z0-9])/g, (_, c: string) => c.toUpperCase()))
    }
    expect(new Set(Object.values(PERM)).size).toBe(Object.keys(PERM).length)
  })
})
