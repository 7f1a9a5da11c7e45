/**
 * What a signer entry's step asks of its recipient (docs/api/workflows.md): sign; approve (no
 * fields, approves or declines); view (done once every document was fetched); sign in person on
 * an account user's device; witness another signer's signature right after it.
 */
export const SIGNER_ROLES = ['signer', 'approver', 'viewer', 'in_person', 'witness'] as const;

export type SignerRole = (typeof SIGNER_ROLES)[number];

export const isSignerRole = (value: unknown): value is SignerRole => (SIGNER_ROLES as readonly unknown[]).includes(value);

/** Roles whose step carries fields and a signature; approvers and viewers take neither. */
export const signsDocuments = (role: SignerRole): boolean => role === 'signer' || role === 'in_person' || role === 'witness';
