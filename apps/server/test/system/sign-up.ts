/**
 * A client signs up with a server process as a person would: asks for the account, then opens the link from the mail
 * the process printed (the log mail transport, outside production, prints each mail with its links).
 */
export async function signUpClient(base: string, output: () => string, account: { name: string; email: string; password: string }) {
  const asked = await fetch(`${base}/api/auth/signup/client`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (asked.status !== 202) throw new Error(`sign-up: ${asked.status} ${await asked.text()}`);
  const until = Date.now() + 60_000;
  let token: string | undefined;
  while (!(token = linkToken(output(), account.email))) {
    if (Date.now() > until) throw new Error(`no sign-up mail to ${account.email} in:\n${output().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const confirmed = await fetch(`${base}/api/auth/signup/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (confirmed.status !== 201) throw new Error(`sign-up confirmation: ${confirmed.status} ${await confirmed.text()}`);
  return (await confirmed.json()) as { token: string; user: { id: string; email: string } };
}

function linkToken(output: string, email: string): string | undefined {
  const at = output.lastIndexOf(`--- mail to ${email}:`);
  if (at < 0) return undefined;
  return /\/confirm-signup\?token=([A-Za-z0-9_%-]+)/.exec(output.slice(at))?.[1];
}
