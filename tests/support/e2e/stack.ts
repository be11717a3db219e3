import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startAppServer, type AppServer, type DatabaseChoice } from './app-server.ts';
import { FAILURE_DIR, launchChromium, openPage, type PageOptions } from './browser.ts';
import { startOidcServer, type OidcServer } from './oidc-server.ts';
import { startSmtpServer, type SmtpServer } from './smtp-server.ts';

export interface StackOptions {
  /** Start the OpenID Connect provider and configure the app with it. */
  oidc?: boolean;
  /** Start the SMTP server and point the app's SMTP_URL at it. */
  smtp?: boolean;
  database?: DatabaseChoice;
  env?: Record<string, string>;
}

export interface Stack {
  readonly app: AppServer;
  readonly oidc: OidcServer;
  readonly smtp: SmtpServer;
  readonly browser: Browser;
  /** A fresh context and page; closed after the test (a screenshot is kept when the test failed). */
  newPage(options?: PageOptions): Promise<Page>;
}

/**
 * One test file's world: the real app on its own port and database, the outside services it needs, and
 * Debian's Chromium. Registers the file's hooks; read the fields inside tests only.
 */
export function useE2eStack(options: StackOptions = {}): Stack {
  let app: AppServer | undefined;
  let oidc: OidcServer | undefined;
  let smtp: SmtpServer | undefined;
  let browser: Browser | undefined;
  let contexts: { context: BrowserContext; page: Page; problems: string[] }[] = [];

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not part of this file's stack (or beforeAll failed)`);
    return value;
  };

  beforeAll(async () => {
    const env: Record<string, string> = {};
    if (options.oidc) {
      oidc = await startOidcServer();
      Object.assign(env, { OIDC_ISSUER: oidc.issuer, OIDC_CLIENT_ID: oidc.clientId, OIDC_CLIENT_SECRET: oidc.clientSecret });
    }
    if (options.smtp) {
      smtp = await startSmtpServer();
      env.SMTP_URL = smtp.url;
    }
    [app, browser] = await Promise.all([
      startAppServer({ env: { ...env, ...options.env }, database: options.database, onUrl: (url) => oidc?.setAppUrl(url) }),
      launchChromium(),
    ]);
  });

  afterEach(async (ctx) => {
    const failed = ctx.task.result?.state === 'fail' || (ctx.task.result?.errors?.length ?? 0) > 0;
    if (failed) {
      mkdirSync(FAILURE_DIR, { recursive: true });
      const slug = ctx.task.name.replace(/[^\w-]+/g, '-').slice(0, 80);
      for (const [i, { page, problems }] of contexts.entries()) {
        if (problems.length > 0) console.error(`--- browser problems (page ${i}) ---\n${problems.slice(-30).join('\n')}`);
        if (page.isClosed()) continue;
        await page.screenshot({ path: join(FAILURE_DIR, `${slug}-${i}.png`), fullPage: true }).catch(() => undefined);
        const body = await page.evaluate(() => document.body?.innerText.trim() ?? '').catch(() => '');
        const staleAssets = problems.some((p) => p.includes('MIME type of "text/html"'));
        if (body === '404 Not Found' || staleAssets) {
          // The server lists dist/web's files once at start-up (@fastify/static, wildcard: false), so a
          // rebuild under a running server leaves it pointing at scripts that no longer exist.
          console.error(
            `${page.url()}: the server has no usable web build. Was dist/web rebuilt while the tests ran ` +
              '(another `vite build`, `npm run build` or `npm start` in this tree)? Run the suite again.',
          );
        }
      }
      if (app) console.error(`--- app output (last 4000 characters) ---\n${app.output().slice(-4000)}`);
    }
    await Promise.all(contexts.map(({ context }) => context.close()));
    contexts = [];
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await oidc?.close();
    await smtp?.close();
  });

  return {
    get app() {
      return need(app, 'the app');
    },
    get oidc() {
      return need(oidc, 'the OIDC provider');
    },
    get smtp() {
      return need(smtp, 'the SMTP server');
    },
    get browser() {
      return need(browser, 'the browser');
    },
    async newPage(pageOptions) {
      const opened = await openPage(need(browser, 'the browser'), need(app, 'the app').url, pageOptions);
      // What the browser saw go wrong, printed only if the test fails: script errors, console errors, failed loads.
      const problems: string[] = [];
      opened.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      opened.page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
      });
      opened.page.on('response', (response) => {
        if (response.status() >= 400) problems.push(`${response.status()} ${response.request().method()} ${response.url()}`);
      });
      opened.page.on('requestfailed', (request) => problems.push(`failed ${request.method()} ${request.url()}: ${request.failure()?.errorText ?? ''}`));
      contexts.push({ ...opened, problems });
      return opened.page;
    },
  };
}
