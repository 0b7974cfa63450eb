/**
 * `npm run deploy -- --stage <name> [-c key=value …] [cdk deploy options]`: builds the web app, deploys
 * every stack of the stage (`VayaDia-<name>`, and the us-east-1 ones its options add) with
 * `-c stage=<name>`, then prints the site's URL and what to do next. Without `--stage` the stage is
 * `dev`. Everything else is handed to `cdk deploy` as given. (`npm run destroy -- --stage <name>` is the
 * same for `cdk destroy`.)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { DEFAULT_STAGE, stackNames } from '../app';

export type CdkRun = { stage: string; command: 'deploy' | 'destroy'; args: string[]; outputsFile: string };

/** The `cdk` arguments for a stage, from this script's own (`--stage x` or `--stage=x`, the rest passed on). */
export function cdkRun(command: CdkRun['command'], argv: readonly string[]): CdkRun {
  let stage = DEFAULT_STAGE;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--stage') {
      const value = argv[++i];
      if (value === undefined) throw new Error('--stage needs a name: --stage staging');
      stage = value;
    } else if (arg.startsWith('--stage=')) stage = arg.slice('--stage='.length);
    else if (/^stage=/.test(arg) || (arg === '-c' && argv[i + 1]?.startsWith('stage='))) {
      throw new Error('Give the stage as --stage <name>, not -c stage=…');
    } else rest.push(arg);
  }
  const outputsFile = `cdk.out/outputs-${stage}.json`;
  return {
    stage,
    command,
    outputsFile,
    args: [command, '--all', '-c', `stage=${stage}`, ...(command === 'deploy' ? ['--outputs-file', outputsFile] : []), ...rest],
  };
}

/** What the operator reads after a deploy: the site, then the steps that remain. */
export function nextSteps(stage: string, outputs: Record<string, Record<string, string>>): string {
  const site = outputs[stackNames(stage).site] ?? {};
  return [
    `Vaya día (${stage}) está desplegado: ${site.SiteUrl ?? '(no SiteUrl output: see the stack in the CloudFormation console)'}`,
    '',
    'Next:',
    `  1. npm run smoke -- ${site.SiteUrl ?? '<site URL>'}        the site answers, live included (docs/deploy-and-operate.md, "Smoke test")`,
    `  2. ${site.MailSender ?? ''}`.trimEnd(),
    '  3. A moderator: aws cognito-idp admin-add-user-to-group --user-pool-id ' +
      `${site.UserPoolId ?? '<UserPoolId>'} --group-name moderadores --username <their email>`,
    `  4. Alarms: ${site.AlarmTopicArn ?? 'the AlarmTopicArn output'} (subscribe an address with -c alarmEmail=… if you have not)`,
  ]
    .filter((line) => !/^\s+2\.\s*$/.test(line))
    .join('\n');
}

function main(command: CdkRun['command']) {
  const run = cdkRun(command, process.argv.slice(2));
  const step = (program: string, args: string[]) => {
    console.log(`> ${program} ${args.join(' ')}`);
    const result = spawnSync(program, args, { stdio: 'inherit', shell: process.platform === 'win32' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  };
  step('npm', ['run', 'build']);
  step('npx', ['cdk', ...run.args]);
  if (command === 'deploy' && existsSync(run.outputsFile)) {
    console.log(`\n${nextSteps(run.stage, JSON.parse(readFileSync(run.outputsFile, 'utf8')) as Record<string, Record<string, string>>)}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.env.npm_lifecycle_event === 'destroy' ? 'destroy' : 'deploy');
}
