import { z } from 'zod';

const configSchema = z.object({
  DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/marketplace'),
  TEST_DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/marketplace_test'),
});

/** Connection settings of the migrations workspace, parsed from the environment once at import. */
export type MigrationsConfig = Readonly<z.infer<typeof configSchema>>;

function parseConfig(env: NodeJS.ProcessEnv): MigrationsConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    // List every bad variable at once so a broken environment is fixed in one go.
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment for @mp/migrations:\n${problems.join('\n')}`);
  }
  return Object.freeze(parsed.data);
}

/** The parsed, frozen configuration. Nothing else in this workspace reads `process.env`. */
export const config: MigrationsConfig = parseConfig(process.env);
