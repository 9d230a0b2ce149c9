// DAISY Ace over many books in one Node process and one Chromium: Node's start, the loading of Ace and the
// browser's launch paid once rather than once a book. Arguments: the temporary folder, then pairs of a book and the
// folder to write its report in. Each book is checked as `ace-puppeteer --silent --force --outdir OUT --tempdir TMP
// BOOK` checks it: the same function of Ace's, with the same options and the same runner, its browser kept open
// between books. Modules are found through NODE_PATH (the node_modules folder Ace is installed in).
'use strict';

const ace = require('@daisy/ace-core');
const logger = require('@daisy/ace-logger');
const runner = require('@daisy/ace-axe-runner-puppeteer');

const once = {
  ...runner,
  launch: async () => { if (!once.open) { await runner.launch(); once.open = true; } },
  close: async () => {},  // kept open for the next book; closed at the end
};

async function main(tmpdir, pairs) {
  logger.initLogger({ verbose: false, silent: true, fileName: 'ace-cli.log' });
  let failed = 0;
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    const options = { cwd: process.cwd(), outdir: pairs[i + 1], tmpdir, verbose: false, silent: true, jobId: '' };
    try {
      await ace(pairs[i], options, once);
    } catch (err) {
      failed += 1;
      console.error(`${pairs[i]}: ${err && err.message ? err.message : err}`);
    }
  }
  if (once.open) await runner.close();
  return failed ? 1 : 0;
}

main(process.argv[2], process.argv.slice(3)).then(code => process.exit(code), err => {
  console.error(err && err.stack ? err.stack : err);
  process.exit(1);
});
