/**
 * Every query of the signed-in visitor's own application (status, ID number, visit days, ticket,
 * admissions) starts with this key, whichever feature owns it: a change to the application
 * invalidates them all.
 */
export const OWN_APPLICATION_KEY = ['audience', 'own'] as const;
