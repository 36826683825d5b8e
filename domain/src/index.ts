// The public API of @mp/domain: validation rules, messages, business constants and value lists shared by the
// API, the indexer and the web app. Pure TypeScript and zod only, so it bundles into the browser.
export * from './billing';
export * from './calendar-date';
export * from './companies';
export * from './constants';
export * from './locale';
export * from './messages';
export * from './personal-identity-number';
export * from './uploads';
export * from './validation';
export * from './value-lists';
export * from './vat-number';
export * from './profile-completion';
