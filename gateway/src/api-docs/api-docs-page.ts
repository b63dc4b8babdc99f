import type { OpenApiDocument } from '@kerf/contracts/http';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The document's text is CommonMark; its code spans are all this page needs of it. */
const prose = (text: string) => escape(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const schemaBlock = (label: string, schema: unknown) =>
  `<details><summary>${escape(label)}</summary><pre>${escape(JSON.stringify(schema, null, 2))}</pre></details>`;

interface Operation {
  tags: string[];
  summary: string;
  security: unknown[];
  parameters?: Array<{ name: string; in: string; required: boolean }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}

function operationHtml(method: string, path: string, operation: Operation): string {
  const parameters = (operation.parameters ?? [])
    .map((p) => `<code>${escape(p.name)}</code> (${p.in}${p.required ? ', required' : ''})`)
    .join(', ');
  const body = Object.entries(operation.requestBody?.content ?? {})
    .map(([type, { schema }]) => schemaBlock(`Request body: ${type}`, schema))
    .join('');
  const answers = Object.entries(operation.responses)
    .filter(([status]) => status !== 'default')
    .map(([status, response]) => {
      const [type, content] = Object.entries(response.content ?? {})[0] ?? [];
      const label = `${status} ${response.description}${type && type !== 'application/json' ? ` (${type})` : ''}`;
      return content && type === 'application/json' ? schemaBlock(label, content.schema) : `<p>${escape(label)}</p>`;
    })
    .join('');
  return `<section class="op" id="${escape(`${method}-${path}`)}">
<h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code>${
    operation.security.length ? ' <span class="lock">signed in</span>' : ''
  }</h3>
<p>${prose(operation.summary)}</p>${parameters ? `<p>Parameters: ${parameters}</p>` : ''}${body}${answers}
</section>`;
}

/**
 * The OpenAPI document as a page, rendered here: no script, no font or style from
 * elsewhere, so it works offline and within the gateway's Content-Security-Policy.
 */
export function apiDocsPage(document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(methods as Record<string, Operation>)) {
      const tag = operation.tags[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, operation)]);
    }
  const sections = [...byTag]
    .map(([tag, operations]) => `<h2 id="${escape(tag)}">${escape(tag)}</h2>${operations.join('\n')}`)
    .join('\n');
  const contents = [...byTag.keys()].map((tag) => `<a href="#${escape(tag)}">${escape(tag)}</a>`).join(' · ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(document.info.title)} ${escape(document.info.version)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:960px;padding:1rem 1.25rem;color:#1f2937}
h1{margin-bottom:.25rem}h2{margin-top:2rem;border-bottom:1px solid #e5e7eb;padding-bottom:.25rem}
h3{font-size:1rem;margin:0 0 .25rem;word-break:break-all}.op{border:1px solid #e5e7eb;border-radius:8px;padding:.75rem 1rem;margin:.75rem 0}
.op p{margin:.25rem 0}.m{display:inline-block;min-width:4.2em;text-align:center;border-radius:4px;color:#fff;font-size:.8rem;padding:.1rem .3rem}
.get{background:#2563eb}.post{background:#059669}.put{background:#d97706}.patch{background:#7c3aed}.delete{background:#dc2626}
.lock{font-size:.75rem;color:#6b7280;font-weight:normal}pre{background:#f9fafb;border:1px solid #e5e7eb;border-radius:6px;padding:.5rem;overflow:auto;font-size:.8rem}
summary{cursor:pointer;margin:.25rem 0}nav{margin:.5rem 0 1rem}a{color:#1d4ed8}
</style></head><body>
<h1>${escape(document.info.title)}</h1>
<p>${prose(document.info.description)}</p>
<p>The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escape(document.openapi)}).</p>
<nav>${contents}</nav>
${sections}
</body></html>`;
}
