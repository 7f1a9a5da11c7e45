/** Small pages of fixed text (nothing from the request is echoed), styled by nothing: the strict page CSP holds. */
const page = (title: string, body: string, head = ''): string => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${head}<title>${title} · Countersign</title></head>
<body>
<main>
<h1>${title}</h1>
${body}
</main>
</body>
</html>
`;

/**
 * After the callback: the browser continues to the console from this page, a navigation of the
 * console's own site, so the SameSite=Strict session cookie set with it is sent (after the
 * provider's cross-site redirect chain it would not be).
 */
export const signedInPage = (): string =>
  page('Signed in', '<p><a href="/">Continue to Countersign</a></p>', '<meta http-equiv="refresh" content="0; url=/">');

/** `sso/start` for an address no account's single sign-on holds, as a browser sees it. */
export const notConfiguredPage = (): string =>
  page(
    'Single sign-on is not set up for this address',
    '<p>No organisation signs in addresses of this domain with single sign-on.</p>\n<p><a href="/">Sign in another way</a>, or ask your Countersign administrator.</p>',
  );
