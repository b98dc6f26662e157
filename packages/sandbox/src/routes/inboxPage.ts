import { escapeHtml } from '../html/escapeHtml.js';
import type { InboxMessage } from '../services/inbox/inbox.js';

/** The inbox as a small page (no scripts; it reloads itself every 5 s). Everything is escaped. */
export function renderInboxPage(messages: readonly InboxMessage[], to: string | undefined): string {
  const rows = messages
    .map(
      (message) => `
      <article>
        <header><strong>${escapeHtml(message.subject)}</strong></header>
        <p class="meta">${escapeHtml(message.channel)} to ${escapeHtml(message.to)} · <time>${escapeHtml(message.sentAt)}</time></p>
        ${message.code ? `<p class="code">${escapeHtml(message.code)}</p>` : ''}
        <p>${escapeHtml(message.text)}</p>
      </article>`,
    )
    .join('');
  const title = to ? `Inbox of ${escapeHtml(to)}` : 'Sandbox inbox';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="refresh" content="5">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; max-width: 42rem; margin: 2rem auto; padding: 0 1rem; color: #1f2937; }
  article { border: 1px solid #e5e7eb; border-radius: 8px; padding: 0.75rem 1rem; margin: 0.75rem 0; }
  .meta { color: #6b7280; font-size: 13px; margin: 0.25rem 0; }
  .code { font: 600 28px/1.2 ui-monospace, monospace; letter-spacing: 0.2em; margin: 0.5rem 0; }
</style>
</head>
<body>
<h1>${title}</h1>
${rows || '<p>No messages yet.</p>'}
</body>
</html>
`;
}
