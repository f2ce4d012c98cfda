/** The locale namespaces the application screen renders (its route loads them with its code: app/routes/application-route.tsx). */
export const APPLICATION_SCREEN_NAMESPACES = ['application', 'photo', 'errors', 'common'] as const;
