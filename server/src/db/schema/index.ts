// The one place that gathers every table for Drizzle's typed client and drizzle-kit.
export * from './accounts';
export * from './audience';
export * from './project';
export * from './platform';
export * from './media';
