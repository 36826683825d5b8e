import { z } from 'zod';

// BankID helpers on the API host; starting and collecting an order are the auth host's (auth.schema.ts).

const orderRefSchema = z.string().min(1).max(100);

/** POST /api/bankid/cancel */
export const cancelBankIdBodySchema = z.object({ orderRef: orderRefSchema });
export const bankIdCancelledSchema = z.object({ cancelled: z.boolean() });

/** GET /api/bankid/qr/{orderRef} */
export const bankIdQrParamsSchema = z.object({ orderRef: orderRefSchema });
export const bankIdQrSchema = z.object({ qrData: z.string(), seconds: z.number().int() });
export type BankIdQr = z.output<typeof bankIdQrSchema>;
