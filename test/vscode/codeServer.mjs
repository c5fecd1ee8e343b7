// Starts code-server (a real VS Code 1.100 served to a browser, with a real Node extension
// host) from .tools/code-server, and opens it in Debian's Chromium through playwright-core.
// Shared by scripts/test-vscode.mjs (extension-host tests) and scripts/test-ui.mjs (UI test).
// Recipe: ../shared/guides/real-vscode-offline.md
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const codeServerBin = path.join(process.env.SUMLENS_CODE_SERVER_DIR || path.join(root, '.tools/code-server'), 'node_modules/.bin/code-server');

/**
 * The shared human-scored sets beside this repository, which the tests name explicitly
 * (SUMLENS_DATASETS or the sumlens.datasetsFolder setting): SumLens has no such default.
 */
export const sharedDatasetsFolder = process.env.SUMLENS_DATASETS || path.join(root, '..', 'shared', 'datasets');

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A fresh temp dir holding user data (with the given user settings) and extensions. */
export function makeProfile(userSettings) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-vscode-'));
  fs.mkdirSync(path.join(dir, 'data/User'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'ext'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'data/User/settings.json'),
    JSON.stringify(
      {
        'workbench.startupEditor': 'none',
        'workbench.tips.enabled': false,
        'telemetry.telemetryLevel': 'off',
        'update.mode': 'none',
        'extensions.autoCheckUpdates': false,
        'extensions.autoUpdate': false,
        'workbench.enableExperiments': false,
        'chat.disableAIFeatures': true,
        ...userSettings,
      },
      null,
      2,
    ),
  );
  return dir;
}

/** Copies a fixture folder into a temp workspace so that tests may write into it. */
export function copyWorkspace(fixture) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-ws-'));
  fs.cpSync(fixture, dir, { recursive: true });
  return dir;
}

/** Installs a packaged extension into the profile's extensions dir (as a user would). */
export function installVsix(profile, vsix) {
  execFileSync(codeServerBin, ['--user-data-dir', path.join(profile, 'data'), '--extensions-dir', path.join(profile, 'ext'), '--install-extension', vsix], {
    stdio: 'pipe',
  });
}

function waitForPort(port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.end();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`code-server did not listen on ${port}`));
        else setTimeout(attempt, 200);
      });
    };
    attempt();
  });
}

/**
/**
 * Makes `locale` VS Code's display language offline. code-server takes `--locale ja`, but
 * without a language pack for it the workbench falls back to English as its language, and so
 * do the extensions. A stub pack in the profile's languagepacks.json, translating nothing,
 * makes the language `locale`: VS Code's own words stay English (each falls back to its
 * default), while an extension's package.nls.<locale>.json and l10n bundle are used.
 */
function stubLanguagePack(profile, locale) {
  const translations = path.join(profile, 'data', `stub-language-pack.${locale}.i18n.json`);
  fs.writeFileSync(translations, JSON.stringify({ contents: {} }));
  const extensions = [{ extensionIdentifier: { id: `sumlens-test.stub-${locale}` }, version: '0.0.0' }];
  const packs = { [locale]: { hash: `stub-${locale}`, extensions, translations: { vscode: translations }, label: locale } };
  fs.writeFileSync(path.join(profile, 'data', 'languagepacks.json'), JSON.stringify(packs));
}

/**
 * Starts code-server for `folder`. `trust: false` passes --disable-workspace-trust;
 * `env` is added to the environment the extension host inherits; `locale` (e.g. 'ja') is
 * VS Code's display language (see stubLanguagePack).
 */
export async function startCodeServer({ folder, profile, trust = false, env = {}, log, locale }) {
  if (!fs.existsSync(codeServerBin)) {
    throw new Error(`code-server is not installed at ${codeServerBin}; run: bash scripts/setup-vscode.sh`);
  }
  if (locale) stubLanguagePack(profile, locale);
  const port = await freePort();
  const args = [
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--user-data-dir',
    path.join(profile, 'data'),
    '--extensions-dir',
    path.join(profile, 'ext'),
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-getting-started-override',
    ...(trust ? [] : ['--disable-workspace-trust']),
    ...(locale ? ['--locale', locale] : []),
    folder,
  ];
  const child = spawn(codeServerBin, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const logStream = log ? fs.createWriteStream(log) : null;
  child.stdout.on('data', (d) => logStream?.write(d));
  child.stderr.on('data', (d) => logStream?.write(d));
  await waitForPort(port, 30_000);
  const remote = (p) => `vscode-remote://127.0.0.1:${port}${p}`;
  return {
    port,
    /** The workbench URL, optionally loading an extension from source and a test runner. */
    url({ developmentPath, testsPath } = {}) {
      const payload = [];
      if (developmentPath) payload.push(['extensionDevelopmentPath', remote(developmentPath)]);
      if (testsPath) payload.push(['extensionTestsPath', remote(testsPath)]);
      let url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(folder)}`;
      if (payload.length) url += `&payload=${encodeURIComponent(JSON.stringify(payload))}`;
      return url;
    },
    async stop() {
      if (child.exitCode === null) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          /* already gone */
        }
      }
      logStream?.end();
    },
  };
}

export async function launchChromium({ headless = true, viewport = { width: 1400, height: 900 } } = {}) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.SUMLENS_CHROMIUM ?? '/usr/bin/chromium',
    headless,
    args: chromiumArgs,
  });
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  return { browser, page };
}
