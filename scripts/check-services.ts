/**
 * Lint: one action per service file, called with one named options object.
 *
 * An action is an exported function that is async or returns a Promise. Each file under
 * src/server/services/ exports at most one; small synchronous helpers (an error factory, a
 * formatter) may sit beside it. Each file under src/server/mails/ exports one mail template. The action takes no argument or a single
 * argument whose type is a named `XOptions` type (`approveTicket({ db, ... }: ApproveTicketOptions)`),
 * never positional `(db, ...)`.
 *
 * Run by `npm run lint`; prints each offence and exits 1.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const ROOTS = ['src/server/services', 'src/server/mails'];

function sourceFiles(dir: string): string[] {
  let found: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return found;
  }
  for (const name of names) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found = found.concat(sourceFiles(path));
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) found.push(path);
  }
  return found;
}

type Exported = { name: string; node: ts.SignatureDeclarationBase; line: number };

function isExported(node: ts.Node): boolean {
  return (ts.getCombinedModifierFlags(node as ts.Declaration) & ts.ModifierFlags.Export) !== 0;
}

function exportedFunctions(file: ts.SourceFile): Exported[] {
  const out: Exported[] = [];
  const lineOf = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
  for (const statement of file.statements) {
    // An overload signature has no body: the implementation counts once.
    if (ts.isFunctionDeclaration(statement) && statement.name && statement.body && isExported(statement)) {
      out.push({ name: statement.name.text, node: statement, line: lineOf(statement) });
    }
    if (ts.isVariableStatement(statement) && isExported(statement)) {
      for (const d of statement.declarationList.declarations) {
        const init = d.initializer;
        if (init && ts.isIdentifier(d.name) && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) {
          out.push({ name: d.name.text, node: init, line: lineOf(d) });
        }
      }
    }
  }
  return out;
}

function isAction(fn: ts.SignatureDeclarationBase): boolean {
  const async = ts.getCombinedModifierFlags(fn as ts.Declaration) & ts.ModifierFlags.Async;
  if (async) return true;
  const type = fn.type;
  return (
    !!type &&
    ts.isTypeReferenceNode(type) &&
    ts.isIdentifier(type.typeName) &&
    type.typeName.text === 'Promise'
  );
}

function signatureProblem(fn: ts.SignatureDeclarationBase, name: string): string | null {
  const params = fn.parameters;
  if (params.length === 0) return null;
  const expected = `${name[0]?.toUpperCase()}${name.slice(1)}Options`;
  const [first] = params;
  const type = first?.type;
  const named =
    params.length === 1 &&
    type &&
    ts.isTypeReferenceNode(type) &&
    ts.isIdentifier(type.typeName) &&
    type.typeName.text === expected;
  return named ? null : `${name} takes one options object typed ${expected}`;
}

const problems: string[] = [];
for (const root of ROOTS) {
  for (const path of sourceFiles(root)) {
    const text = readFileSync(path, 'utf8');
    const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    const exported = exportedFunctions(file);
    // A mail template is synchronous: in mails/ every exported function counts.
    const actions = path.includes('/mails/') ? exported : exported.filter((f) => isAction(f.node));
    const where = relative(process.cwd(), path);
    if (actions.length > 1) {
      problems.push(
        `${where}: exports ${actions.length} actions (${actions.map((a) => a.name).join(', ')}); keep one per file`,
      );
    }
    for (const action of actions.filter((a) => isAction(a.node))) {
      const problem = signatureProblem(action.node, action.name);
      if (problem) problems.push(`${where}:${action.line}: ${problem}`);
    }
  }
}

if (problems.length > 0) {
  console.error(`check-services: ${problems.length} problem(s)\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('check-services: one action per file, each with its options type');
