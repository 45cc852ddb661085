// Every package.json declares what its code imports, and nothing it does not (run by `npm run lint`).
//
//   node tools/check-dependencies.mjs        # prints each problem, exits 1 when there is one
//   node tools/check-dependencies.mjs --fix  # declares what is missing, removes what is unused (then npm install)
//   node tools/check-dependencies.mjs --json [--root DIR]   # the problems as JSON (tests/deploy/dependencies.test.ts)
//
// A workspace (libs/*, services/*, console) is installed alone into its image (`npm install --omit=dev
// --workspace …`): a package its code imports but does not declare would only resolve because npm hoisted it
// for another workspace. The rules, per workspace:
//   - code under src/ that runs (not *.spec/*.test files) imports only its `dependencies`;
//   - a type-only import (`import type`) may also come from its `devDependencies` (it is erased when compiled);
//   - tests and config files may also use the root's devDependencies (the shared toolchain);
//   - every declared package is used: imported, named by a config or a script (a jest transform, a CLI), the
//     `@types/` of a used package, or a peer dependency of one.
// The root package.json (deploy/, tests/, the config files) follows the last two rules with its devDependencies.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
const TEST_FILE = /(?:^|\/)(?:test|tests)\/|\.(?:spec|test|e2e)\.[cm]?[jt]sx?$/;
const CONFIG_FILE = /(?:^|\/)[^/]*\.config\.[cm]?[jt]s$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', '.cache', '.local', 'coverage', 'results', 'playwright-report', 'test-results']);
const BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/** The package a module specifier names: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`; null for files and built-ins. */
export function packageOf(specifier) {
  const bare = specifier.split('?')[0];
  if (!bare || bare.startsWith('.') || bare.startsWith('/') || bare.startsWith('virtual:') || BUILTINS.has(bare)) return null;
  if (bare.startsWith('node:')) return null;
  const parts = bare.split('/');
  return bare.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function walk(dir, skip, files = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !skip.has(path)) walk(path, skip, files);
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(path);
  }
  return files;
}

/** Module specifiers of a file: { specifier, typeOnly } for imports, exports-from, require, require.resolve, import(), jest.mock. */
export function importsOf(ts, path, text = readFileSync(path, 'utf8')) {
  const kind = path.endsWith('x') ? ts.ScriptKind.TSX : path.endsWith('.ts') || path.endsWith('.mts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, kind);
  const found = [];
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const clause = ts.isImportDeclaration(node) ? node.importClause : node;
      const namedTypesOnly =
        ts.isImportDeclaration(node) &&
        clause &&
        !clause.name &&
        clause.namedBindings &&
        ts.isNamedImports(clause.namedBindings) &&
        clause.namedBindings.elements.length > 0 &&
        clause.namedBindings.elements.every((element) => element.isTypeOnly);
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: Boolean(clause?.isTypeOnly || namedTypesOnly) });
    } else if (ts.isImportTypeNode?.(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    } else if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0])) {
      const callee = node.expression.getText(source);
      if (
        ['require', 'require.resolve', 'jest.mock', 'jest.requireActual', 'vi.mock'].includes(callee) ||
        node.expression.kind === ts.SyntaxKind.ImportKeyword
      ) {
        found.push({ specifier: node.arguments[0].text, typeOnly: false });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** String literals of config files and the words of scripts: how CLIs, jest transforms and test environments are named. */
function namedIn(ts, files, scripts) {
  const names = new Set();
  for (const path of files) {
    const text = readFileSync(path, 'utf8');
    for (const match of text.matchAll(/node_modules\/((?:@[\w.-]+\/)?[\w.-]+)/g)) if (match[1] !== '.bin') names.add(match[1]);
    for (const match of text.matchAll(/node_modules\/\.bin\/([\w.-]+)/g)) names.add(`bin:${match[1]}`);
    if (!SOURCE.test(path)) continue;
    // A string naming a package (a jest transform, a test environment) or a path in one (`kubernetes-models/${…}`).
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false);
    const visit = (node) => {
      if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node)) {
        const name = packageOf(node.text);
        if (name && /^(@[\w.-]+\/)?[\w.-]+$/.test(name)) names.add(name);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  for (const script of scripts) for (const word of script.split(/[\s;&|()]+/)) if (word) names.add(`bin:${word}`);
  return names;
}

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** The manifest of an installed package (hoisted or the workspace's own), or null. */
function installed(root, workspaceDir, name) {
  for (const dir of [join(workspaceDir, 'node_modules', name), join(root, 'node_modules', name)]) {
    if (existsSync(join(dir, 'package.json'))) return readJson(join(dir, 'package.json'));
  }
  return null;
}

function binsOf(manifest) {
  if (!manifest?.bin) return [];
  return typeof manifest.bin === 'string' ? [manifest.name.split('/').pop()] : Object.keys(manifest.bin);
}

function workspaceDirs(root, manifest) {
  const dirs = [];
  for (const pattern of manifest.workspaces ?? []) {
    if (pattern.endsWith('/*')) {
      const parent = join(root, pattern.slice(0, -2));
      if (!existsSync(parent)) continue;
      for (const name of readdirSync(parent)) {
        if (existsSync(join(parent, name, 'package.json'))) dirs.push(join(parent, name));
      }
    } else if (existsSync(join(root, pattern, 'package.json'))) dirs.push(join(root, pattern));
  }
  return dirs;
}

/**
 * Problems of every package.json under `root` (the repository): [] when each declares exactly what it uses.
 * Each is { where, name, section, message }: section is where an undeclared package belongs, null for an unused one.
 */
export function checkDependencies(root) {
  const ts = createRequire(import.meta.url)('typescript');
  const rootManifest = readJson(join(root, 'package.json'));
  const workspaces = workspaceDirs(root, rootManifest);
  const workspaceNames = new Set(workspaces.map((dir) => readJson(join(dir, 'package.json')).name));
  const rootDev = new Set(Object.keys({ ...rootManifest.dependencies, ...rootManifest.devDependencies }));
  const problems = [];

  /** Root devDependencies that the workspaces' tests use (the shared toolchain). */
  const usedFromRoot = new Set();
  const units = [
    ...workspaces.map((dir) => ({ dir, files: walk(dir, new Set()), root: false })),
    { dir: root, files: walk(root, new Set(workspaces)), root: true },
  ];
  for (const unit of units) {
    const manifest = readJson(join(unit.dir, 'package.json'));
    const where = relative(root, join(unit.dir, 'package.json')) || 'package.json';
    const deps = new Set(Object.keys(manifest.dependencies ?? {}));
    const devDeps = new Set(Object.keys(manifest.devDependencies ?? {}));
    const used = new Set();
    /** Undeclared packages: name → { section it belongs in, the files that import it }. */
    const missing = new Map();
    const miss = (name, section, file) => {
      const entry = missing.get(name) ?? { section, files: [] };
      if (section === 'dependencies') entry.section = section;
      entry.files.push(file);
      missing.set(name, entry);
    };
    for (const path of unit.files) {
      const file = relative(root, path).split(sep).join('/');
      const inWorkspace = relative(unit.dir, path).split(sep).join('/');
      // Outside src/ (tests, vite.config.ts…) and the spec files inside it: never part of an image.
      const dev = unit.root || TEST_FILE.test(inWorkspace) || !inWorkspace.startsWith('src/');
      for (const { specifier, typeOnly } of importsOf(ts, path)) {
        const name = packageOf(specifier);
        if (!name || name === manifest.name) continue;
        used.add(name);
        if (unit.root && workspaceNames.has(name)) continue; // the root's tests load the workspaces themselves
        if (!dev && !typeOnly && !deps.has(name)) miss(name, 'dependencies', file);
        else if (!deps.has(name) && !devDeps.has(name)) {
          if (dev && rootDev.has(name)) usedFromRoot.add(name);
          else miss(name, typeOnly && !unit.root ? 'dependencies' : 'devDependencies', file);
        }
      }
    }
    for (const [name, { section, files }] of missing) {
      const example = `${files[0]}${files.length > 1 ? ` and ${files.length - 1} more` : ''}`;
      const detail = devDeps.has(name) && section === 'dependencies' ? ' (only a devDependency: an image would lack it)' : '';
      problems.push({ where, name, section, message: `${where}: ${name} is imported (${example}) but not in ${section}${detail}` });
    }
    // What configs and scripts name: the package, or one of its commands.
    const scriptFiles = unit.root
      ? [...unit.files, ...['.ci/run', 'deploy/local/bootstrap.sh'].map((p) => join(root, p)).filter(existsSync)]
      : unit.files.filter((path) => !relative(unit.dir, path).startsWith(`src${sep}`) || CONFIG_FILE.test(path));
    const named = namedIn(ts, scriptFiles, Object.values(manifest.scripts ?? {}));
    const isUsed = (name) =>
      used.has(name) ||
      (unit.root && usedFromRoot.has(name)) ||
      named.has(name) ||
      binsOf(installed(root, unit.dir, name)).some((bin) => named.has(`bin:${bin}`)) ||
      (name.startsWith('@types/') && [...deps, ...devDeps, ...used].some((other) => typesName(other) === name));
    const direct = [...deps, ...devDeps].filter(isUsed);
    // Peers of what is used (e.g. passport for @nestjs/passport) must be declared beside it.
    const peers = new Set();
    for (const name of direct) {
      const meta = installed(root, unit.dir, name);
      for (const peer of Object.keys(meta?.peerDependencies ?? {})) {
        if (!meta.peerDependenciesMeta?.[peer]?.optional) peers.add(peer);
      }
    }
    for (const name of [...deps, ...devDeps]) {
      if (!isUsed(name) && !peers.has(name))
        problems.push({ where, name, section: null, message: `${where}: declares ${name}, which nothing in it imports or names` });
    }
  }
  return problems;
}

/** --fix: adds each undeclared package with the range the repository already uses (else ^installed), removes unused ones. */
function fix(root, problems) {
  const manifests = [
    join(root, 'package.json'),
    ...workspaceDirs(root, readJson(join(root, 'package.json'))).map((d) => join(d, 'package.json')),
  ];
  const rangeOf = (name) => {
    for (const path of manifests) {
      const m = readJson(path);
      const range = m.dependencies?.[name] ?? m.devDependencies?.[name];
      if (range) return range;
    }
    const version = installed(root, root, name)?.version;
    if (!version) throw new Error(`--fix: ${name} is not installed`);
    return `^${version}`;
  };
  const sorted = (object) => Object.fromEntries(Object.entries(object).sort(([a], [b]) => a.localeCompare(b)));
  for (const [where, list] of Object.entries(Object.groupBy(problems, (p) => p.where))) {
    const path = join(root, where);
    const manifest = readJson(path);
    for (const { name, section } of list) {
      if (section) {
        if (section === 'dependencies') delete manifest.devDependencies?.[name];
        manifest[section] = sorted({ ...manifest[section], [name]: rangeOf(name) });
      } else {
        delete manifest.dependencies?.[name];
        delete manifest.devDependencies?.[name];
      }
    }
    for (const section of ['dependencies', 'devDependencies'])
      if (manifest[section] && !Object.keys(manifest[section]).length) delete manifest[section];
    writeFileSync(path, `${JSON.stringify(manifest, null, 2)}\n`);
  }
  problems.splice(0, problems.length);
}

/** `@types/` package of a package: `pg` → `@types/pg`, `@scope/name` → `@types/scope__name`. */
function typesName(name) {
  return name.startsWith('@') ? `@types/${name.slice(1).replace('/', '__')}` : `@types/${name}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values: args } = parseArgs({ options: { root: { type: 'string' }, fix: { type: 'boolean' }, json: { type: 'boolean' } } });
  const root = resolve(args.root ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
  const problems = checkDependencies(root);
  if (args.json) {
    console.log(JSON.stringify(problems));
    process.exit(problems.length ? 1 : 0);
  }
  if (args.fix) fix(root, problems);
  for (const problem of problems) console.error(`✗ ${problem.message}`);
  if (problems.length) {
    console.error(`${problems.length} dependency declaration problem(s): fix the package.json named on each line.`);
    process.exit(1);
  }
  console.log('dependencies: every package.json declares what its code imports, and nothing else');
}
