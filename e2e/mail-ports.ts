/**
 * The browser tests' mail sink (e2e/mail-sink.ts): its SMTP port, which the app server mails to,
 * and its HTTP port, which lists what it received. Both follow E2E_PORT, so two runs at once
 * (scripts/test.ts runs the halves on E2E_PORT and E2E_PORT + 1) have sinks of their own; far
 * enough above it (and below the system's ephemeral ports) not to meet another run's app server.
 */
const e2ePort = Number(process.env.E2E_PORT ?? 8180);

export const MAIL_SINK_SMTP_PORT = e2ePort + 20_000;
export const MAIL_SINK_HTTP_PORT = e2ePort + 21_000;
/** Where the received mails are listed, as JSON. */
export const MAIL_SINK_URL = `http://127.0.0.1:${MAIL_SINK_HTTP_PORT}/mails`;
