/**
 * The market a page, an API call or a console preview gets when its URL names none: Indonesia, the product's
 * first market. Written once so the server's page router, the app's boot, the sandbox and the console cannot
 * disagree about which market a bare link opens.
 */
export const DEFAULT_MARKET = 'ID';
