// zod compiles object parsers with `new Function` when it may; under our Content-Security-Policy (no
// 'unsafe-eval') even its probe for that is reported as a violation. zod keeps its global config on
// `globalThis.__zod_globalConfig` (what `z.config()` writes); setting `jitless` there, first thing in main.tsx,
// turns the compiler off without pulling zod into the first script.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;

export {};
