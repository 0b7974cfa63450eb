import { CfnOutput } from 'aws-cdk-lib';
import type * as route53 from 'aws-cdk-lib/aws-route53';
import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

/**
 * The bounce and complaint rates past which SES reviews an account (5 % and 0.1 %, its published
 * limits): the alarms fire below them, so the operator hears before SES stops the sending.
 */
export const MAIL_ALARM_RATES = { bounce: 0.04, complaint: 0.0008 } as const;

export interface MailProps {
  readonly stage: string;
  /** The address the codes come from: `no-responde@vayadia.es`. Its domain becomes an SES identity. */
  readonly fromAddress: string;
  /**
   * The Route 53 zone of that domain, when it is the site's: SES's DKIM records are written into it.
   * @default - none: the stack outputs the three DKIM records for the operator's DNS
   */
  readonly zone?: route53.IPublicHostedZone;
}

/**
 * E-mail through Amazon SES instead of Cognito's default sender (50 a day): the sending domain as an
 * SES identity signed with Easy DKIM, and a configuration set whose reputation metrics (bounce and
 * complaint rates) the monitoring watches. Leaving SES's sandbox (sending to any address) is an
 * account request, docs/deploy-and-operate.md, "E-mail".
 */
export class Mail extends Construct {
  public readonly identity: ses.EmailIdentity;
  public readonly configurationSet: ses.ConfigurationSet;
  /** The identity's domain, which Cognito names as the verified sender. */
  public readonly domain: string;
  public readonly fromAddress: string;

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    this.fromAddress = props.fromAddress;
    this.domain = props.fromAddress.slice(props.fromAddress.indexOf('@') + 1);
    this.configurationSet = new ses.ConfigurationSet(this, 'Sending', {
      configurationSetName: `vaya-dia-${props.stage}`,
      reputationMetrics: true,
    });
    const zone = props.zone?.zoneName === this.domain ? props.zone : undefined;
    this.identity = new ses.EmailIdentity(this, 'Domain', {
      identity: zone ? ses.Identity.publicHostedZone(zone) : ses.Identity.domain(this.domain),
      configurationSet: this.configurationSet,
    });
    if (!zone) {
      this.identity.dkimRecords.forEach((record, index) => {
        new CfnOutput(this, `DkimRecord${index + 1}`, {
          value: `${record.name} CNAME ${record.value}`,
          description: `DNS record ${index + 1} of 3 for SES to sign ${this.domain}'s mail (add it where ${this.domain} is hosted)`,
        });
      });
    }
  }
}
