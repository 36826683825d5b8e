/** What every service check reports: one line of `npm run services:status`. */
export interface ServiceStatus {
  name: 'postgres' | 'redis' | 'elasticsearch' | 'smtp' | 'bankid' | 'signing' | 'cards';
  up: boolean;
  version?: string;
  url: string;
  detail?: string;
}

export function formatStatus(s: ServiceStatus): string {
  const state = s.up ? 'up  ' : 'DOWN';
  const version = s.version ? ` ${s.version}` : '';
  const detail = s.detail ? ` (${s.detail})` : '';
  return `${s.name.padEnd(13)} ${state} ${s.url}${version ? ` version${version}` : ''}${detail}`;
}
