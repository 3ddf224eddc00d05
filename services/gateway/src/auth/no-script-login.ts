/** Where the served sign-in form posts when JavaScript has not taken it over. */
export const NO_SCRIPT_LOGIN_PATH = '/api/auth/login/no-script';

export const NO_SCRIPT_LOGIN_MESSAGE =
  'Signing in needs JavaScript, which is turned off or blocked in this browser, or the page had not finished loading. Turn JavaScript on, go back to the sign-in page and try again.';

/**
 * The page that answers the sign-in form posted without JavaScript. It reads nothing from the
 * request (the gateway parses only JSON bodies, so the form's fields are never even read) and
 * signs nobody in: the password went in a POST body, never in a URL, and stops here.
 */
export function noScriptLoginPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Admin sign-in needs JavaScript | HandCheck</title>
</head>
<body>
<main>
<h1>Admin sign-in needs JavaScript</h1>
<p>${NO_SCRIPT_LOGIN_MESSAGE}</p>
<p><a href="/admin/login">Back to the sign-in page</a></p>
</main>
</body>
</html>
`;
}
