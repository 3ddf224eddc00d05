// The comment rules every hand-written source keeps: a comment says why, not the history
// (no issue numbers, no "this machine"), and no block runs over 10 lines except a file's
// header. Comments are found by the TypeScript parser, so strings and JSX text never count.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';

export const MAX_BLOCK_LINES = 10;
const SOURCES = ['packages/*/src/**', 'services/*/src/**', 'web/src/**', 'scripts/**'];
const SOURCE_FILE = /\.(ts|tsx|js|mjs|cjs)$/;
const GENERATED = [/^packages\/contracts\/src\/gen\//, /\.gen\.ts$/];
/** Our issues, by number or as "the issue"; an upstream one cited as owner/repo#123 or by URL says why. */
const ISSUE = /\bissues? #?\d+|\bthe issue\b|\bissue:|(?<![\w/&-])#\d+\b/i;
const THIS_MACHINE = /\bthis machine\b/i;

export interface CommentViolation {
  file: string;
  line: number;
  rule: string;
}

export function sourceFiles(root: string): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--', ...SOURCES.map((glob) => `:(glob)${glob}`)],
    { cwd: root, encoding: 'utf8' },
  );
  return listed
    .split('\n')
    .filter((file) => SOURCE_FILE.test(file) && !GENERATED.some((pattern) => pattern.test(file)));
}

export function commentViolations(root: string): CommentViolation[] {
  return sourceFiles(root).flatMap((file) =>
    violationsIn(file, readFileSync(join(root, file), 'utf8')),
  );
}

export function violationsIn(file: string, text: string): CommentViolation[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, scriptKind(file));
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const found: CommentViolation[] = [];
  for (const comment of comments(source)) {
    const body = text.slice(comment.pos, comment.end);
    if (ISSUE.test(body)) found.push({ file, line: lineOf(comment.pos), rule: 'issue reference' });
    if (THIS_MACHINE.test(body))
      found.push({ file, line: lineOf(comment.pos), rule: '"this machine"' });
  }
  for (const block of blocks(text, comments(source))) {
    const lines = lineOf(block.end) - lineOf(block.pos) + 1;
    const isHeader = text.slice(0, block.pos).replace(/^#!.*/, '').trim() === '';
    if (lines > MAX_BLOCK_LINES && !isHeader) {
      found.push({ file, line: lineOf(block.pos), rule: `comment block of ${lines} lines` });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

function scriptKind(file: string): ts.ScriptKind {
  if (file.endsWith('.tsx')) return ts.ScriptKind.TSX;
  return file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
}

/** Every comment once, in order: each is in the trivia before or after a token. */
function comments(source: ts.SourceFile): ts.CommentRange[] {
  const text = source.getFullText();
  const byPos = new Map<number, ts.CommentRange>();
  const visit = (node: ts.Node): void => {
    const children = node.getChildren(source);
    if (children.length === 0) {
      const leading = ts.getLeadingCommentRanges(text, node.getFullStart()) ?? [];
      const trailing = ts.getTrailingCommentRanges(text, node.end) ?? [];
      for (const range of [...leading, ...trailing]) byPos.set(range.pos, range);
    }
    children.forEach(visit);
  };
  visit(source);
  return [...byPos.values()].sort((a, b) => a.pos - b.pos);
}

/** Comments on consecutive lines with nothing else between them read as one block. */
function blocks(text: string, ranges: ts.CommentRange[]): ts.TextRange[] {
  const merged: ts.TextRange[] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    const between = last ? text.slice(last.end, range.pos) : '';
    if (last && between.trim() === '' && between.split('\n').length <= 2) last.end = range.end;
    else merged.push({ pos: range.pos, end: range.end });
  }
  return merged;
}
