import { createServer } from 'node:net';
import PDFDocument from 'pdfkit';

/** A real one-page PDF, as an uploaded contract would be. */
export function createContractPdf(title = 'Konsultavtal'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(18).text(title).moveDown().fontSize(11).text('Uppdrag, arvode och villkor.');
    doc.end();
  });
}

/** A free loopback port, so an app can know its own URL (for webhooks) before it listens. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The signing simulator's control API (started by `npm run services`). */
export const SIGNING_SIMULATOR_URL = process.env.SIGNING_SIMULATOR_URL ?? 'http://127.0.0.1:8445';

export interface SimulatedOrder {
  id: string;
  reference: string;
  status: string;
  signer: { email: string | null; byNationalIdentityNumber: boolean };
  deliveries: { eventId: string; httpStatus: number | null; error: string | null }[];
}

export async function findSimulatedOrder(reference: string): Promise<SimulatedOrder> {
  const response = await fetch(
    `${SIGNING_SIMULATOR_URL}/sim/orders?reference=${encodeURIComponent(reference)}`,
  );
  const { orders } = (await response.json()) as { orders: SimulatedOrder[] };
  const order = orders[0];
  if (!order) throw new Error(`no simulated signing order for ${reference}`);
  return order;
}

/** Plays the signer (sign, decline, expire) or replays the last webhook (redeliver). */
export async function controlSimulatedOrder(
  orderId: string,
  action: 'sign' | 'decline' | 'expire' | 'redeliver',
): Promise<{ order: SimulatedOrder; delivery: { httpStatus: number | null; error: string | null } }> {
  const response = await fetch(`${SIGNING_SIMULATOR_URL}/sim/orders/${orderId}/${action}`, {
    method: 'POST',
  });
  if (!response.ok) throw new Error(`simulator ${action}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as never;
}
