// The workspace boundaries are kept by the linter, not by habit: each forbidden
// import below fails `npm run lint`, and the allowed ones pass.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ESLint } from 'eslint';
import { ROOT } from '../ensure-installed.mjs';

const eslint = new ESLint({ cwd: ROOT });

async function boundaryErrors(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'boundaries/no-cross-workspace-imports').map((m) => m.message);
}

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
});
