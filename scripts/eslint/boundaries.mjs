// An ESLint rule that keeps the workspaces apart: a service never imports another
// service or the gateway, the platform imports no service, and a workspace reaches
// another only through the package names it is allowed (never a relative path
// into another workspace's folder). In the frontend, a feature uses another
// feature only through that feature's public index (`@/features/<name>`), never
// its files: what several features share lives in src/lib or src/components.
import { existsSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const WORKSPACE = /^(gateway|frontend|e2e|scripts|deploy|services\/[^/]+|libs\/[^/]+)(?:\/|$)/;

/** The @kerf packages each kind of workspace may import. */
const ALLOWED = {
  service: ['@kerf/contracts', '@kerf/platform', '@kerf/takeoff'],
  gateway: ['@kerf/contracts', '@kerf/platform', '@kerf/takeoff'],
  'libs/platform': ['@kerf/contracts'],
  'libs/contracts': [],
  'libs/takeoff': ['@kerf/contracts'],
  frontend: ['@kerf/contracts', '@kerf/takeoff'],
};

function workspaceOf(file) {
  return WORKSPACE.exec(relative(ROOT, file).split('\\').join('/'))?.[1];
}

function allowedFor(workspace) {
  if (workspace.startsWith('services/')) return ALLOWED.service;
  return ALLOWED[workspace];
}

const noCrossWorkspaceImports = {
  meta: {
    type: 'problem',
    docs: { description: 'A workspace imports another only through the @kerf packages it is allowed' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const own = workspaceOf(file);
    const allowed = own && allowedFor(own);
    if (!allowed) return {};
    function check(node, specifier) {
      if (typeof specifier !== 'string') return;
      if (specifier.startsWith('.')) {
        const target = workspaceOf(resolve(dirname(file), specifier));
        if (target && target !== own)
          context.report({
            node,
            message: `${own} must not reach into ${target} by a relative path ('${specifier}').`,
          });
        return;
      }
      const scoped = /^@kerf\/[^/]+/.exec(specifier)?.[0];
      if (scoped && !allowed.includes(scoped))
        context.report({
          node,
          message: `${own} must not import ${scoped}: it may import ${allowed.join(', ') || 'no @kerf package'}.`,
        });
    }
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

const FRONTEND_SRC = resolve(ROOT, 'frontend/src');
const FEATURE = /^features\/([^/]+)(?:\/(.*))?$/;

/** `{ name, rest }` of the feature a frontend path lies in, or undefined. */
function featureOf(path) {
  const match = FEATURE.exec(relative(FRONTEND_SRC, path).split('\\').join('/'));
  return match ? { name: match[1], rest: match[2] ?? '' } : undefined;
}

const noFeatureInternals = {
  meta: {
    type: 'problem',
    docs: { description: 'A frontend feature imports another feature only through its public index' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const own = featureOf(file);
    if (!own) return {};
    function check(node, specifier) {
      if (typeof specifier !== 'string') return;
      let target;
      if (specifier.startsWith('@/')) target = resolve(FRONTEND_SRC, specifier.slice(2));
      else if (specifier.startsWith('.')) target = resolve(dirname(file), specifier);
      else return;
      const feature = featureOf(target);
      if (!feature || feature.name === own.name) return;
      if (feature.rest === '' || feature.rest === 'index' || feature.rest === 'index.ts') return;
      context.report({
        node,
        message: `features/${own.name} must not import the internals of features/${feature.name} ('${specifier}'): import '@/features/${feature.name}' (its public index), or move what both use to src/lib or src/components.`,
      });
    }
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

/** The package names a package.json declares (dependencies of every kind). */
const declaredCache = new Map();
function declaredBy(manifest) {
  if (!declaredCache.has(manifest)) {
    const json = JSON.parse(readFileSync(manifest, 'utf8'));
    const names = new Set([json.name]);
    for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'])
      for (const name of Object.keys(json[field] ?? {})) names.add(name);
    // The root's scripts (chaos, benchmarks) may use the workspaces it holds.
    for (const workspace of json.workspaces ?? [])
      names.add(JSON.parse(readFileSync(resolve(dirname(manifest), workspace, 'package.json'), 'utf8')).name);
    declaredCache.set(manifest, names);
  }
  return declaredCache.get(manifest);
}

/** The package.json of the workspace a file belongs to (the root one for scripts/, e2e/, deploy/). */
function manifestOf(file) {
  for (let dir = dirname(file); dir.startsWith(ROOT); dir = dirname(dir)) {
    const manifest = resolve(dir, 'package.json');
    if (existsSync(manifest)) return manifest;
    if (dir === ROOT) break;
  }
  return undefined;
}

/** 'react-dom/client' → 'react-dom', '@nestjs/core/x' → '@nestjs/core'; undefined for paths and aliases. */
function packageName(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('@/')) return undefined;
  if (isBuiltin(specifier)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const declaredDependencies = {
  meta: {
    type: 'problem',
    docs: { description: 'A workspace imports only the packages its own package.json declares' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const manifest = manifestOf(file);
    if (!manifest) return {};
    const declared = declaredBy(manifest);
    function check(node, specifier) {
      if (typeof specifier !== 'string') return;
      const name = packageName(specifier);
      if (!name || declared.has(name) || declared.has(`@types/${name.replace(/^@([^/]+)\//, '$1__')}`)) return;
      context.report({
        node,
        message: `'${name}' is imported but not declared in ${relative(ROOT, manifest)}: add it there (npm install ${name} -w <workspace>).`,
      });
    }
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default {
  rules: {
    'declared-dependencies': declaredDependencies,
    'no-cross-workspace-imports': noCrossWorkspaceImports,
    'no-feature-internals': noFeatureInternals,
  },
};
