/*
 * Finds the modules that put text in front of a visitor on the clinical screens (the care
 * advice, the emergency check, the results page, the questionnaire's steps) but are left out
 * of the clinical review's hash (CLINICAL_CONTENT_SOURCES), so a change to them would keep
 * "Medically reviewed" on the site.
 *
 * The modules are the import closure of the entry files: relative imports and the workspace
 * packages (`@handcheck/...`, resolved to their sources through tsconfig.json's paths, as jest
 * and Vite do), by import and export-from declarations, import() and require(). Type-only
 * imports bring no text and are not followed; npm packages, `.d.ts`, JSON and CSS are not read.
 *
 * "Visitor-facing text" is decided on the TypeScript syntax tree, so comments never count:
 * JSX text of at least 2 words, or a string (a literal, or the literal parts of a template) of
 * at least 4 words, that is not a module path, a literal type, CSS or SVG path data, or the value
 * of a styling / test id / routing attribute or property (NOT_TEXT_NAMES). A word is a run of
 * letters, possibly joined by ' or - ("children's", "long-term"); "px-4" or "999" is not one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import * as ts from 'typescript';
import { clinicalContentFiles } from '../../scripts/clinical-review/content-hash';

export const MIN_JSX_WORDS = 2;
export const MIN_STRING_WORDS = 4;

/** Attributes and properties whose values style, identify or route, and are never read. */
const NOT_TEXT_NAMES =
  /^(className|class|sx|style|styles|css|id|key|href|to|src|path|pathname|search|hash|role|type|variant|color|component|as|rel|target|htmlFor|autoComplete|inputMode|slot|ref|data-.*|.*test[-_]?id|event|eventName)$/i;

export interface UncoveredModule {
  /** Path relative to the root, with "/". */
  file: string;
  /** The first visitor-facing text found in it. */
  example: string;
}

export interface UncoveredTextOptions {
  root: string;
  /** The files whose import closure is checked, relative to the root. */
  entries: readonly string[];
  /** What the hash covers (files, or directories covering every file under them). */
  sources: readonly string[];
  /** Files or directories known to hold no clinical text, each with the reason. */
  allowed?: ReadonlyMap<string, string>;
}

/** The modules of the entries' closure that hold visitor-facing text but are not hashed. */
export function uncoveredTextModules(options: UncoveredTextOptions): UncoveredModule[] {
  const { root, entries, sources, allowed = new Map() } = options;
  const covered = new Set(clinicalContentFiles(root, sources));
  // Expanded the way the hash expands its sources; a stale entry (a missing path) throws.
  const skipped = new Set(clinicalContentFiles(root, [...allowed.keys()]));
  return importClosure(root, entries)
    .filter((file) => !covered.has(file) && !skipped.has(file))
    .flatMap((file) => {
      const [example] = visitorTexts(file, readFileSync(join(root, file), 'utf8'));
      return example === undefined ? [] : [{ file, example }];
    });
}

/** Every code module (.ts/.tsx, tests excluded) the entries load, entries included, sorted. */
export function importClosure(root: string, entries: readonly string[]): string[] {
  const options = resolutionOptions(root);
  const host: ts.ModuleResolutionHost = ts.sys;
  const seen = new Set<string>();
  const queue = entries.map((entry) => join(root, entry));
  for (let absolute = queue.pop(); absolute !== undefined; absolute = queue.pop()) {
    const file = relative(root, absolute).split(sep).join('/');
    if (seen.has(file)) continue;
    if (!existsSync(absolute)) throw new Error(`${file} does not exist`);
    seen.add(file);
    for (const specifier of importedModules(absolute, readFileSync(absolute, 'utf8'))) {
      const resolved = ts.resolveModuleName(specifier, absolute, options, host).resolvedModule;
      if (!resolved) {
        // A relative import of code that does not resolve would silently shrink the closure.
        if (specifier.startsWith('.') && !/\.(css|svg|png|jpe?g|webp|json)(\?.*)?$/.test(specifier))
          throw new Error(`${file}: cannot resolve '${specifier}'`);
        continue;
      }
      const target = resolved.resolvedFileName;
      if (resolved.isExternalLibraryImport || target.includes('/node_modules/')) continue;
      if (!/\.tsx?$/.test(target) || target.endsWith('.d.ts')) continue;
      if (/\.spec\.tsx?$/.test(target)) continue;
      queue.push(target);
    }
  }
  return [...seen].sort();
}

/** Bundler resolution with the repository's workspace paths (tsconfig.json), as in jest. */
function resolutionOptions(root: string): ts.CompilerOptions {
  const tsconfig = join(root, 'tsconfig.json');
  let paths: ts.MapLike<string[]> | undefined;
  if (existsSync(tsconfig)) {
    const { config, error } = ts.readConfigFile(tsconfig, ts.sys.readFile);
    if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
    paths = config.compilerOptions?.paths;
  }
  return {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    resolveJsonModule: true,
    baseUrl: root,
    paths,
  };
}

function parse(file: string, text: string): ts.SourceFile {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
}

/** The module specifiers a file loads at run time. */
export function importedModules(file: string, text: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!isTypeOnlyImport(node)) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      if (!isTypeOnlyExport(node)) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && isModuleLoad(node)) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(file, text));
  return found;
}

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // a side-effect import: `import './x'`
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return (
    !clause.name &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

function isTypeOnlyExport(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return (
    clause !== undefined &&
    ts.isNamedExports(clause) &&
    clause.elements.length > 0 &&
    clause.elements.every((element) => element.isTypeOnly)
  );
}

function isModuleLoad(node: ts.CallExpression): boolean {
  const callee = node.expression;
  return (
    callee.kind === ts.SyntaxKind.ImportKeyword ||
    (ts.isIdentifier(callee) && callee.text === 'require')
  );
}

/** Counts the words of letters ("children's" and "long-term" are one each). */
export function wordCount(text: string): number {
  return text
    .split(/\s+/)
    .map((token) => token.replace(/^[("'“‘[¿¡]+|[)"'”’.,;:!?…\]]+$/gu, ''))
    .filter((token) => /^\p{L}+(?:['’-]\p{L}+)*$/u.test(token)).length;
}

/** Class lists ("flex items-center gap-2"), CSS declarations, media queries, SVG path data. */
export function looksLikeCode(text: string): boolean {
  const trimmed = text.trim();
  if (/^[MLHVCSQTAZ][MLHVCSQTAZ\d\s.,…-]*$/i.test(trimmed)) return true;
  if (/^@?\(?[a-z-]+\s*:\s*[^;]+(;\s*[a-z-]+\s*:\s*[^;]+)*;?\)?$/.test(trimmed)) {
    return !/[A-Z]/.test(trimmed) && /[;:]\s*[\d#(]|;|^[a-z-]+:\s*[a-z-]+$/.test(trimmed);
  }
  if (/[A-Z]/.test(trimmed) || /[.,!?]\s/.test(trimmed)) return false;
  const tokens = trimmed.split(/\s+/);
  const technical = tokens.filter((token) => /[-:[\]/#\d_]/.test(token)).length;
  return technical * 2 >= tokens.length;
}

/** The visitor-facing texts of a module, in source order. */
export function visitorTexts(file: string, text: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) {
      const value = node.text.replace(/\s+/g, ' ').trim();
      if (wordCount(value) >= MIN_JSX_WORDS) found.push(value);
    } else if (ts.isStringLiteralLike(node) || ts.isTemplateExpression(node)) {
      const value = ts.isTemplateExpression(node)
        ? [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' … ')
        : node.text;
      if (wordCount(value) >= MIN_STRING_WORDS && !looksLikeCode(value) && !isNotText(node))
        found.push(value.replace(/\s+/g, ' ').trim());
      return; // a template's substitutions are code, checked as its own strings are not
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(file, text));
  return found;
}

/** A module path, a type, or the value (at any depth) of a styling or id attribute. */
function isNotText(node: ts.Node): boolean {
  const parent = node.parent;
  if (
    (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) &&
    parent.moduleSpecifier === node
  )
    return true;
  if (ts.isExternalModuleReference(parent) || ts.isImportTypeNode(parent.parent)) return true;
  if (ts.isCallExpression(parent) && isModuleLoad(parent)) return true;
  if (ts.isPropertyAssignment(parent) && parent.name === node) return true; // a key
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isLiteralTypeNode(at)) return true;
    if (ts.isJsxAttribute(at) && NOT_TEXT_NAMES.test(at.name.getText())) return true;
    if (ts.isPropertyAssignment(at) && NOT_TEXT_NAMES.test(propertyName(at.name))) return true;
    if (ts.isStatement(at) || ts.isJsxElement(at)) break;
  }
  return false;
}

function propertyName(name: ts.PropertyName): string {
  return ts.isIdentifier(name) || ts.isStringLiteralLike(name) ? name.text : '';
}
