// `layout/no-cycle`: no file may reach itself through its imports, type-only imports included. import-x/no-cycle
// skips `import type` (it has no run-time effect), but a loop of types still ties the files into one unit that can
// only be read and changed together. The module graph comes from TypeScript itself (preProcessFile reads every kind
// of import, resolveModuleName resolves like tsc does), built once per lint run.
import path from 'node:path';
import ts from 'typescript';

const compilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
  jsx: ts.JsxEmit.ReactJSX,
};
const SOURCE = /\.(?:ts|tsx|mts|cts)$/;

/** Resolved import targets of each file (our own TypeScript files only), filled as files are visited. */
const graph = new Map();

function resolve(specifier, fromFile) {
  const { resolvedModule } = ts.resolveModuleName(specifier, fromFile, compilerOptions, ts.sys);
  if (!resolvedModule || resolvedModule.isExternalLibraryImport) return null;
  const file = path.resolve(resolvedModule.resolvedFileName);
  if (file.includes(`${path.sep}node_modules${path.sep}`) || file.endsWith('.d.ts') || !SOURCE.test(file)) return null;
  return file;
}

function importsOf(file) {
  let targets = graph.get(file);
  if (targets) return targets;
  targets = [];
  graph.set(file, targets);
  const text = ts.sys.readFile(file);
  if (text === undefined) return targets;
  for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
    const target = resolve(fileName, file);
    if (target && !targets.includes(target)) targets.push(target);
  }
  return targets;
}

/** The shortest path from `start` back to `goal`, or null. */
function pathBack(start, goal) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift();
    for (const next of importsOf(file)) {
      if (next === goal) {
        const route = [];
        for (let at = file; at; at = cameFrom.get(at)) route.unshift(at);
        return route;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included' },
    schema: [],
    messages: { cycle: 'Import cycle (type imports included): {{route}}' },
  },
  create(context) {
    const file = path.resolve(context.physicalFilename);
    if (!SOURCE.test(file)) return {};
    const root = context.cwd ?? process.cwd();
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const target = resolve(node.source.value, file);
      if (!target || target === file) return;
      const route = pathBack(target, file);
      if (route)
        context.report({
          node: node.source,
          messageId: 'cycle',
          data: { route: [file, ...route, file].map((f) => path.relative(root, f)).join(' → ') },
        });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { meta: { name: 'layout' }, rules: { 'no-cycle': noCycle } };
