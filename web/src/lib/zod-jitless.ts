import { z } from 'zod';

// zod compiles object parsers with `new Function` when it may; under our Content-Security-Policy (no
// 'unsafe-eval') even its probe for that is reported as a violation. Imported first by main.tsx, before any
// schema parses.
z.config({ jitless: true });
