import { join } from 'node:path';
import { commentViolations, violationsIn } from './comment-rules';

const ROOT = join(__dirname, '..', '..');

describe('comments say why, not the history', () => {
  it('holds in every hand-written source', () => {
    const found = commentViolations(ROOT).map(({ file, line, rule }) => `${file}:${line} ${rule}`);
    expect(found).toEqual([]);
  });

  const long = (lines: number) => [
    '/**',
    ...Array.from({ length: lines - 2 }, () => ' * why'),
    ' */',
  ];

  it.each<[string, string[], string[]]>([
    ['a file header of any length', [...long(14), 'export const a = 1;'], []],
    ['a header after a shebang', ['#!/usr/bin/env node', ...long(14), 'const a = 1;'], []],
    ['a block of 10 lines', ['const a = 1;', ...long(10), 'const b = 2;'], []],
    [
      'a block of 11 lines after code',
      ['import { a } from "a";', ...long(11), 'const b = a;'],
      ['2 comment block of 11 lines'],
    ],
    [
      'line comments on consecutive lines as one block',
      ['const a = 1;', ...Array.from({ length: 11 }, () => '// why')],
      ['2 comment block of 11 lines'],
    ],
    ['an issue number', ['const a = 1; // see issue 12'], ['1 issue reference']],
    ['a bare #123', ['// header', 'const a = 1;', '/* fixed in #123 */'], ['3 issue reference']],
    ['"the issue"', ['const a = 1;', "// the issue's 1,000 requests/s"], ['2 issue reference']],
    ['an upstream issue', ['// header', 'const a = 1; // python/cpython#106905'], []],
    ['"this machine"', ['const a = 1;', '// 0.5 ms on this machine'], ['2 "this machine"']],
    ['a string, not a comment', ['const a = "// issue 12 on this machine";'], []],
  ])('%s', (_, lines, expected) => {
    const found = violationsIn('x.ts', lines.join('\n')).map(({ line, rule }) => `${line} ${rule}`);
    expect(found).toEqual(expected);
  });
});
