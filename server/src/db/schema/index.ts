// Every table, for Drizzle's typed client and drizzle-kit. Each module owns its tables (docs/architecture.md);
// this list is the one place that gathers them: a new module adds one line.
export * from '../../modules/account/account.tables';
export * from '../../modules/exhibitor/exhibitor.tables';
export * from '../../modules/show/show.tables';
export * from '../../modules/activation-code/activation-code.tables';
export * from '../../modules/media/media.tables';
export * from '../../modules/application/application.tables';
export * from '../../modules/ticket/ticket.tables';
export * from '../../modules/audit/audit.tables';
export * from '../../modules/messaging/notice.tables';
export * from '../../modules/messaging/dev-outbox.tables';
export * from '../../modules/catalog/catalog.tables';
export * from '../../modules/product/product.tables';
export * from '../../modules/banner/banner.tables';
export * from './platform';
export * from '../../modules/badge/badge.tables';
export * from '../../modules/entrance/entrance.tables';
export * from '../../modules/badge-print/badge-print.tables';
