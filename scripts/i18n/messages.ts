// The messages the product writes, read from its source: what the catalogue check in `npm test` holds each
// language's catalogue to. A message is the literal first argument of `t(…)` (the web, while rendering) or
// `msg(…)` (a rule's message in packages/shared, or one the api writes).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const root = path.resolve(import.meta.dirname, '../..');

/** Where messages are written: the web app, the shared rules, the api. */
export const SOURCE_DIRS = ['apps/web/src', 'packages/shared/src', 'apps/api/src'];

/**
 * Folders of the web app whose every user-visible string must be a message: their JSX text and the texts of
 * their labelling attributes. Folders joined one by one as they were translated; now the whole app.
 */
export const TRANSLATED_DIRS: string[] = ['apps/web/src'];

/**
 * Folders whose sentences are the api's words to people (error envelopes, notices, mails): each must be a message
 * (`msg(…)`, or `t(…)` of a translator), so a reader of another language gets it in theirs.
 */
export const SENTENCE_DIRS: string[] = ['packages/shared/src', 'apps/api/src'];

/**
 * Files whose sentences are read by whoever runs Skillroute, not by its users: start-up failures, the health
 * check's reasons for a load balancer, the API's own documentation, the demo data's writing. They stay English.
 */
export const OPERATOR_FILES: RegExp[] = [
  /^apps\/api\/src\/seeders\//,
  /^apps\/api\/src\/(data-dir|lib\/unreachable|modules\/health\/service|db\/embedded-postgres)\.ts$/,
  /^apps\/api\/src\/plugins\/(api-docs|static-spa)\.ts$/,
  /^apps\/api\/src\/adapters\/files\//,
];

/** Attributes a person reads or hears. */
const READ_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'placeholder', 'title', 'alt', 'label']);

/** Words that stay as they are in every language (names): JSX text made only of these is not a message. */
export const UNTRANSLATED_TEXTS = new Set([
  'Skillroute',
  'Google',
  'GitHub',
  'LinkedIn',
  'Razorpay',
  'Stripe',
  // Indian payment systems' names, as banks and apps print them.
  'UPI',
  'IFSC',
]);

export interface Found {
  file: string;
  line: number;
}

export interface Extracted {
  /** Every message source, with where it is written. */
  messages: Map<string, Found[]>;
  /** What breaks the rules: a `t`/`msg` whose message is not a literal, a `t` called when a module loads. */
  problems: string[];
  /** User-visible strings outside a message in the translated folders. */
  literals: string[];
  /** Sentences the api or a shared rule writes for people outside a message. */
  sentences: string[];
}

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') files.push(...sourceFiles(full));
    } else if (
      /\.tsx?$/.test(entry.name) &&
      !/\.(test|spec)\.tsx?$/.test(entry.name) &&
      !entry.name.endsWith('.d.ts')
    )
      files.push(full);
  }
  return files;
}

const literalText = (node: ts.Node | undefined): string | undefined =>
  node !== undefined && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    ? node.text
    : undefined;

/** Inside a function (or a class member): a `t` there runs when the code is called, not when the module loads. */
function insideFunction(node: ts.Node): boolean {
  for (let current = node.parent; current !== undefined; current = current.parent)
    if (ts.isFunctionLike(current) || ts.isClassStaticBlockDeclaration(current)) return true;
  return false;
}

const hasWords = (text: string) => /\p{L}{2,}/u.test(text);

/** A sentence a person reads: a capital, three words or more, and a full stop, question or exclamation mark. */
const isSentence = (text: string) => /^[A-Z]\S*(\s+\S+){2,}[.!?]$/s.test(text.trim());

/** A string's text, a template's with `${…}` for each substitution. */
function stringText(node: ts.Node): string | undefined {
  const literal = literalText(node);
  if (literal !== undefined) return literal;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((span) => `\${…}${span.literal.text}`).join('');
  return undefined;
}

/**
 * Where a string is not for people: an Error's message (a fault of ours: logged, never sent), a log line, an
 * OpenAPI schema's summary or description, or the message of a `t`/`msg` itself.
 */
function notForPeople(node: ts.Node): boolean {
  for (let current = node.parent; current !== undefined; current = current.parent) {
    if (ts.isNewExpression(current) && ts.isIdentifier(current.expression))
      if (/Error$/.test(current.expression.text) && current.expression.text !== 'AppError') return true;
    if (ts.isCallExpression(current)) {
      const callee = current.expression;
      if (ts.isIdentifier(callee) && (callee.text === 't' || callee.text === 'msg')) return true;
      if (ts.isPropertyAccessExpression(callee)) {
        const owner = callee.expression.getText();
        if (/(^|\.)(log|logger|console)$/.test(owner)) return true;
      }
    }
    if (ts.isPropertyAssignment(current) && current.name.getText() === 'schema') return true;
    if (ts.isFunctionLike(current) && current.parent !== undefined && ts.isSourceFile(current.parent)) break;
  }
  return false;
}

/** The sentences for people in a file that are not messages, with their lines. */
export function sentencesOutsideMessages(sourceFile: ts.SourceFile): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    const text = stringText(node);
    if (text !== undefined && isSentence(text) && !notForPeople(node))
      found.push({ line: sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1, text });
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

export function extractMessages(dirs: readonly string[] = SOURCE_DIRS): Extracted {
  const messages = new Map<string, Found[]>();
  const problems: string[] = [];
  const literals: string[] = [];
  const sentences: string[] = [];
  for (const dir of dirs) {
    for (const file of sourceFiles(path.join(root, dir))) {
      const relative = path.relative(root, file);
      // The translation machinery passes messages on; it writes none of its own.
      if (/(^|\/)i18n(\/|\.ts$)/.test(relative)) continue;
      const text = readFileSync(file, 'utf8');
      const sentenced =
        SENTENCE_DIRS.some((folder) => relative.startsWith(`${folder}/`)) &&
        !OPERATOR_FILES.some((pattern) => pattern.test(relative));
      if (!/\b(t|msg)\(/.test(text) && !file.endsWith('.tsx') && !sentenced) continue;
      const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
      const translated = TRANSLATED_DIRS.some((folder) => relative.startsWith(`${folder}/`));
      const where = (node: ts.Node): Found => ({
        file: relative,
        line: sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      });
      const visit = (node: ts.Node): void => {
        if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
          const name = node.expression.text;
          if (name === 't' || name === 'msg') {
            const at = where(node);
            const source = literalText(node.arguments[0]);
            if (source === undefined)
              problems.push(
                `${at.file}:${at.line}: ${name}(…) needs its English message written there, as a literal`,
              );
            else messages.set(source, [...(messages.get(source) ?? []), at]);
            if (name === 't' && !insideFunction(node))
              problems.push(
                `${at.file}:${at.line}: t(…) runs when the module loads, before a language is chosen`,
              );
          }
        }
        if (translated) {
          if (ts.isJsxText(node) && hasWords(node.text) && !UNTRANSLATED_TEXTS.has(node.text.trim())) {
            const at = where(node);
            literals.push(
              `${at.file}:${at.line}: “${node.text.trim().slice(0, 60)}” is not a message (t(…))`,
            );
          }
          if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(sourceFile))) {
            const value = node.initializer;
            const literal =
              value === undefined
                ? undefined
                : ts.isStringLiteral(value)
                  ? value.text
                  : ts.isJsxExpression(value)
                    ? literalText(value.expression)
                    : undefined;
            if (literal !== undefined && hasWords(literal) && !UNTRANSLATED_TEXTS.has(literal)) {
              const at = where(node);
              literals.push(
                `${at.file}:${at.line}: ${node.name.getText(sourceFile)}="${literal.slice(0, 60)}" is not a message (t(…))`,
              );
            }
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(sourceFile);
      if (sentenced)
        for (const { line, text } of sentencesOutsideMessages(sourceFile))
          sentences.push(`${relative}:${line}: “${text.slice(0, 70)}” is not a message (msg(…))`);
    }
  }
  return { messages, problems, literals, sentences };
}
