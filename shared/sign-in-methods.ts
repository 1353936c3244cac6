/**
 * How an account signed in (docs/product.md §2.5, §4): with its password, by an emailed link, or with the
 * college's account (OpenID Connect: Google Workspace or Microsoft Entra ID).
 */
export const SIGN_IN_METHODS = ['password', 'link', 'college'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];
