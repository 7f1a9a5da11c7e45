import { button, composeMail, greeting, paragraph, type MailContent } from './mail-layout.js';

export interface LoginLinkMailParams {
  userName: string;
  accountName: string;
  loginUrl: string;
  /** An invitation says who the user now is in the account; a sign-in link asked for says it was asked for. */
  invitation?: { role: string };
}

/** The console's sign-in link (docs/api/people.md): single use, valid 15 minutes. */
export const loginLinkMail = (params: LoginLinkMailParams): MailContent =>
  composeMail(params.invitation ? `You have been added to ${params.accountName} on Countersign` : 'Your Countersign sign-in link', [
    greeting(params.userName),
    paragraph(
      params.invitation
        ? `You are now a user of ${params.accountName} on Countersign, as ${params.invitation.role}. Sign in to its console with this link.`
        : `Someone, hopefully you, asked to sign in to the Countersign console of ${params.accountName}.`,
    ),
    button('Sign in to Countersign', params.loginUrl),
    paragraph(
      'The link works once, for 15 minutes. If it has run out, ask for a new one on the sign-in page. ' +
        'If you did not ask for it, ignore this mail: nobody can sign in without the link.',
    ),
  ]);
