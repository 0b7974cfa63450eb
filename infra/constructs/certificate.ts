import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as route53 from 'aws-cdk-lib/aws-route53';
import { Construct } from 'constructs';
import { publishToSiteStack } from './usEast1';

/** The site's own domain, from context: the name, and the Route 53 public zone that holds it (no lookup: synth stays offline). */
export interface SiteDomainProps {
  /** `vayadia.es`, or `www.vayadia.es`. */
  readonly domainName: string;
  readonly hostedZoneId: string;
  /** The zone's name: `vayadia.es`. */
  readonly hostedZoneName: string;
  /**
   * Cognito's hosted UI (Google sign-in) on a subdomain of the zone: `auth.vayadia.es`.
   * @default - the Cognito domain `<prefix>.auth.<region>.amazoncognito.com`
   */
  readonly authDomain?: string;
}

/** The SSM parameter (in us-east-1) through which a stage's site stack finds its certificate. */
export const certificateArnParameter = (stage: string) => `/vaya-dia/${stage}/certificate-arn`;

/** The Route 53 zone of the domain, from its id and name (an import: nothing is looked up). */
export function siteZone(scope: Construct, domain: SiteDomainProps): route53.IPublicHostedZone {
  return route53.PublicHostedZone.fromHostedZoneAttributes(scope, 'Zone', {
    hostedZoneId: domain.hostedZoneId,
    zoneName: domain.hostedZoneName,
  });
}

/**
 * The domain's certificate, in us-east-1 where CloudFront and Cognito's custom domains take them,
 * validated by DNS records CloudFormation writes into the zone (the deploy waits for it: minutes).
 * It covers the hosted UI's domain too when there is one. Its ARN goes to the stage's SSM parameter.
 */
export class SiteCertificate extends Construct {
  public readonly certificate: acm.Certificate;

  constructor(scope: Construct, id: string, props: { stage: string; domain: SiteDomainProps }) {
    super(scope, id);
    const { domain } = props;
    this.certificate = new acm.Certificate(this, 'Certificate', {
      domainName: domain.domainName,
      subjectAlternativeNames: domain.authDomain ? [domain.authDomain] : undefined,
      validation: acm.CertificateValidation.fromDns(siteZone(this, domain)),
    });
    publishToSiteStack(
      this,
      'Arn',
      certificateArnParameter(props.stage),
      this.certificate.certificateArn,
      "Vaya día: the certificate of the stage's domain (read by its site stack)",
    );
  }
}
