import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';

// Helpers of the profile browser tests: a picture to upload, and calls that put a profile in a known state.

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
}

/** A small RGB PNG (a diagonal gradient with a dark disc), made here so no binary fixture is committed. */
export function createPng(width = 96, height = 72): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const inDisc = (x - width / 2) ** 2 + (y - height / 2) ** 2 < (height / 4) ** 2;
      row[1 + x * 3] = inDisc ? 29 : Math.round((x / width) * 200) + 40;
      row[2 + x * 3] = inDisc ? 78 : Math.round((y / height) * 160) + 60;
      row[3 + x * 3] = inDisc ? 111 : 180;
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** `PUT /api/profile` as the consultant: a whole profile for tests that do not fill it in through the UI. */
export async function putProfile(
  baseUrl: string,
  token: string,
  body: Record<string, unknown>,
): Promise<{ userId: string; experiences: { id: string }[] }> {
  const response = await fetch(`${baseUrl}/api/profile`, {
    method: 'PUT',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`PUT /api/profile: ${response.status} ${await response.text()}`);
  return (await response.json()) as { userId: string; experiences: { id: string }[] };
}

/** Types into a vocabulary input and picks the suggestion whose text is `label`. */
export async function pickSuggestion(
  page: Page,
  inputTestId: string,
  typed: string,
  label: string,
): Promise<void> {
  const input = page.getByTestId(inputTestId);
  await input.fill(typed);
  await page.getByRole('option', { name: label, exact: true }).click();
}

/** Chooses `label` in the MUI select whose display element has `testId` (the `nth` one on the page). */
export async function chooseInSelect(page: Page, testId: string, label: string, nth = 0): Promise<void> {
  await page.getByTestId(testId).nth(nth).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}
