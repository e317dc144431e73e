/**
 * The page at `/`: someone who opens the printed address in a browser should learn what answers
 * there and see the games, without a front-end build; so it is one static HTML string whose small
 * script reads the same public API any client would.
 */

/** The landing page; `base` is the API prefix (`/api/v1`). */
export function landingPage(base: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Arbiter</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
  h1 { margin-bottom: 0; }
  .sub { margin-top: 0; color: #555; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .25rem .5rem; border-bottom: 1px solid #ddd; }
  code { background: #f3f3f3; padding: 0 .2rem; }
</style>
</head>
<body>
<h1>Arbiter</h1>
<p class="sub">An automated gamesmaster for Diplomacy and its variants.</p>
<p>This server speaks a JSON API under <code>${base}</code>. It is described by an OpenAPI 3.1
document: <a href="${base}/openapi.json">${base}/openapi.json</a>. Errors are
<code>application/problem+json</code> with a stable <code>code</code>
(<a href="${base}/problems">the list of codes</a>).</p>
<p>To play: register with <code>POST ${base}/accounts</code>, send the token you get back as
<code>Authorization: Bearer &lt;token&gt;</code>, then create or join a game.</p>
<h2>Games</h2>
<p id="status">Loading the games&hellip;</p>
<table id="games" hidden>
<thead><tr><th>Name</th><th>Variant</th><th>Status</th><th>Created</th></tr></thead>
<tbody></tbody>
</table>
<script>
(async () => {
  const status = document.getElementById('status');
  const table = document.getElementById('games');
  try {
    const res = await fetch('${base}/games');
    if (!res.ok) throw new Error(res.status + ' ' + res.statusText);
    const { games } = await res.json();
    if (games.length === 0) { status.textContent = 'No games yet.'; return; }
    const body = table.querySelector('tbody');
    for (const g of games) {
      const row = document.createElement('tr');
      const created = new Date(g.createdAt).toLocaleString();
      for (const text of [g.name, g.variant, g.paused ? g.status + ' (paused)' : g.status, created]) {
        const cell = document.createElement('td');
        cell.textContent = String(text);
        row.appendChild(cell);
      }
      const link = document.createElement('a');
      link.href = '${base}/games/' + encodeURIComponent(g.id);
      link.textContent = g.name;
      row.firstChild.textContent = '';
      row.firstChild.appendChild(link);
      body.appendChild(row);
    }
    status.hidden = true;
    table.hidden = false;
  } catch (e) {
    status.textContent = 'Could not load the games: ' + e.message;
  }
})();
</script>
</body>
</html>
`;
}
