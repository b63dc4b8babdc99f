// The workspace boundaries are kept by the linter, not by habit: each forbidden
// import below fails `npm run lint`, and the allowed ones pass.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ESLint } from 'eslint';
import { ROOT } from '../ensure-installed.mjs';

const eslint = new ESLint({ cwd: ROOT });

async function boundaryErrors(filePath, code, rule = 'boundaries/no-cross-workspace-imports') {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

const featureErrors = (filePath, code) => boundaryErrors(filePath, code, 'boundaries/no-feature-internals');

describe('workspace boundaries (eslint)', () => {
  it('refuses a service importing another service, by name or by path', async () => {
    const file = 'services/ai-chat/src/materials/example.ts';
    assert.match(
      (await boundaryErrors(file, "import { x } from '@kerf/documents';\nexport { x };\n"))[0] ?? '',
      /must not import @kerf\/documents/,
    );
    assert.match(
      (
        await boundaryErrors(
          file,
          "import { y } from '../../../documents/src/analysis/analyze-document';\nexport { y };\n",
        )
      )[0] ?? '',
      /must not reach into services\/documents/,
    );
    assert.match(
      (await boundaryErrors(file, "import { z } from '../../../../gateway/src/main';\nexport { z };\n"))[0] ?? '',
      /must not reach into gateway/,
    );
  });

  it('refuses the platform importing a service, and lets a service import the libraries', async () => {
    assert.equal(
      (await boundaryErrors('libs/platform/src/example.ts', "import { a } from '@kerf/estimates';\nexport { a };\n"))
        .length,
      1,
    );
    assert.deepEqual(
      await boundaryErrors(
        'services/estimates/src/example.ts',
        "import { a } from '@kerf/platform';\nimport { b } from '@kerf/contracts';\nimport { c } from './engine/money';\nexport { a, b, c };\n",
      ),
      [],
    );
  });

  it("refuses a frontend feature importing another feature's files, by alias or by path", async () => {
    const file = 'frontend/src/features/chat/components/Example.tsx';
    assert.match(
      (
        await featureErrors(
          file,
          "import { formatDay } from '@/features/billing/lib/subscription';\nexport { formatDay };\n",
        )
      )[0] ?? '',
      /features\/chat must not import the internals of features\/billing/,
    );
    assert.match(
      (
        await featureErrors(
          file,
          "import { DOCUMENT_STATUS } from '../../documents/lib/document-status';\nexport { DOCUMENT_STATUS };\n",
        )
      )[0] ?? '',
      /features\/chat must not import the internals of features\/documents/,
    );
  });

  it("lets a feature import another's public index, its own files and the shared folders", async () => {
    assert.deepEqual(
      await featureErrors(
        'frontend/src/features/chat/components/Example.tsx',
        [
          "import { formatDay } from '@/features/billing';",
          "import { ChatPanel } from '@/features/chat/components/ChatPanel';",
          "import { attachments } from '../lib/attachments';",
          "import { formatSize } from '@/lib/format-size';",
          "import { Button } from '@/components/ui/button';",
          'export { formatDay, ChatPanel, attachments, formatSize, Button };',
          '',
        ].join('\n'),
      ),
      [],
    );
  });

  it('refuses a workspace importing a package its own package.json does not declare', async () => {
    // stripe is a dependency of services/billing only; estimates does not declare it.
    const errors = (file, code) => boundaryErrors(file, code, 'boundaries/declared-dependencies');
    assert.match(
      (await errors('services/estimates/src/example.ts', "import Stripe from 'stripe';\nexport { Stripe };\n"))[0] ??
        '',
      /'stripe' is imported but not declared in services\/estimates\/package\.json/,
    );
    assert.deepEqual(
      await errors(
        'services/billing/src/example.ts',
        "import Stripe from 'stripe';\nimport { readFile } from 'node:fs/promises';\nimport { z } from 'zod';\nexport { Stripe, readFile, z };\n",
      ),
      [],
    );
  });
});
