// An ESLint rule that keeps the workspaces apart: a service never imports another
// service or the gateway, the platform imports no service, and a workspace reaches
// another only through the package names it is allowed (never a relative path
// into another workspace's folder).
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

export default { rules: { 'no-cross-workspace-imports': noCrossWorkspaceImports } };
