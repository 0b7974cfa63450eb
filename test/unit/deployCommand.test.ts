/** `npm run deploy -- --stage <name>`: what it hands `cdk`, and what it tells the operator afterwards. */
import { describe, expect, it } from 'vitest';
import { cdkRun, nextSteps } from '../../infra/tools/deploy';

describe('npm run deploy', () => {
  it('deploys every stack of the stage with its context, the other arguments passed on', () => {
    expect(cdkRun('deploy', ['--stage', 'staging', '-c', 'waf=true', '--require-approval', 'never'])).toEqual({
      stage: 'staging',
      command: 'deploy',
      outputsFile: 'cdk.out/outputs-staging.json',
      args: [
        'deploy',
        '--all',
        '-c',
        'stage=staging',
        '--outputs-file',
        'cdk.out/outputs-staging.json',
        '-c',
        'waf=true',
        '--require-approval',
        'never',
      ],
    });
    expect(cdkRun('deploy', ['--stage=prod']).args.slice(0, 4)).toEqual(['deploy', '--all', '-c', 'stage=prod']);
    expect(cdkRun('destroy', []).args).toEqual(['destroy', '--all', '-c', 'stage=dev']);
  });

  it('refuses a stage given any other way, or none after --stage', () => {
    expect(() => cdkRun('deploy', ['-c', 'stage=prod'])).toThrow(/--stage <name>/);
    expect(() => cdkRun('deploy', ['--stage'])).toThrow(/needs a name/);
  });

  it('prints the site URL and the next steps from the stage’s outputs', () => {
    const text = nextSteps('prod', {
      'VayaDia-prod': {
        SiteUrl: 'https://vayadia.es/',
        MailSender: 'SES from no-responde@vayadia.es',
        UserPoolId: 'eu-west-1_abc',
        AlarmTopicArn: 'arn:aws:sns:eu-west-1:1:alarms',
      },
    });
    expect(text).toContain('Vaya día (prod) está desplegado: https://vayadia.es/');
    expect(text).toContain('npm run smoke -- https://vayadia.es/');
    expect(text).toContain('--user-pool-id eu-west-1_abc --group-name moderadores');
    expect(nextSteps('dev', {})).toContain('no SiteUrl output');
  });
});
