import type { activationCodes } from './activation-code.tables';

export type ActivationCodeModel = typeof activationCodes.$inferSelect;
export type ActivationCodeStatus = ActivationCodeModel['status'];
export type { ActivationCodeConditions } from './activation-code.repository';
