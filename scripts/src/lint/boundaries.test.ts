import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Issue 14: the workspace boundaries of docs/architecture.md are lint rules (eslint.config.js). These plant
// imports in files that do not exist (ESLint lints the text as if it stood at that path) and check that the
// rule fires on the forbidden ones and stays quiet on the allowed ones.

const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('workspace boundaries', () => {
  it.each([
    "import type { OwnProfile } from '@mp/api/features/profiles/profile-view.schema';",
    "import { buildApp } from '@mp/api';",
    "import { QUEUES } from '@mp/indexer/queues';",
    "import type { Database } from '@mp/migrations/database';",
    "import { loadConfig } from '../../../../api/src/config';",
  ])('refuses %s in the web app', async (code) => {
    const messages = await restrictedImports('web/src/features/planted/planted.ts', `${code}\nexport {};\n`);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('@mp/api-contract');
  });

  it('lets the web app import the contract, domain, search-schema and its own feature folders', async () => {
    const code = [
      "import type { OwnProfile } from '@mp/api-contract/profile-view.schema';",
      "import { ERROR_CODE } from '@mp/api-contract/error-codes';",
      "import type { Locale } from '@mp/domain/locale';",
      "import type { SearchCriteriaInput } from '@mp/search-schema/criteria.schema';",
      "import { fetchOwnProfile } from '../api/profile';",
      'export type T = [OwnProfile, typeof ERROR_CODE, Locale, SearchCriteriaInput, typeof fetchOwnProfile];',
    ].join('\n');
    expect(await restrictedImports('web/src/features/planted/components/planted.tsx', code)).toEqual([]);
  });

  it('refuses the API in the indexer', async () => {
    const code = "import { changeProfile } from '@mp/api/features/profiles/profile.service';\nexport {};\n";
    expect(await restrictedImports('indexer/src/jobs/planted.job.ts', code)).toHaveLength(1);
  });

  it("refuses another feature's repository in an API feature, not its own", async () => {
    const other = "import { findUserById } from '../users/users.repository';\nexport {};\n";
    expect(await restrictedImports('api/src/features/planted/planted.service.ts', other)).toHaveLength(1);
    const own = "import { findPlanted } from './planted.repository';\nexport {};\n";
    expect(await restrictedImports('api/src/features/planted/planted.service.ts', own)).toEqual([]);
    const service = "import { getUserResponse } from '../users/users.service';\nexport {};\n";
    expect(await restrictedImports('api/src/features/planted/planted.service.ts', service)).toEqual([]);
  });

  it('keeps the contract pure', async () => {
    const code = "import type { AppConfig } from '@mp/api/config';\nexport {};\n";
    expect(await restrictedImports('api-contract/src/planted.schema.ts', code)).toHaveLength(1);
  });
});
