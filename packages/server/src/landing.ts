/**
 * The page the server shows in place of the web page when the page is not built (or no
 * directory was given for it): it says how to build it, and where the JSON API answers
 * meanwhile, so nobody opening the printed address meets a blank or an obscure error.
 */

/** The page; `base` is the API prefix (`/api/v1`), `root` where the build was looked for. */
export function notBuiltPage(base: string, root: string | undefined): string {
  const where =
    root === undefined
      ? '<p>This server was started without a directory for the web page.</p>'
      : `<p>The web page is not built: there is no <code>index.html</code> in <code>${escapeHtml(root)}</code>.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Arbiter: the web page is not built</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
  code, pre { background: #f3f3f3; padding: 0 .2rem; }
</style>
</head>
<body>
<h1>Arbiter</h1>
${where}
<p>Build it from the repository, then reload this page:</p>
<pre>npm install &amp;&amp; npm run build</pre>
<p>(<code>npm start</code> builds it too.) Meanwhile the JSON API answers under
<code>${base}</code>, described by <a href="${base}/openapi.json">${base}/openapi.json</a>.</p>
</body>
</html>
`;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
